/**
 * Stripe's PaymentIntent routes of 002 §7 and 001 §7. The browser confirms the intent with
 * Stripe.js (3-D Secure happens there); the server creates it with the amount it computed, patches
 * it, captures it and reads it back.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { ApiError } from '../../http/api-error';
import { gatewayNotConfigured } from '../../gateways/gateway-errors';
import { pickMetadata } from '../../gateways/payment-metadata';
import type { StripeGateway, StripeIntent, StripeShipping } from '../../gateways/stripe-gateway';
import { providerIdempotencyKey } from './idempotency';
import { ownerProof } from './owner-proof';
import type { PaymentRouteDeps } from './payment-deps';
import { mergeMetadata, PaymentInput } from './payment-input';
import { readJsonObject } from './request-body';
import { reportPayment } from './report-payment';
import { guardedCharge } from './waiting-payments';

const PAYMENT_METHOD_ID = /^[A-Za-z0-9_]{3,255}$/;
const INTENT_ID = /^pi_[A-Za-z0-9_]{1,255}$/;
const METHOD_TYPE = /^[a-z_]{2,50}$/;
/** Statuses in which Stripe still lets the amount change. */
const AMOUNT_CHANGEABLE = new Set(['requires_payment_method', 'requires_confirmation']);

/** What the browser sees of an intent; the client secret only on create, where the browser needs it to confirm. */
function publicIntent(intent: StripeIntent, withSecret = false): Record<string, unknown> {
  return {
    id: intent.id,
    object: 'payment_intent',
    status: intent.status,
    amount: intent.amount,
    amount_received: intent.amount_received,
    currency: intent.currency,
    metadata: pickMetadata(intent.metadata),
    ...(withSecret ? { client_secret: intent.client_secret } : {}),
    ...(intent.last_payment_error?.message ? { last_payment_error: { message: intent.last_payment_error.message } } : {}),
  };
}

function shippingFrom(input: PaymentInput): StripeShipping | undefined {
  const shipping = input.object('shipping');
  if (!shipping) return undefined;
  const address = input.object('address', shipping) ?? {};
  const name = input.string('name', { from: shipping, required: true, label: 'shipping.name', max: 200 });
  const line1 = input.string('line1', { from: address, required: true, label: 'shipping.address.line1' });
  const out: StripeShipping = { name: name ?? '', address: { line1: line1 ?? '' } };
  const phone = input.string('phone', { from: shipping, label: 'shipping.phone', max: 40 });
  if (phone) out.phone = phone;
  for (const key of ['line2', 'city', 'state', 'postal_code', 'country'] as const) {
    const value = input.string(key, { from: address, label: `shipping.address.${key}`, max: 200 });
    if (value) out.address[key] = value;
  }
  return out;
}

