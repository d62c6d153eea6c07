/**
 * The studio's preview: a draft rendered by the real renderer (the SSR entry and the page route's
 * document, ../ssr/page-route.ts renderDocument) over the content as it would be with the
 * operator's drafts in place. The answer is a page for a sandboxed frame in which nothing runs: its
 * Content-Security-Policy has no script-src and a `sandbox` directive, and the scripts the page
 * assembly adds (island props, JSON-LD, the client entry) are taken out, as is any script URL.
 */
import { CONSENT_COOKIE } from '../../renderer/layout/consent-cookie';
import type { Content } from '../content/load-content';
import { routeAnswers } from '../content/lint/route-pattern';
import { ApiError } from '../http/api-error';
import { formsPublicSettings, type FormSettings } from '../services/form-settings';
import type { ClientAssets } from '../ssr/client-assets';
import { pageStoreData, renderDocument, type RenderPage } from '../ssr/page-route';
import { sitemapPaths } from '../ssr/sitemap';

/** No script-src: default-src 'none' covers it, and `sandbox` without allow-scripts stops scripts again. */
export const PREVIEW_POLICY = "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; sandbox";

/** A route for a page that no route of routes.json shows yet (a new page): previewed at this path. */
export const UNROUTED_PREVIEW_PATH = '/studio-preview';

export interface PreviewTarget {
  /** Path (and query) to render. */
  url: string;
  /** The routes to render with: the content's, or with a route added for a page no route shows. */
  routes: Content['routes'];
}

function pageNameOf(file: string): string | undefined {
  return /^pages\/([^/]+)\.json$/.exec(file)?.[1];
}

/** The page a path shows: the first route that answers it (the renderer's lookup). */
function pageAt(content: Content, path: string): string | undefined {
  return content.routes.find((r) => routeAnswers(r.path, path))?.page;
}

/** Whether a block of the page names this form or popup (deep: a block may hold others). */
function pageUses(page: unknown, key: 'form' | 'popup', name: string): boolean {
  const seen: unknown[] = [page];
  while (seen.length) {
    const node = seen.pop();
    if (Array.isArray(node)) seen.push(...node);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (key === 'form' && record.form === name) return true;
      if (key === 'popup' && (record.popup === name || (Array.isArray(record.popups) && record.popups.includes(name)))) return true;
      seen.push(...Object.values(record));
    }
  }
  return false;
}

function unavailable(field: string, message: string): ApiError {
  return new ApiError(422, 'preview_unavailable', message, { [field]: message });
}

/**
 * Which URL shows the file: a page at a route of routes.json that names it (the `route` asked for
 * when it shows this page; a route with parameters at its first value of the catalog; a page no
 * route shows yet at UNROUTED_PREVIEW_PATH); a form or popup on the first page that uses it; a
 * product style on its page; else the `route` asked for, else the home page.
 */
export function previewTarget(content: Content, file: string, route: string | undefined): PreviewTarget {
  const routes = content.routes;
  const page = pageNameOf(file);
  if (page !== undefined) {
    if (route !== undefined && pageAt(content, route.split('?')[0]!) === page) return { url: route, routes };
    const own = routes.filter((r) => r.page === page);
    const plain = own.find((r) => !r.path.includes(':') && !r.path.includes('*'));
    if (plain) return { url: plain.path, routes };
    if (own.length === 0) return { url: UNROUTED_PREVIEW_PATH, routes: [{ path: UNROUTED_PREVIEW_PATH, page }, ...routes] };
    const catchAll = own.find((r) => r.path.includes('*'));
    const example = sitemapPaths(content).find((p) => pageAt(content, p) === page);
    if (example) return { url: example, routes };
    if (catchAll) return { url: catchAll.path.replace(/\*.*$/, 'studio-preview-missing-page').replace(/:[^/]+/g, 'example'), routes };
    throw unavailable('route', `Every route of this page takes a value (${own.map((r) => r.path).join(', ')}) and none of the catalog fits: name the path to show in route.`);
  }
  const form = /^forms\/([^/]+)\.json$/.exec(file)?.[1];
  const popup = /^popups\/([^/]+)\.json$/.exec(file)?.[1];
  const style = /^catalog\/styles\/([^/]+)\.json$/.exec(file)?.[1];
  if (route === undefined && (form !== undefined || popup !== undefined)) {
    const [key, name] = form !== undefined ? (['form', form] as const) : (['popup', popup!] as const);
    const user = routes.find((r) => !r.path.includes(':') && !r.path.includes('*') && pageUses(content.pages[r.page], key, name));
    if (user) return { url: user.path, routes };
  }
  if (route === undefined && style !== undefined) {
    const shown = sitemapPaths(content).find((p) => p.endsWith(`/${encodeURIComponent(style)}`));
    if (shown) return { url: shown, routes };
  }
  return { url: route ?? '/', routes };
}

