/**
 * Wraps the renderer's HTML in a full document: head tags for search engines and link previews, the
 * stylesheet, the island bootstrap. No inline executable script: the islands' props are inert JSON
 * beside each island (renderer/islands), so the page runs under `script-src 'self'`. A payment page
 * also carries an import map (JSON the browser reads, allowed by its hash) with the integrity of
 * every module it may load.
 */
import { colorOverrides } from '../../schemas/site-colors';
import type { SiteColors } from '../../schemas/site-settings.schema';
import type { DocumentIntegrity } from '../payment-pages/payment-page-policy';
import type { ClientAssets } from './client-assets';

export interface DocumentParts {
  html: string;
  title: string;
  description: string;
  canonicalUrl: string;
  /** Absolute URL of the link-preview image. */
  image?: string | undefined;
  /** JSON-LD objects, each written in its own script tag. */
  structuredData?: readonly unknown[];
  /** Adds robots noindex (transactional and not-found pages). */
  noindex?: boolean;
  siteName: string;
  /** site.json's colours: those that differ from the stylesheet's defaults override its variables. */
  colors?: SiteColors | undefined;
  assets: ClientAssets;
  /**
   * A payment page's: the import map that gives every first-party module its SHA-384, and the
   * `integrity` of the entry and preloads (server/payment-pages/payment-page-policy.ts).
   */
  integrity?: DocumentIntegrity;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** JSON inside a <script> must not close the tag or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** After the stylesheet, so its variables give way to the store's colours. */
function colorStyle(colors: SiteColors | undefined): string {
  const css = colorOverrides(colors);
  return css ? `<style>${css}</style>\n` : '';
}

/** ` integrity="…"` for a script the payment page's inventory lists; nothing elsewhere. */
function integrityOf(p: DocumentParts, href: string): string {
  const hash = p.integrity?.integrity.get(href);
  return hash ? ` integrity="${hash}"` : '';
}

/** The image preloads React writes at the top of the page's HTML (one per image not loaded lazily). */
const IMAGE_PRELOADS = /^(?:<link rel="preload"[^>]* as="image"[^>]*\/>)+/;

/**
 * Moves React's image preloads (an eager image's, and those a block asks for, such as a title band's
 * background) from the body into the head, after the stylesheet and before the scripts: the browser
 * then asks for the banner (the page's largest paint) before the islands' code, where in the body it
 * asked last, and a phone's slow link delivered it after all the JavaScript.
 */
export function hoistImagePreloads(html: string): { head: string; body: string } {
  const preloads = IMAGE_PRELOADS.exec(html)?.[0] ?? '';
  return { head: preloads ? `${preloads.replace(/\/>(?=.)/g, '/>\n')}\n` : '', body: html.slice(preloads.length) };
}

export function htmlDocument(p: DocumentParts): string {
  const images = hoistImagePreloads(p.html);
  const title = escapeHtml(p.title);
  const description = escapeHtml(p.description);
  const canonical = escapeHtml(p.canonicalUrl);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/images/favicon.svg" type="image/svg+xml">
<title>${title}</title>
<meta name="description" content="${description}">
<link rel="canonical" href="${canonical}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="${escapeHtml(p.siteName)}">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${canonical}">
${p.image ? `<meta property="og:image" content="${escapeHtml(p.image)}">\n<meta name="twitter:card" content="summary_large_image">\n` : '<meta name="twitter:card" content="summary">\n'}<meta name="twitter:title" content="${title}">
<meta name="twitter:description" content="${description}">
${p.noindex ? '<meta name="robots" content="noindex">\n' : ''}${(p.structuredData ?? []).map((d) => `<script type="application/ld+json">${scriptSafeJson(d)}</script>`).join('\n')}
${p.assets.css.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
${colorStyle(p.colors)}${images.head}${p.integrity ? `<script type="importmap">${p.integrity.importMap}</script>\n` : ''}${p.assets.preload.map((href) => `<link rel="modulepreload" href="${href}"${integrityOf(p, href)}>`).join('\n')}
</head>
<body>
<div id="root">${images.body}</div>
<script type="module" src="${p.assets.entry}"${integrityOf(p, p.assets.entry)}></script>
</body>
</html>`;
}
