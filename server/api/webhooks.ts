/**
 * POST /api/webhooks/{stripe|paypal|authorize-net}: providers tell us about payments. Each reads
 * the raw body (signatures are over the exact bytes, so this runs before any body parser), checks
 * the signature, then asks the provider for the payment's current state (`confirm`: events may
 * arrive late or out of order) and hands it to `onConfirmedPayment`, which is idempotent by
 * providerReference, so a webhook racing the browser's verify records one payment. A refund event
 * is a hint in the same way: each refund it names is read from the provider (Stripe's
 * GET /v1/refunds/{id}, PayPal's GET /v2/payments/refunds/{id}) and that is what is recorded. An
 * event dated more than five minutes ahead is refused (server/gateways/webhook-time.ts).
 */
import type { Context, Middleware } from 'koa';
import { authorizeNetWebhookEndpoint, paypalWebhookEndpoint, stripeWebhookEndpoint } from '../../schemas/api/payments';
import { ApiError } from '../http/api-error';
import { apiErrorOf } from '../http/error-handler';
import { checkRequest } from '../http/contract';
import type { ConfirmedPayment, ProviderRefund } from '../gateways/gateway';
import { gatewayNotConfigured } from '../gateways/gateway-errors';
import { paypalRefundOf } from '../gateways/paypal-gateway';
import { invalidSignature } from '../gateways/stripe-gateway';
import { refuseFutureWebhook } from '../gateways/webhook-time';
import type { PaymentRouteDeps } from './payments/payment-deps';
import { readRawBody } from './payments/request-body';

type WebhookDeps = Pick<PaymentRouteDeps, 'gateways' | 'onConfirmedPayment' | 'onProviderRefunds' | 'logger'>;

/** What an event is about: a payment (checked with its provider), refunds it reports, or neither. */
type WebhookSubject = { payment: ConfirmedPayment } | { refunds: ProviderRefund[] } | null;

const PROVIDERS = ['stripe', 'paypal', 'authorize-net'] as const;
type Provider = (typeof PROVIDERS)[number];
const WEBHOOK_CONTRACTS = { stripe: stripeWebhookEndpoint, paypal: paypalWebhookEndpoint, 'authorize-net': authorizeNetWebhookEndpoint } as const;

function parseJson(raw: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
}

