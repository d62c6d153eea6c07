/**
 * POST /api/webhooks/{stripe|paypal|authorize-net}: providers tell us about payments. Each reads
 * the raw body (signatures are over the exact bytes, so this runs before any body parser), checks
 * the signature, then asks the provider for the payment's current state (`confirm`: events may
 * arrive late or out of order) and hands it to `onConfirmedPayment`, which is idempotent by
 * providerReference, so a webhook racing the browser's verify records one payment.
 */
import type { Context, Middleware } from 'koa';
import { authorizeNetWebhookEndpoint, paypalWebhookEndpoint, stripeWebhookEndpoint } from '../../schemas/api/payments';
import { ApiError } from '../http/api-error';
import { apiErrorOf } from '../http/error-handler';
import { checkRequest } from '../http/contract';
import type { ConfirmedPayment, ProviderRefund } from '../gateways/gateway';
import { gatewayNotConfigured } from '../gateways/gateway-errors';
import { invalidSignature } from '../gateways/stripe-gateway';
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

/** The payment an event is about (checked with its provider), or the refunds it reports; null for anything else. */
async function subjectOf(provider: Provider, ctx: Context, raw: Buffer, deps: WebhookDeps): Promise<WebhookSubject> {
  const { gateways } = deps;
  if (provider === 'stripe') {
    if (!gateways.stripe) throw gatewayNotConfigured('stripe');
    const event = gateways.stripe.verifyWebhook(raw, ctx.get('Stripe-Signature') || undefined);
    const refunds = gateways.stripe.refundsOf(event);
    if (refunds) return { refunds };
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
    const refund = await gateways.paypal.refundOf(event);
    if (refund) return { refunds: [refund] };
    const type = String(event.event_type ?? '');
    let orderId: unknown;
    if (type.startsWith('CHECKOUT.ORDER.')) orderId = field(event, 'resource', 'id');
    else if (type.startsWith('PAYMENT.CAPTURE.')) orderId = field(event, 'resource', 'supplementary_data', 'related_ids', 'order_id');
    return typeof orderId === 'string' && orderId ? { payment: await gateways.paypal.confirm(orderId) } : null;
  }
  if (!gateways.authorizeNet) throw gatewayNotConfigured('authorizenet');
  if (!gateways.authorizeNet.verifyWebhook(raw, ctx.get('X-ANET-Signature') || undefined)) throw invalidSignature();
  const event = parseJson(raw);
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
