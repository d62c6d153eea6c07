import { useEffect } from 'react';
import { RenderBlock } from './blocks/registry';
import { AlertStack } from './layout/AlertStack';
import { BackToTop } from './layout/BackToTop';
import { CookieBanner } from './layout/CookieBanner';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { PageContext } from './page-context';
import type { PageState } from './page-state';

export function App({ state }: { state: PageState }) {
  const { page, settings } = state;
  // Marks the document once React has hydrated it, so tests and scripts can wait for interactivity.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <PageContext.Provider value={state}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header settings={settings} />
      <AlertStack />
      <main id="main" tabIndex={-1}>
        {page.blocks.map((block, i) =>
          state.failedBlocks?.includes(i) ? null : <RenderBlock key={i} block={block} data={state.blockData[i] ?? undefined} />,
        )}
      </main>
      <Footer settings={settings} />
      <BackToTop offset={settings.constants?.backToTopOffset} />
      {settings.cookieConsent && <CookieBanner consent={settings.cookieConsent} initiallyAnswered={state.consentGiven} />}
    </PageContext.Provider>
  );
}
