import { useEffect } from 'react';
import { promotionalLinkPath, trackPromotionalLink } from './analytics';

/**
 * One delegated click listener for the whole page: a click on a link to a promotional path
 * (/free-kitchen-design, /order-samples, /book-appointment) is pushed to the dataLayer. Renders
 * nothing, so it can sit anywhere (e.g. once in the layout).
 */
export function PromoLinkTracker() {
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.('a[href]');
      if (!link) return;
      const path = promotionalLinkPath(link.getAttribute('href') ?? '', window.location.origin);
      if (path) trackPromotionalLink(path);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
  return null;
}
