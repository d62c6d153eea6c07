import type { SiteSettings } from '../schemas/site-settings.schema';
import { RenderBlock } from './blocks/registry';
import { Island } from './islands/Island';
import { AlertStack } from './layout/AlertStack';
import { BackToTop } from './layout/BackToTop';
import { CookieBanner } from './layout/CookieBanner';
import { Footer } from './layout/Footer';
import { Header, type HeaderSettings } from './layout/Header';
import { PageContext, PageViewContext, pageViewOf } from './page-context';
import type { PageState } from './page-state';

/** The settings the header island needs, and no more (they travel to the browser as its props). */
export function headerSettings(settings: SiteSettings): HeaderSettings {
  const { siteName, logo, navigation, drawerTitle, constants, breakpoints } = settings;
  return {
    siteName,
    navigation,
    ...(logo !== undefined ? { logo } : {}),
    ...(drawerTitle !== undefined ? { drawerTitle } : {}),
    ...(constants?.stickyHeaderThreshold !== undefined ? { constants: { stickyHeaderThreshold: constants.stickyHeaderThreshold } } : {}),
    ...(breakpoints?.desktopMin !== undefined ? { breakpoints: { desktopMin: breakpoints.desktopMin } } : {}),
  };
}

/**
 * The whole page, rendered on the server only. The interactive parts are islands (renderer/islands):
 * the header, the alerts, back-to-top, the cookie banner and each interactive block; the browser
 * hydrates each on its own, and the rest (footer, static blocks) stays plain HTML.
 */
export function App({ state }: { state: PageState }) {
  const { page, settings } = state;
  const view = pageViewOf(state);
  const backToTopOffset = settings.constants?.backToTopOffset;
  const studio = state.studio;
  const blocks = page.blocks.map((block, i) => {
    if (state.failedBlocks?.includes(i)) return null;
    const rendered = <RenderBlock key={i} block={block} data={state.blockData[i] ?? undefined} index={i} page={view} />;
    // display: contents keeps the page's layout as a visitor gets it.
    return studio?.markBlocks ? (
      <div key={i} data-studio-block={i} style={{ display: 'contents' }}>
        {rendered}
      </div>
    ) : (
      rendered
    );
  });
  if (studio?.blocksOnly) {
    return (
      <PageContext.Provider value={state}>
        <PageViewContext.Provider value={view}>
          <main id="main">{blocks}</main>
        </PageViewContext.Provider>
      </PageContext.Provider>
    );
  }
  return (
    <PageContext.Provider value={state}>
      <PageViewContext.Provider value={view}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Island name="header" id="header" hydrate="load" component={Header} props={{ settings: headerSettings(settings) }} />
        <Island name="alerts" id="alerts" hydrate="load" component={AlertStack} props={{}} />
        <main id="main" tabIndex={-1}>
          {blocks}
        </main>
        <Footer settings={settings} newsletter={state.footerNewsletter} />
        <Island name="back-to-top" id="back-to-top" hydrate="load" component={BackToTop} props={backToTopOffset !== undefined ? { offset: backToTopOffset } : {}} />
        {settings.cookieConsent && !state.consentGiven && (
          <Island name="cookie-banner" id="cookie-banner" hydrate="interaction" component={CookieBanner} props={{ consent: settings.cookieConsent, initiallyAnswered: false }} />
        )}
      </PageViewContext.Provider>
    </PageContext.Provider>
  );
}
