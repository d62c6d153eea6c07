/**
 * The document's title: the page's own, then the store's name ("About us | Oak & Hearth
 * Cabinetry"), unless the page's title already names the store. Editors write the name as they
 * say it, so "naming the store" is read loosely: case, "&" or "and", spaces and punctuation aside.
 * Otherwise a title such as "Our Austin showroom, Oak and Hearth Cabinetry" would carry the name twice.
 */
export function documentTitle(pageTitle: string, siteName: string): string {
  const name = loose(siteName);
  if (!name) return pageTitle;
  return loose(pageTitle).includes(name) ? pageTitle : `${pageTitle} | ${siteName}`;
}

/** Lower case, "&" as "and", every run of other characters one space. */
function loose(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `.replace(/^ {2}$/, '');
}
