/**
 * Simple HTML in definition text (field labels and help, accordion descriptions, FAQ answers, popup
 * text): everything is escaped, then a fixed set of formatting tags without attributes, and links
 * with a safe href, are let back in.
 * Escape-then-allow can only ever produce the allowed tags, so no script, handler or style attribute
 * survives whatever the input. Runs identically on server and browser (no DOM, no library), so the
 * hydrated markup matches. Blog bodies are different: full HTML sanitised by the server at load.
 * Here in widgets/forms because the form fields (and so the estimator widget) need it; the renderer's
 * content blocks and popups import it from here.
 */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'span', 'h3', 'h4'];

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const tagPattern = new RegExp(`&lt;(/?)(${ALLOWED_TAGS.join('|')})\\s*(/?)&gt;`, 'gi');
// An escaped <a href="..."> whose URL is site-relative, a fragment, http(s), mailto or tel.
const linkPattern = /&lt;a\s+href=&quot;((?:https?:\/\/|\/|#|mailto:|tel:)(?:[^"<>\s&]|&amp;)*)&quot;(\s+target=&quot;_blank&quot;)?\s*&gt;/gi;

export function safeInlineHtml(text: string): string {
  return escapeHtml(text)
    .replace(tagPattern, (_m, close: string, tag: string, selfClose: string) => `<${close}${tag.toLowerCase()}${selfClose ? ' /' : ''}>`)
    .replace(linkPattern, (_m, href: string, blank: string | undefined) => (blank ? `<a href="${href}" target="_blank" rel="noopener noreferrer">` : `<a href="${href}">`))
    .replace(/&lt;\/a&gt;/gi, '</a>');
}
