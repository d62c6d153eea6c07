/**
 * The Content-Security-Policy of the main site's pages. Scripts come only from the site itself: the
 * server-rendered HTML has no inline executable script (the page state and JSON-LD are
 * non-executable `application/json` / `application/ld+json` blocks), so neither 'unsafe-inline'
 * nor 'unsafe-eval' is needed for scripts. A payment provider's hosts are named only on the pages
 * that load its script, from the table below.
 */

/** Extra sources one page needs, by directive. */
export interface PageSources {
  script?: readonly string[];
  frame?: readonly string[];
  connect?: readonly string[];
  form?: readonly string[];
}

const STRIPE: PageSources = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};
const PAYPAL: PageSources = {
  script: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
  frame: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
  connect: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
};
const AUTHORIZE_NET: PageSources = {
  script: ['https://js.authorize.net', 'https://jstest.authorize.net'],
  connect: ['https://api2.authorize.net', 'https://apitest.authorize.net'],
};
/** A form anywhere (popups too) may carry a reCAPTCHA, so every page may load it. */
const RECAPTCHA: PageSources = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/'],
};

/** The pages where the payment providers' scripts load: checkout, quote payment, split payment. */
export const PAYMENT_PAGES: ReadonlyMap<string, readonly PageSources[]> = new Map([
  ['/checkout', [STRIPE, PAYPAL, AUTHORIZE_NET]],
  ['/quote/payment', [STRIPE, PAYPAL, AUTHORIZE_NET]],
  ['/order/split-payment', [STRIPE, PAYPAL, AUTHORIZE_NET]],
]);

const EVERY_PAGE: readonly PageSources[] = [RECAPTCHA];

function join(base: readonly string[], extra: readonly PageSources[], key: keyof PageSources): string {
  return [...base, ...extra.flatMap((s) => s[key] ?? [])].join(' ');
}

/**
 * The policy of the page at `path` (a path without query; a trailing slash is ignored), with
 * `more` sources for one answer (the test gateway's authentication form may redirect to a dealer).
 */
export function pagePolicy(path: string, more: readonly PageSources[] = []): string {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const extra = [...EVERY_PAGE, ...(PAYMENT_PAGES.get(normalized) ?? []), ...more];
  return [
    "default-src 'self'",
    `script-src ${join(["'self'"], extra, 'script')}`,
    // Inline style attributes and the widgets' shadow-root <style> elements: styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Content images and video thumbnails may live on other hosts (img.youtube.com).
    "img-src 'self' data: https:",
    "media-src 'self' https:",
    "font-src 'self' data:",
    `connect-src ${join(["'self'"], extra, 'connect')}`,
    // Videos (youtube-nocookie) and the configured scheduler are iframes of other origins.
    `frame-src ${join(["'self'", 'https:'], extra, 'frame')}`,
    `form-action ${join(["'self'"], extra, 'form')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