function field(source: unknown, ...path: string[]): unknown {
  let value = source;
  for (const key of path) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/**
 * The refunds an event names, as the provider tells of them now: an event is a hint, never the
 * record (a late older event would turn a failed refund back into succeeded, a forged amount would
 * be taken). A refund the provider does not know (or that belongs to no payment of the store) is left out.
 */
async function asTheProviderSays(named: ReadonlyArray<ProviderRefund | string>, read: (id: string) => Promise<ProviderRefund>): Promise<ProviderRefund[]> {
  const refunds: ProviderRefund[] = [];
  for (const refund of named) {
    try {
      refunds.push(await read(typeof refund === 'string' ? refund : refund.providerReference));
    } catch (err) {
      if (apiErrorOf(err)?.status === 404) continue;
      throw err;
    }
  }
  return refunds;
}

/** The payment an event is about (checked with its provider), or the refunds it reports; null for anything else. */
async function subjectOf(provider: Provider, ctx: Context, raw: Buffer, deps: WebhookDeps): Promise<WebhookSubject> {
  const { gateways } = deps;
  if (provider === 'stripe') {
    if (!gateways.stripe) throw gatewayNotConfigured('stripe');
    const event = gateways.stripe.verifyWebhook(raw, ctx.get('Stripe-Signature') || undefined);
    const reported = gateways.stripe.refundsOf(event);
    if (reported) return { refunds: await asTheProviderSays(reported, (id) => gateways.stripe!.retrieveRefund(id)) };
    if (!event.type.startsWith('payment_intent.')) return null;
    const id = field(event.data.object, 'id');
    return typeof id === 'string' ? { payment: await gateways.stripe.confirm(id) } : null;
  }
  if (provider === 'paypal') {
    if (!gateways.paypal) throw gatewayNotConfigured('paypal');
    const event = parseJson(raw);
    const headers: Record<string, string | undefined> = {};
    for (const name of ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time']) {
      headers[name] = ctx.get(name) || undefined;
    }
    if (!(await gateways.paypal.verifyWebhook(headers, event))) throw invalidSignature();
    refuseFutureWebhook(Date.parse(headers['paypal-transmission-time'] ?? ''));
    const named = paypalRefundOf(event);
    if (named) return { refunds: await asTheProviderSays([named.refundId], (id) => gateways.paypal!.getRefund(id)) };
    const type = String(event.event_type ?? '');
    let orderId: unknown;
    if (type.startsWith('CHECKOUT.ORDER.')) orderId = field(event, 'resource', 'id');
    else if (type.startsWith('PAYMENT.CAPTURE.')) orderId = field(event, 'resource', 'supplementary_data', 'related_ids', 'order_id');
    return typeof orderId === 'string' && orderId ? { payment: await gateways.paypal.confirm(orderId) } : null;
  }
  if (!gateways.authorizeNet) throw gatewayNotConfigured('authorizenet');
  if (!gateways.authorizeNet.verifyWebhook(raw, ctx.get('X-ANET-Signature') || undefined)) throw invalidSignature();
  const event = parseJson(raw);
  refuseFutureWebhook(Date.parse(String(event.eventDate ?? '')));
  if (!String(event.eventType ?? '').startsWith('net.authorize.payment.')) return null;
  const transId = field(event, 'payload', 'id');
  return typeof transId === 'string' || typeof transId === 'number' ? { payment: await gateways.authorizeNet.confirm(String(transId)) } : null;
}

/** A Koa middleware, to be mounted before any body parser; it answers only its own paths. */
export function webhookRoutes(deps: WebhookDeps): Middleware {
  return async (ctx, next) => {
    const match = /^\/api\/webhooks\/([a-z-]+)\/?$/.exec(ctx.path);
    if (!match) return next();
    const provider = match[1] as Provider;
    if (!PROVIDERS.includes(provider)) throw new ApiError(404, 'not_found', 'No such API endpoint.');
    if (ctx.method !== 'POST') {
      ctx.set('Allow', 'POST');
      throw new ApiError(405, 'method_not_allowed', 'Webhooks are delivered with POST.');
    }
    // The signature headers first (their contract); the raw body is the provider's, checked by its signature below.
    checkRequest(WEBHOOK_CONTRACTS[provider], ctx);
    const raw = await readRawBody(ctx);
    const subject = await subjectOf(provider, ctx, raw, deps);
    if (subject && 'refunds' in subject) {
      // Refunds the store asked for are found again and counted once; any other was made at the gateway.
      const changed = deps.onProviderRefunds ? await deps.onProviderRefunds(subject.refunds) : 0;
      ctx.body = { received: true, applied: changed > 0 };
      return;
    }
    const payment = subject?.payment;
    if (!payment) {
      ctx.body = { received: true, applied: false };
      return;
    }
    try {
      await deps.onConfirmedPayment(payment);
    } catch (err) {
      const refused = apiErrorOf(err);
      if (refused && refused.status < 500) {
        // The orders room refused it (an unknown order, an amount that does not match): a retry would not help.
        deps.logger?.warn({ err, gateway: payment.gateway, providerReference: payment.providerReference }, 'webhook payment not applied');
        ctx.body = { received: true, applied: false, message: refused.message };
        return;
      }
      deps.logger?.error({ err, gateway: payment.gateway, providerReference: payment.providerReference }, 'webhook payment failed; the provider will retry');
      throw new ApiError(503, 'retry_later', 'The payment could not be recorded now; please retry.');
    }
    ctx.body = { received: true, applied: true, status: payment.status };
  };
}
