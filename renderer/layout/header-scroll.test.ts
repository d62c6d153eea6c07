import { describe, expect, it } from 'vitest';
import { headerClassName } from './header-classes';
import { isDesktopSticky, MOBILE_HEADER_CLEAR, nextMobileHeaderState, showBackToTop } from './header-scroll';

describe('header scroll rules', () => {
  it('sticks on desktop past 200 px and unsticks below', () => {
    expect(isDesktopSticky(200)).toBe(false);
    expect(isDesktopSticky(201)).toBe(true);
    expect(isDesktopSticky(50, 40)).toBe(true);
  });

  it('on mobile: marks while scrolling down, shows on scroll up past its height, clears at the top', () => {
    let s = nextMobileHeaderState(MOBILE_HEADER_CLEAR, 0, 300, 80);
    expect(s).toEqual({ show: false, scrollingDown: true });
    s = nextMobileHeaderState(s, 300, 250, 80);
    expect(s).toEqual({ show: true, scrollingDown: false });
    s = nextMobileHeaderState(s, 250, 260, 80);
    expect(s).toEqual({ show: false, scrollingDown: true });
    // Scrolling up but still within the header's own height does not show it.
    expect(nextMobileHeaderState(MOBILE_HEADER_CLEAR, 70, 60, 80)).toEqual({ show: false, scrollingDown: false });
    expect(nextMobileHeaderState({ show: true, scrollingDown: false }, 40, 0, 80)).toEqual(MOBILE_HEADER_CLEAR);
  });

  it('names the classes of each state', () => {
    expect(headerClassName(false, MOBILE_HEADER_CLEAR)).toBe('header');
    expect(headerClassName(true, MOBILE_HEADER_CLEAR)).toBe('header header--sticky');
    expect(headerClassName(false, { show: true, scrollingDown: false })).toBe('header header--show');
    expect(headerClassName(false, { show: false, scrollingDown: true })).toBe('header header--scrolling-down');
  });

  it('shows back-to-top after 200 px', () => {
    expect(showBackToTop(200)).toBe(false);
    expect(showBackToTop(201)).toBe(true);
  });
});