const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>\n?/gi;
const URL_ATTRIBUTE = /(\s(?:href|src|action|formaction|xlink:href|poster|data)\s*=\s*)"([^"]*)"/gi;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/** Whether an attribute's value (as React wrote it, entities and all) is a URL that would run script. */
export function isScriptUrl(value: string): boolean {
  const decoded = value.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e] ?? e).replace(/&#(x[0-9a-f]+|\d+);?/gi, (_e, n: string) => String.fromCodePoint(n.startsWith('x') || n.startsWith('X') ? parseInt(n.slice(1), 16) : Number(n)));
  // Browsers skip leading spaces and controls, and tabs and newlines anywhere in a scheme.
  // eslint-disable-next-line no-control-regex
  const scheme = decoded.replace(/[\u0000-\u0020]/g, '').toLowerCase();
  return scheme.startsWith('javascript:') || scheme.startsWith('vbscript:') || scheme.startsWith('data:text/html') || scheme.startsWith('data:image/svg');
}

/**
 * The page made inert for the preview frame: without the scripts the assembly adds (they would not
 * run under the policy anyway), with any script URL replaced by "#", and with the policy repeated
 * in a meta tag so that it holds also where the studio shows the HTML through srcdoc (a meta
 * policy cannot carry `sandbox`: the frame's own sandbox attribute does that). There the frame's
 * origin is opaque, which 'self' may not match: the store's origin is named beside it.
 */
export function inertPreview(html: string, storeOrigin?: string): string {
  const origin = storeOrigin && /^https?:\/\/[A-Za-z0-9.:[\]-]+$/.test(storeOrigin) ? ` ${storeOrigin}` : '';
  const policy = PREVIEW_POLICY.replace(/;\s*sandbox$/, '').replace(/'self'/g, `'self'${origin}`);
  return html
    .replace(SCRIPT_ELEMENT, '')
    // One left unclosed (it cannot come from the renderer, which escapes text) is shown as text.
    .replace(/<script\b/gi, '&lt;script')
    .replace(MODULE_PRELOAD, '')
    .replace(URL_ATTRIBUTE, (whole, name: string, value: string) => (isScriptUrl(value) ? `${name}"#"` : whole))
    .replace(/<head>/i, `<head>\n<meta http-equiv="Content-Security-Policy" content="${policy}">`);
}

export interface PreviewRenderer {
  renderPage: RenderPage;
  assets: ClientAssets;
  publicUrl: string;
  forms: FormSettings;
}

/** The preview's HTML of a file of this content (previewTarget chooses the URL). */
export function renderPreview(r: PreviewRenderer, content: Content, file: string, route: string | undefined): string {
  const target = previewTarget(content, file, route);
  const shown = target.routes === content.routes ? content : { ...content, routes: target.routes };
  const store = pageStoreData(shown, formsPublicSettings(r.forms));
  // The page as a visitor sees it once they chose: the consent banner would cover the hero at phone
  // width and cannot be closed in a frame without scripts. Site settings, where the banner is
  // edited, still show it.
  const cookieHeader = file === 'site.json' ? undefined : `${CONSENT_COOKIE}=accepted`;
  // The blocks of the page being edited carry their index, so a click on one opens it in the form.
  const page = pageNameOf(file);
  const markBlocks = page !== undefined && pageAt(shown, target.url.split('?')[0]!) === page;
  const { body } = renderDocument({ content: shown, store, renderPage: r.renderPage, assets: r.assets, publicUrl: r.publicUrl, url: target.url, cookieHeader, ...(markBlocks ? { studio: { markBlocks } } : {}) });
  return inertPreview(body, new URL(r.publicUrl).origin);
}
