/**
 * Small text helpers for display, shared by every block:
 * - acronyms kept uppercase (RTA, DIY, MDF, PVC) when words are title-cased;
 * - title length classes (<= 20 characters short, <= 50 medium, otherwise long);
 * - truncation on a word boundary with an ellipsis (150 / 220 / 250 / 350 characters).
 */

export const UPPERCASE_ACRONYMS = ['RTA', 'DIY', 'MDF', 'PVC'] as const;
const ACRONYM_SET = new Set<string>(UPPERCASE_ACRONYMS);

/** Keeps the known acronyms uppercase inside any text: "rta cabinets" -> "RTA cabinets". */
export function keepAcronyms(text: string): string {
  return text.replace(/\b[A-Za-z]{3}\b/g, (word) => (ACRONYM_SET.has(word.toUpperCase()) ? word.toUpperCase() : word));
}

/** A slug or phrase as display words: "rta-kitchen-cabinets" -> "RTA Kitchen Cabinets". */
export function displayTitle(text: string): string {
  const words = text.replace(/[-_]+/g, ' ').trim().split(/\s+/).filter(Boolean);
  return keepAcronyms(words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' '));
}

export type TitleLength = 'short' | 'medium' | 'long';

export const TITLE_SHORT_MAX = 20;
export const TITLE_MEDIUM_MAX = 50;

export function titleLengthClass(title: string): TitleLength {
  const n = title.trim().length;
  if (n <= TITLE_SHORT_MAX) return 'short';
  if (n <= TITLE_MEDIUM_MAX) return 'medium';
  return 'long';
}

/** Cuts text to at most `max` characters on a word boundary and adds the ellipsis; shorter text is unchanged. */
export function truncateWords(text: string, max: number, ellipsis = '...'): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(' ');
  const head = (lastSpace > 0 ? cut.slice(0, lastSpace) : text.slice(0, max)).replace(/[\s,;:.!?-]+$/, '');
  return head + ellipsis;
}
