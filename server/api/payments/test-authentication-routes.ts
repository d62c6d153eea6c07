/**
 * The offline test gateway's authentication step (its 3-D Secure), in two routes:
 * - GET /api/payment/test/authenticate?transactionId=&secret=: a plain HTML page ("Test
 *   authentication") with two buttons, no JavaScript, under the page CSP;
 * - POST /api/payment/test/authenticate: what its form sends (application/x-www-form-urlencoded,
 *   the one API route that reads a form body; JSON is accepted too): the secret is used once, the
 *   transaction becomes completed or failed, and a 303 sends the browser to the return URL the
 *   charge was given, with `?transactionId=`; the verify page finishes there.
 * Errors are the API's `{error, message, fields}` with a 4xx, as for any other /api call.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { RETURN_ADDRESS_MESSAGES } from '../../../schemas/evaluators/return-address-messages';
import { testAuthenticationEndpoint, testAuthenticationPageEndpoint } from '../../../schemas/api/payments';
import { ApiError } from '../../http/api-error';
import { pagePolicy } from '../../http/content-security-policy';
import { gatewayNotConfigured } from '../../gateways/gateway-errors';
import type { TestGateway } from '../../gateways/test-gateway';
import type { AuthenticationOutcome } from '../../gateways/test-gateway-authentication';
import type { PaymentRouteDeps } from './payment-deps';
import { checkForGateway } from './payment-input';
import { readRawBody, readJsonObject } from './request-body';
import { reportPayment } from './report-payment';
import { checkReturnUrl, returnUrlFor, type ReturnOrigins } from './return-url';

export const AUTHENTICATE_PATH = '/api/payment/test/authenticate';

const SECRET = /^[A-Za-z0-9_-]{43}$/;
const FORM_LIMIT = 4 * 1024;
const OUTCOMES: Record<'complete' | 'fail', AuthenticationOutcome> = { complete: 'completed', fail: 'failed' };

export function returnOrigins(ctx: Context, deps: PaymentRouteDeps): ReturnOrigins {
  const store = deps.storeOrigins;
  const isReturnOrigin = deps.isReturnOrigin ?? (() => false);
  if (store) return { storeOrigin: store.ofRequest(ctx), isAllowedOrigin: (origin) => store.has(origin) || isReturnOrigin(origin) };
  // Not ctx.origin: in this Koa it is the request's Origin header, which the caller chooses.
  let storeOrigin: string;
  try {
    storeOrigin = new URL(`${ctx.protocol}://${ctx.host}`).origin;
  } catch {
    throw new ApiError(400, 'invalid_request', 'The request names no valid host.');
  }
  return { storeOrigin, isAllowedOrigin: isReturnOrigin };
}

/** The authentication page's address for a transaction, as the charge answers it (absolute: a dealer's page follows it too). */
export function authenticationUrl(ctx: Context, deps: PaymentRouteDeps, transactionId: string, secret: string): string {
  const url = new URL(AUTHENTICATE_PATH, returnOrigins(ctx, deps).storeOrigin);
  url.searchParams.set('transactionId', transactionId);
  url.searchParams.set('secret', secret);
  return url.href;
}

/**
 * The fields of the authentication form. The rest of the API answers 415 to anything but JSON (a
 * cross-site page can post a form without a CORS preflight); here that is harmless, because the
 * one-time secret is what proves the caller, and no cookie or token is read.
 */
async function readFormFields(ctx: Context): Promise<Record<string, unknown>> {
  const type = ctx.get('Content-Type');
  if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
    const raw = await readRawBody(ctx, FORM_LIMIT);
    return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  }
  if (/^application\/(?:[\w.-]+\+)?json\s*(;|$)/i.test(type)) return readJsonObject(ctx);
  const message = 'Send the form as application/x-www-form-urlencoded or application/json.';
  throw new ApiError(415, 'unsupported_media_type', message, { 'content-type': message });
}