export function stripeRoutes(router: Router, deps: PaymentRouteDeps): void {
  const stripe = (): StripeGateway => {
    if (!deps.gateways.stripe) throw gatewayNotConfigured('stripe');
    return deps.gateways.stripe;
  };

  const intentId = (input: PaymentInput): string | undefined => {
    const id = input.string('paymentIntentId', { required: true, pattern: INTENT_ID });
    input.check();
    return id;
  };

  /**
   * An intent the browser names, read back from Stripe, for the owner of the order or quote its
   * metadata names only: an intent id travels in the 3-D Secure return URL and proves nothing.
   */
  const ownedIntent = async (ctx: Context, input: PaymentInput, id: string): Promise<StripeIntent> => {
    const intent = await stripe().retrieveIntent(id);
    const metadata = pickMetadata(intent.metadata);
    await deps.chargeAmount({ orderId: metadata.orderId, quoteId: metadata.quoteId, method: 'stripe', owner: ownerProof(ctx, input.body), purpose: 'check-owner' });
    return intent;
  };

  router.post('/api/payment/stripe/payment-intent', async (ctx) => {
    const gateway = stripe();
    const input = new PaymentInput(await readJsonObject(ctx));
    const paymentMethodId = input.string('paymentMethodId', { pattern: PAYMENT_METHOD_ID });
    const availableMethods = input.stringList('availableMethods', METHOD_TYPE);
    const requestedAmount = input.amount();
    const currency = input.currency();
    const receiptEmail = input.email('receiptEmail');
    const shipping = shippingFrom(input);
    const metadata = input.metadata();
    input.check();

    // One open intent per order or quote: an earlier one never confirmed is cancelled, one waiting
    // for 3-D Secure refuses this with 409 (./waiting-payments.ts), so two intents never both pay.
    const intent = await guardedCharge(deps, { orderId: metadata.orderId, quoteId: metadata.quoteId, requestedAmount, method: 'stripe', owner: ownerProof(ctx, input.body) }, async (charge, reusable) => {
      checkCurrency(currency, charge.currency);
      // The open intent for the same amount, never confirmed (a retry, a second tab): answered again.
      if (reusable) return reusable;
      const created = await gateway.createIntent({
        amountCents: charge.amountCents,
        currency: charge.currency,
        paymentMethodId,
        paymentMethodTypes: availableMethods,
        receiptEmail,
        shipping,
        metadata: { ...metadata, ...charge.metadata },
        idempotencyKey: providerIdempotencyKey(ctx, 'pi-create', [charge.metadata.orderId ?? charge.metadata.quoteId, charge.amountCents, paymentMethodId]),
      });
      // A replayed create (same Idempotency-Key) answers the same intent: recorded once, and not cancelled as "earlier".
      await deps.holds.recordAttempt({ gateway: 'stripe', providerReference: created.id, metadata: { ...metadata, ...charge.metadata }, amountCents: created.amount });
      return created;
    }, { reuseIntent: !paymentMethodId });
    ctx.body = { success: true, paymentIntent: publicIntent(intent, true), status: gateway.toConfirmedPayment(intent).status };
  });

  router.patch('/api/payment/stripe/payment-intent', async (ctx) => {
    const gateway = stripe();
    const input = new PaymentInput(await readJsonObject(ctx));
    const id = input.string('paymentIntentId', { required: true, pattern: INTENT_ID });
    const requestedAmount = input.amount();
    const currency = input.currency();
    const receiptEmail = input.email('receiptEmail');
    const shipping = shippingFrom(input);
    const availableMethods = input.stringList('availableMethods', METHOD_TYPE);
    const incoming = input.metadata();
    input.check();

    // The caller must own what the intent pays, and what the update adds (an order made from its quote).
    const current = await ownedIntent(ctx, input, id!);
    const owner = ownerProof(ctx, input.body);
    let metadata = mergeMetadata(pickMetadata(current.metadata), incoming);
    let amountCents: number | undefined;
    // After payment only the metadata may change (001 §4: the order id is added once the quote is converted).
    const changeable = AMOUNT_CHANGEABLE.has(current.status);
    if (changeable && (requestedAmount !== undefined || incoming.orderId || incoming.quoteId)) {
      const charge = await deps.chargeAmount({ orderId: metadata.orderId, quoteId: metadata.quoteId, requestedAmount, method: 'stripe', owner });
      checkCurrency(currency, charge.currency);
      amountCents = charge.amountCents;
      metadata = { ...metadata, ...charge.metadata };
    } else {
      await deps.chargeAmount({ orderId: metadata.orderId, quoteId: metadata.quoteId, method: 'stripe', owner, purpose: 'check-owner' });
    }
    const intent = await gateway.updateIntent(id!, {
      amountCents,
      metadata,
      receiptEmail,
      shipping: changeable ? shipping : undefined,
      paymentMethodTypes: changeable ? availableMethods : undefined,
    });
    ctx.body = { success: true, paymentIntent: publicIntent(intent) };
  });

  router.post('/api/payment/stripe/capture-payment', async (ctx) => {
    const gateway = stripe();
    const input = new PaymentInput(await readJsonObject(ctx));
    const id = intentId(input)!;
    const current = await ownedIntent(ctx, input, id);
    // Capturing an intent that is already captured is a success, not an error: the double click.
    let intent = current;
    if (current.status === 'requires_capture') {
      await gateway.captureIntent(id, `pi-capture-${id}`);
      intent = await gateway.retrieveIntent(id);
    }
    const payment = gateway.toConfirmedPayment(intent);
    await reportPayment(deps, payment);
    ctx.body = { success: true, paymentIntent: publicIntent(intent), status: payment.status };
  });

  router.post('/api/payment/stripe/payment-intent/retrieve', async (ctx) => {
    const gateway = stripe();
    const input = new PaymentInput(await readJsonObject(ctx));
    const intent = await ownedIntent(ctx, input, intentId(input)!);
    ctx.body = { success: true, paymentIntent: publicIntent(intent), status: gateway.toConfirmedPayment(intent).status };
  });
}

export function checkCurrency(requested: string | undefined, charged: string): void {
  if (requested && requested.toUpperCase() !== charged.toUpperCase()) {
    throw new ApiError(400, 'invalid_request', 'Form validation failed. Please check your information.', { currency: `Must be ${charged}` });
  }
}
