/**
 * Authorize.net's iframe communicator, served by the store. When Accept Hosted is shown in a frame of
 * a payment page, Authorize.net's form frames this page (hidden, named by the token's
 * hostedPaymentIFrameCommunicatorUrl setting) and sends it its messages as query strings:
 * `action=resizeWindow&width=…&height=…`, `action=cancel`, `action=successfulSave` and
 * `action=transactResponse&response={…}`. This page is of the store's origin, as the payment page
 * is, so it may hand them on: it relays each, by postMessage to that origin only, to the page two
 * frames up. The payment page then checks the message came from this page inside its own frame
 * (widgets/payment/authorize-net/accept-hosted-frame.ts), and a transaction named there is read
 * from Authorize.net by the server before anything is recorded: no message decides money.
 *
 * Its one script is inline and constant (the form's origin is read from the page, not written into
 * the script), so its hash is known at build: the script inventory lists it with its SHA-384, and
 * this page's own policy allows that script alone, loads nothing else, and may be framed only by
 * the store's pages and Authorize.net's form.
 */
import type Router from '@koa/router';
import type { GatewayConfig } from '../gateways/gateway-config';
import { hostedFormUrlOf } from '../gateways/gateway-config';
import { escapeHtml } from './evidence-page';
import { sha384 } from './script-inventory';

export const ACCEPT_HOSTED_COMMUNICATOR_PATH = '/payment/authorize-net/communicator';
/** What the script inventory and ./script-reasons.ts call it. */
export const COMMUNICATOR_CHUNK = 'inline:accept-hosted-communicator';
/** Longer than any message Authorize.net sends (a transactResponse with both addresses is about 1 kB). */
const MAX_MESSAGE = 16_000;

/**
 * The communicator's script. A message is relayed only when Authorize.net's form sent it: a
 * postMessage from the form's origin by this frame's own parent, or, as Authorize.net's own sample
 * communicator also accepts, the address's fragment when this frame's parent is the form's origin.
 * It goes to the page two frames up, and only if that page is of this page's origin.
 */
export const COMMUNICATOR_SCRIPT = `(function () {
  var form = document.querySelector('meta[name="accept-hosted-origin"]').getAttribute('content');
  function relay(text) {
    if (typeof text !== 'string' || text.length === 0 || text.length > ${MAX_MESSAGE}) return;
    if (window.parent === window || window.parent.parent === window.parent) return;
    window.parent.parent.postMessage(text, window.location.origin);
  }
  function parentOrigin() {
    if (window.location.ancestorOrigins) return window.location.ancestorOrigins[0];
    try { return new URL(document.referrer).origin; } catch (e) { return ''; }
  }
  window.addEventListener('message', function (event) {
    if (event.origin === form && event.source === window.parent) relay(event.data);
  });
  if (window.location.hash.length > 1 && parentOrigin() === form) relay(window.location.hash.slice(1));
})();`;

export const COMMUNICATOR_INTEGRITY = sha384(Buffer.from(COMMUNICATOR_SCRIPT, 'utf8'));

/** The communicator's page for a form served from `formOrigin`. */
export function communicatorPage(formOrigin: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="accept-hosted-origin" content="${escapeHtml(formOrigin)}"><title>Authorize.net communicator</title><script>${COMMUNICATOR_SCRIPT}</script></head><body></body></html>`;
}

/** Its policy: its own script by hash, nothing to load, framed only by the store's pages and Authorize.net's form. */
export function communicatorPolicy(formOrigin: string): string {
  return [
    "default-src 'none'",
    `script-src '${COMMUNICATOR_INTEGRITY}'`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors 'self' ${formOrigin}`,
  ].join('; ');
}

/** GET the communicator: a 404 while Authorize.net is not configured (no form may frame it then). */
export function acceptHostedCommunicatorRoute(router: Router, gateways: GatewayConfig): void {
  router.get(ACCEPT_HOSTED_COMMUNICATOR_PATH, (ctx) => {
    const anet = gateways.authorizeNet;
    if (!anet) return;
    const formOrigin = new URL(hostedFormUrlOf(anet)).origin;
    ctx.set('Content-Security-Policy', communicatorPolicy(formOrigin));
    // frame-ancestors says who may frame it; X-Frame-Options' SAMEORIGIN would refuse Authorize.net's form.
    ctx.remove('X-Frame-Options');
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html';
    ctx.body = communicatorPage(formOrigin);
  });
}
