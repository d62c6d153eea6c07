import { useEffect } from 'react';
import { RenderBlock } from './blocks/registry';
import { CookieBanner } from './layout/CookieBanner';
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
      <main id="main">
        {page.blocks.map((block, i) => (
          <RenderBlock key={i} block={block} data={state.blockData[i] ?? undefined} />
        ))}
      </main>
      <footer className="footer">
        <p>© {settings.siteName}</p>
      </footer>
      {settings.cookieConsent && <CookieBanner consent={settings.cookieConsent} initiallyAnswered={state.consentGiven} />}
    </PageContext.Provider>
  );
}
