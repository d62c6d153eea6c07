import { useEffect } from 'react';
import { Header } from './layout/Header';
import { CookieBanner } from './layout/CookieBanner';
import { RenderBlock } from './blocks/registry';
import type { PageState } from './page-state';

export function App({ state }: { state: PageState }) {
  const { page, settings } = state;
  // Marks the document once React has hydrated it, so tests and scripts can wait for interactivity.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header settings={settings} />
      <main id="main">
        {page.blocks.map((block, i) => (
          <RenderBlock key={i} block={block} />
        ))}
      </main>
      <footer className="footer">
        <p>
          © {settings.siteName}
        </p>
      </footer>
      {settings.cookieConsent && <CookieBanner consent={settings.cookieConsent} initiallyAnswered={state.consentGiven} />}
    </>
  );
}
