/**
 * What a rich-text block keeps of its HTML: paragraphs, headings h2-h4, bold, italic,
 * links, lists and line breaks. Everything else is dropped: other tags keep only their text, and
 * scripts, styles, frames and the like lose their content too; no attribute but a link's href
 * survives (no style, no class, no event handler), and a link keeps its href only when it is http,
 * https, mailto or a path of this site. Links to other sites get rel="noopener".
 *
 * Plain data and pure functions, in the options shape of sanitize-html: the renderer sanitises with
 * them when it renders the page (renderer/text/rich-text-html.ts) and the validator reports, with
 * the same options, what would be dropped (server/content/lint/rich-text.ts).
 */

export const RICH_TEXT_TAGS = ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'a', 'ul', 'ol', 'li'] as const;

/** Tags dropped together with everything inside them (their text is code, or not for reading). */
export const RICH_TEXT_DROPPED_WITH_CONTENT = ['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'noscript', 'noembed', 'template', 'textarea', 'select', 'option', 'svg', 'math', 'title', 'head'] as const;

/** A site path ("/contact", "/blogs/a?b#c"), never "//other.site" (protocol-relative) or "/\other.site". */
const SITE_PATH = /^\/(?![/\\])/;
const KEPT_SCHEME = /^(https?:\/\/|mailto:)/i;

/** Whether a link keeps its href: http, https, mailto, or a path of this site. */
export function richTextHrefAllowed(href: string): boolean {
  const value = href.trim();
  return SITE_PATH.test(value) || KEPT_SCHEME.test(value);
}

/** A link to another site (opened from this one): it gets rel="noopener". */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href.trim());
}

/** The attributes an <a> keeps: its href when allowed, and rel="noopener" when it leads off the site. */
export function richTextLinkAttributes(href: string | undefined): Record<string, string> {
  if (href === undefined || !richTextHrefAllowed(href)) return {};
  return isExternalHref(href) ? { href: href.trim(), rel: 'noopener' } : { href: href.trim() };
}

/** The options of sanitize-html that apply the policy (the shape of its IOptions: schemas/ imports no library). */
export interface RichTextSanitizeOptions {
  allowedTags: string[];
  allowedAttributes: Record<string, string[]>;
  allowedSchemes: string[];
  allowedSchemesAppliedToAttributes: string[];
  allowProtocolRelative: boolean;
  disallowedTagsMode: 'discard';
  nonTextTags: string[];
  transformTags: Record<string, (tagName: string, attribs: Record<string, string>) => { tagName: string; attribs: Record<string, string> }>;
}

export const richTextSanitizeOptions: RichTextSanitizeOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  // rel is written by transformTags below, never taken from the author.
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: richTextLinkAttributes(attribs.href) }),
  },
};

/** In words, for messages and descriptions. */
export const RICH_TEXT_KEPT_WORDS = 'p, h2, h3, h4, strong or b, em or i, a (http, https, mailto or a site path such as /contact), ul, ol, li and br';
