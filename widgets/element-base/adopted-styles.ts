/**
 * Styles go into the element's shadow root as a constructable stylesheet (adoptedStyleSheets), never
 * as a <style> element: a dealer's Content-Security-Policy without style-src 'unsafe-inline' blocks
 * <style> elements and style="" attributes but not adopted sheets, and nothing is written into the
 * host page's <head>. One sheet per element definition, shared by all its instances.
 */
const sheets = new Map<string, CSSStyleSheet>();

export function supportsAdoptedStyleSheets(): boolean {
  return typeof ShadowRoot !== 'undefined' && 'adoptedStyleSheets' in ShadowRoot.prototype && typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype;
}

/**
 * Adopts the css into the shadow root. Where constructable stylesheets are missing (jsdom, Safari
 * before 16.4) the element works unstyled rather than falling back to a <style> a strict CSP refuses.
 */
export function adoptStyles(root: ShadowRoot, key: string, css: string): void {
  if (!supportsAdoptedStyleSheets()) return;
  let sheet = sheets.get(key);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(key, sheet);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
