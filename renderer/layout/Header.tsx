import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import type { SiteSettings } from '../../schemas/site-settings.schema';
import { sampleCartCount } from '../blocks/catalog/sample-cart-store';
import { useExternalStore } from '../islands/external-store';
import { DesktopMenu } from './DesktopMenu';
import { headerClassName } from './header-classes';
import { isDesktopSticky, MOBILE_HEADER_CLEAR, nextMobileHeaderState, STICKY_THRESHOLD, type MobileHeaderState } from './header-scroll';
import { DEFAULT_DRAWER_TITLE, MobileDrawer } from './MobileDrawer';

export const DESKTOP_MIN_WIDTH = 1201;

/** Where the header's account link leads (signed out, that page sends the visitor to sign in). */
export const ACCOUNT_PAGE = '/my-account';
/** The localStorage key of renderer/blocks/account/signed-in-hint.ts (a test keeps the two equal). */
export const SIGNED_IN_HINT_KEY = 'showroom:signed-in';

/** Where the header's sample-cart link leads without JavaScript: the cart block of the samples page. */
export const SAMPLES_PAGE = '/order-samples';
export const SAMPLE_CART_ANCHOR = 'sample-cart';

// The cart drawer's code comes when the badge is first reached for (hover, focus, press), never with the page.
const loadCartDrawer = () => import('./SampleCartDrawer');
const SampleCartDrawer = lazy(() => loadCartDrawer().then((m) => ({ default: m.SampleCartDrawer })));

/** A press that asks for a new tab or window keeps the link's own behaviour. */
function opensElsewhere(e: MouseEvent): boolean {
  return e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;
}

/** The part of site.json the header reads (it travels to the browser as the header island's props). */
export type HeaderSettings = Pick<SiteSettings, 'siteName' | 'logo' | 'navigation' | 'drawerTitle'> & {
  constants?: Pick<NonNullable<SiteSettings['constants']>, 'stickyHeaderThreshold'>;
  breakpoints?: Pick<NonNullable<SiteSettings['breakpoints']>, 'desktopMin'>;
};

/**
 * The site header: logo, desktop menu, mobile menu button and drawer, and the scroll behaviour of
 * header-scroll.ts. The first render has no scroll classes (server and client agree); they follow
 * scrolling.
 */
export function Header({ settings }: { settings: HeaderSettings }) {
  const [sticky, setSticky] = useState(false);
  const [mobile, setMobile] = useState<MobileHeaderState>(MOBILE_HEADER_CLEAR);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const samplesRef = useRef<HTMLAnchorElement>(null);
  const threshold = settings.constants?.stickyHeaderThreshold ?? STICKY_THRESHOLD;
  const desktopMin = settings.breakpoints?.desktopMin ?? DESKTOP_MIN_WIDTH;

  useEffect(() => {
    let lastY = window.scrollY;
    let mobileState = MOBILE_HEADER_CLEAR;
    const onScroll = () => {
      const y = window.scrollY;
      if (window.innerWidth >= desktopMin) {
        setSticky(isDesktopSticky(y, threshold));
        if (mobileState !== MOBILE_HEADER_CLEAR) setMobile((mobileState = MOBILE_HEADER_CLEAR));
      } else {
        setSticky(false);
        const next = nextMobileHeaderState(mobileState, lastY, y, headerRef.current?.offsetHeight ?? 0);
        if (next.show !== mobileState.show || next.scrollingDown !== mobileState.scrollingDown) setMobile((mobileState = next));
        else mobileState = next;
      }
      lastY = y;
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold, desktopMin]);

  // The sample cart lives in the browser: the server renders no count, the island shows it once live.
  const samples = useExternalStore(sampleCartCount);
  // The session cookie is httpOnly: the account pages leave a hint for the link's words (both lead
  // to the account). Read once: signing in and out always loads another page. Inline, not through
  // the account modules, to keep every page's header light (e2e/size-budget.e2e.ts).
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    try {
      setSignedIn(localStorage.getItem(SIGNED_IN_HINT_KEY) === '1');
    } catch {
      // storage blocked: 'Sign in', which leads to the account all the same
    }
  }, []);

  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    menuButtonRef.current?.focus();
  }, []);
  const closeCart = useCallback(() => {
    setCartOpen(false);
    samplesRef.current?.focus();
  }, []);

  return (
    <header className={headerClassName(sticky, mobile)} ref={headerRef}>
      <div className="header__inner">
        <a className="header__logo" href="/">
          {settings.logo && <img src={settings.logo} alt="" width={40} height={40} />}
          <span>{settings.siteName}</span>
        </a>
        <DesktopMenu items={settings.navigation} />
        {/* Stays while the drawer is open, even emptied there, so focus has its badge to return to. */}
        {(samples > 0 || cartOpen) && (
          <a
            className="header__samples"
            href={`${SAMPLES_PAGE}#${SAMPLE_CART_ANCHOR}`}
            aria-label={`Samples ${samples} in your cart`}
            aria-haspopup="dialog"
            aria-expanded={cartOpen}
            ref={samplesRef}
            onPointerEnter={() => void loadCartDrawer()}
            onFocus={() => void loadCartDrawer()}
            onClick={(e) => {
              if (opensElsewhere(e)) return;
              e.preventDefault();
              setCartOpen(true);
            }}
          >
            Samples <span className="header__samples-count">{samples}</span>
          </a>
        )}
        <a className="header__account" href={ACCOUNT_PAGE}>
          {signedIn ? 'My account' : 'Sign in'}
        </a>
        <button
          type="button"
          className="header__menu-button"
          aria-expanded={drawerOpen}
          aria-haspopup="dialog"
          ref={menuButtonRef}
          onClick={() => setDrawerOpen(true)}
        >
          <span className="header__menu-icon" aria-hidden="true" />
          Menu
        </button>
      </div>
      {cartOpen && (
        <Suspense fallback={null}>
          <SampleCartDrawer onClose={closeCart} />
        </Suspense>
      )}
      {drawerOpen && <MobileDrawer title={settings.drawerTitle ?? DEFAULT_DRAWER_TITLE} items={settings.navigation} onClose={closeDrawer} />}
    </header>
  );
}
