import type { MobileHeaderState } from './header-scroll';

/** The class names the header carries for its scroll state. */
export function headerClassName(desktopSticky: boolean, mobile: MobileHeaderState): string {
  return ['header', desktopSticky && 'header--sticky', mobile.show && 'header--show', mobile.scrollingDown && 'header--scrolling-down']
    .filter(Boolean)
    .join(' ');
}
