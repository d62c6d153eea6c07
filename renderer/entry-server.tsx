/**
 * The server's only door into the renderer: it looks the route up, assembles the page and renders
 * it to HTML. The server wraps the result in a document (head tags, state, scripts).
 */
import { renderToString } from 'react-dom/server';
import type { PageDefinition } from '../schemas/page.schema';
import type { RouteEntry } from '../schemas/routes.schema';
import type { SiteSettings } from '../schemas/site-settings.schema';
import { App } from './App';
import type { PageState } from './page-state';
import { matchRoute } from './routing';
import { hasConsentCookie } from './layout/consent-cookie';

export interface RenderInput {
  /** Path and query of the request. */
  url: string;
  routes: readonly RouteEntry[];
  pages: Readonly<Record<string, PageDefinition>>;
  settings: SiteSettings;
  /** The request's Cookie header: the renderer reads its own consent cookie from it. */
  cookieHeader: string | undefined;
}

export interface RenderResult {
  status: number;
  html: string;
  title: string;
  description: string;
  state: PageState;
}

const FALLBACK_NOT_FOUND: PageDefinition = {
  metadata: { title: 'Page not found', description: 'The page you are looking for does not exist.' },
  blocks: [],
};

export function renderPage(input: RenderInput): RenderResult {
  const pathname = input.url.split('?')[0] ?? '/';
  const match = matchRoute(input.routes, pathname);
  const pageName = match?.route.page ?? 'not-found';
  const page = input.pages[pageName] ?? FALLBACK_NOT_FOUND;
  const status = !match || !input.pages[pageName] ? 404 : (match.route.status ?? 200);
  const state: PageState = {
    pageName,
    page,
    settings: input.settings,
    url: input.url,
    params: match?.params ?? {},
    consentGiven: hasConsentCookie(input.cookieHeader),
  };
  const html = renderToString(<App state={state} />);
  const siteName = input.settings.siteName;
  const title = page.metadata.title.includes(siteName) ? page.metadata.title : `${page.metadata.title} | ${siteName}`;
  return { status, html, title, description: page.metadata.description, state };
}
