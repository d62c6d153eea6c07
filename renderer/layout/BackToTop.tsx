import { useEffect, useRef, useState } from 'react';
import { BACK_TO_TOP_OFFSET, showBackToTop } from './header-scroll';

/** What the button must never lie over: a field a visitor taps or types in (on a 390 px phone it did). */
const FIELD = 'input:not([type="hidden"]), select, textarea, [contenteditable=""], [contenteditable="true"]';

/** The elements at a point, through the shadow roots of widgets (a checkout element's fields live in one). */
function elementsAt(root: Document | ShadowRoot, x: number, y: number, depth = 0): Element[] {
  const found = root.elementsFromPoint?.(x, y) ?? [];
  if (depth > 3) return found;
  return found.flatMap((el) => (el.shadowRoot && el.shadowRoot !== root ? [el, ...elementsAt(el.shadowRoot, x, y, depth + 1)] : [el]));
}

/** Whether a form field lies under the box: its centre and its corners, a little inside. */
export function coversFormField(box: DOMRect, self: Element, root: Document = document): boolean {
  const inset = 4;
  const points: [number, number][] = [
    [box.left + box.width / 2, box.top + box.height / 2],
    [box.left + inset, box.top + inset],
    [box.right - inset, box.top + inset],
    [box.left + inset, box.bottom - inset],
    [box.right - inset, box.bottom - inset],
  ];
  return points.some(([x, y]) => elementsAt(root, x, y).some((el) => el !== self && !self.contains(el) && el.matches(FIELD)));
}

/**
 * Shows after 200 px of scrolling; takes the visitor and the keyboard focus back to the top. It
 * steps aside (hidden, not focusable, its place kept) while a form field is under it, so it never
 * covers what a visitor is filling in.
 */
export function BackToTop({ offset = BACK_TO_TOP_OFFSET }: { offset?: number }) {
  const [visible, setVisible] = useState(false);
  const [covering, setCovering] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const el = button.current;
        setCovering(el ? coversFormField(el.getBoundingClientRect(), el) : false);
      });
    };
    const onScroll = () => {
      setVisible(showBackToTop(window.scrollY, offset));
      check();
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', check, { passive: true });
    document.addEventListener('focusin', check);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', check);
      document.removeEventListener('focusin', check);
    };
  }, [offset]);
  // Once shown, look under it at once (the scroll that showed it ran before it had a box).
  useEffect(() => {
    const el = button.current;
    if (visible && el) setCovering(coversFormField(el.getBoundingClientRect(), el));
  }, [visible]);
  if (!visible) return null;
  const toTop = () => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <button ref={button} type="button" className="back-to-top" aria-label="Back to top" data-covering={covering ? '' : undefined} onClick={toTop}>
      <span aria-hidden="true">↑</span>
    </button>
  );
}
