/**
 * Truncation rules: review text 150 characters (Show More/Less),
 * product-style description 350 on a word boundary, video description 250 on a word boundary with
 * '...', general descriptions 220 (Read more / Show less), lists longer than 6 show the first 6.
 */
export const REVIEW_TEXT_LIMIT = 150;
export const STYLE_DESCRIPTION_LIMIT = 350;
export const VIDEO_DESCRIPTION_LIMIT = 250;
export const DESCRIPTION_LIMIT = 220;
export const LIST_ITEMS_LIMIT = 6;
export const ELLIPSIS = '...';

export interface Truncated {
  text: string;
  truncated: boolean;
}

/** Cuts at `limit` characters exactly (the review rule), adding '...'. */
export function truncateChars(text: string, limit: number): Truncated {
  if (text.length <= limit) return { text, truncated: false };
  return { text: text.slice(0, limit).trimEnd() + ELLIPSIS, truncated: true };
}

/**
 * Cuts to at most `limit` characters without splitting a word, adding '...'. A single word longer
 * than the limit is cut inside the word (there is no boundary to keep).
 */
export function truncateAtWord(text: string, limit: number): Truncated {
  if (text.length <= limit) return { text, truncated: false };
  const head = text.slice(0, limit);
  const nextIsSpace = /\s/.test(text.charAt(limit));
  const lastSpace = head.search(/\s\S*$/);
  const cut = nextIsSpace || lastSpace <= 0 ? head : head.slice(0, lastSpace);
  return { text: cut.trimEnd().replace(/[,;:.\-–]+$/, '') + ELLIPSIS, truncated: true };
}

/** The first `limit` items of a list and whether more exist ('Read more...'). */
export function limitList<T>(items: readonly T[], limit = LIST_ITEMS_LIMIT): { items: T[]; more: boolean } {
  return { items: items.slice(0, limit), more: items.length > limit };
}

/** Plain text of an HTML fragment, for truncating descriptions that may contain markup. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
