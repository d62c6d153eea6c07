import { useEffect, useState } from 'react';
import { BACK_TO_TOP_OFFSET, showBackToTop } from './header-scroll';

/** Shows after 200 px of scrolling; takes the visitor and the keyboard focus back to the top. */
export function BackToTop({ offset = BACK_TO_TOP_OFFSET }: { offset?: number }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(showBackToTop(window.scrollY, offset));
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [offset]);
  if (!visible) return null;
  const toTop = () => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <button type="button" className="back-to-top" aria-label="Back to top" onClick={toTop}>
      <span aria-hidden="true">↑</span>
    </button>
  );
}