/** The checked step (schemas/api/payments.ts); a secret of the wrong shape is simply a wrong secret (404), so its shape reveals nothing. */
function stepOf(input: { transactionId: string; secret: string; outcome?: 'complete' | 'fail' }): { transactionId: string; secret: string; outcome?: AuthenticationOutcome } {
  const secret = input.secret.trim();
  return { transactionId: input.transactionId, secret: SECRET.test(secret) ? secret : '', outcome: input.outcome ? OUTCOMES[input.outcome] : undefined };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function authenticationPage(transactionId: string, secret: string, amount: string, card: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/images/favicon.svg" type="image/svg+xml">
<title>Test authentication</title>
<style>
body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1f2421; background: #f6f4ef; margin: 0; }
main { max-width: 32rem; margin: 3rem auto; background: #fff; border: 1px solid #e4e0d8; border-radius: 8px; padding: 1.5rem; }
h1 { font-size: 1.4rem; margin-top: 0; }
.badge { display: inline-block; background: #fff4e5; color: #7a4100; border: 1px solid #f2c48d; border-radius: 4px; padding: 2px 8px; font-size: 0.85rem; font-weight: 600; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; }
dt { font-weight: 600; }
.actions { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 1.5rem; }
button { font: inherit; border-radius: 6px; padding: 10px 16px; cursor: pointer; border: 1px solid #7a4e2d; }
button[value="complete"] { background: #7a4e2d; color: #fff; }
button[value="fail"] { background: #fff; color: #7a4e2d; }
button:focus-visible { outline: 3px solid #1f6feb; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<p class="badge">Test mode</p>
<h1>Test authentication</h1>
<p>This page stands in for a bank's card authentication (3-D Secure). It belongs to the store's offline test gateway: no bank is asked and no real card is charged.</p>
<dl><dt>Amount</dt><dd>${escapeHtml(amount)}</dd><dt>Card</dt><dd>${escapeHtml(card)}</dd></dl>
<form method="post" action="${AUTHENTICATE_PATH}">
<input type="hidden" name="transactionId" value="${escapeHtml(transactionId)}">
<input type="hidden" name="secret" value="${escapeHtml(secret)}">
<div class="actions">
<button type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail">Fail authentication</button>
</div>
</form>
</main>
</body>
</html>
`;
}

/** The test gateway, or its refusal when this server runs without it (answered whatever the request). */
function testGateway(deps: PaymentRouteDeps): TestGateway {
  const gateway = deps.gateways.test;
  if (!gateway) throw gatewayNotConfigured('test');
  return gateway;
}

const unavailable = (deps: PaymentRouteDeps) => (deps.gateways.test ? null : () => gatewayNotConfigured('test'));

export function testAuthenticationRoutes(router: Router, deps: PaymentRouteDeps, warnRefusedReturn: (raw: string, origins: ReturnOrigins) => void = () => {}): void {
  router.get(AUTHENTICATE_PATH, async (ctx) => {
    const step = stepOf(checkForGateway(testAuthenticationPageEndpoint, ctx, undefined, unavailable(deps)).query);
    const gateway = testGateway(deps);
    const open = await gateway.authentication.check(step.transactionId, step.secret);
    const payment = await gateway.confirm(step.transactionId);
    const origins = returnOrigins(ctx, deps);
    const returnOrigin = new URL(open.returnUrl).origin;
    // The address carries the secret: it must not leave in a Referer header or sit in a cache.
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cache-Control', 'no-store');
    // Chromium checks form-action against the redirect that follows the post, so a dealer's return page is named.
    ctx.set('Content-Security-Policy', pagePolicy(returnOrigin === origins.storeOrigin ? [] : [{ form: [returnOrigin] }]));
    ctx.type = 'text/html';
    const brand = String(payment.additionalData.cardBrand ?? 'card');
    ctx.body = authenticationPage(step.transactionId, step.secret, `$${(payment.amountCents / 100).toFixed(2)} ${payment.currency}`, `${brand[0]!.toUpperCase()}${brand.slice(1)} ending in ${String(payment.additionalData.cardLast4 ?? '')}`);
  });

  router.post(AUTHENTICATE_PATH, async (ctx) => {
    const step = stepOf(checkForGateway(testAuthenticationEndpoint, ctx, await readFormFields(ctx), unavailable(deps)).body);
    const gateway = testGateway(deps);
    // Checked again before it is used: the allowed origins may have changed since the charge.
    const pending = await gateway.authentication.check(step.transactionId, step.secret);
    const origins = returnOrigins(ctx, deps);
    const target = checkReturnUrl(pending.returnUrl, origins);
    if (!target) {
      warnRefusedReturn(pending.returnUrl, origins);
      throw new ApiError(400, 'invalid_return_url', 'This payment cannot return to the page it came from.', { returnUrl: RETURN_ADDRESS_MESSAGES.field });
    }
    await gateway.authentication.finish(step.transactionId, step.secret, step.outcome!);
    // As a provider's webhook would: the order hears of it even if the browser never comes back.
    await reportPayment(deps, await gateway.confirm(step.transactionId));
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(returnUrlFor(target, step.transactionId));
    ctx.status = 303;
  });
}
