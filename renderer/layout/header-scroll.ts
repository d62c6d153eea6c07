/**
 * The header's scroll rules, as pure functions so they are tested without a browser.
 * Desktop: sticky once the page is scrolled past the threshold (default 200 px), not sticky below it.
 * Mobile: once scrolled past the header's own height, scrolling up shows the header; scrolling down
 * marks it (it slides away); at the top everything is cleared.
 */
export const STICKY_THRESHOLD = 200;
export const BACK_TO_TOP_OFFSET = 200;

export function isDesktopSticky(scrollY: number, threshold = STICKY_THRESHOLD): boolean {
  return scrollY > threshold;
}

export interface MobileHeaderState {
  /** Shown (fixed at the top) because the visitor scrolled up past the header's height. */
  show: boolean;
  /** Marked while scrolling down. */
  scrollingDown: boolean;
}

export const MOBILE_HEADER_CLEAR: MobileHeaderState = { show: false, scrollingDown: false };

export function nextMobileHeaderState(prev: MobileHeaderState, lastY: number, y: number, headerHeight: number): MobileHeaderState {
  if (y <= 0) return MOBILE_HEADER_CLEAR;
  if (y > lastY) return { show: false, scrollingDown: true };
  if (y < lastY) return y > headerHeight ? { show: true, scrollingDown: false } : { show: prev.show, scrollingDown: false };
  return prev;
}

export function showBackToTop(scrollY: number, offset = BACK_TO_TOP_OFFSET): boolean {
  return scrollY > offset;
}
