/**
 * Stripe's PaymentIntent routes. The browser confirms the intent with Stripe.js (3-D Secure happens
 * there); the server creates it with the amount it computed, patches it, captures it and reads it
 * back.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { RequestBody } from '../../../schemas/api/endpoint';
import { stripeCaptureEndpoint, stripeCreateIntentEndpoint, stripeRetrieveIntentEndpoint, stripeUpdateIntentEndpoint } from '../../../schemas/api/payments';
import { ApiError } from '../../http/api-error';
import { gatewayNotConfigured } from '../../gateways/gateway-errors';
import { pickMetadata } from '../../gateways/payment-metadata';
import type { StripeGateway, StripeIntent, StripeShipping } from '../../gateways/stripe-gateway';
import { providerIdempotencyKey } from './idempotency';
import { ownerProof } from './owner-proof';
import type { PaymentRouteDeps } from './payment-deps';
import { checkForGateway, currencyOf, mergeMetadata, metadataOf, PaymentRules, present, requestedAmount as requestedAmountOf } from './payment-input';
import { readJsonObject } from './request-body';
import { reportPayment } from './report-payment';
import { guardedCharge } from './waiting-payments';

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

type ShippingRequest = NonNullable<RequestBody<typeof stripeCreateIntentEndpoint>['shipping']>;

/** The checked shipping details, in Stripe's shape ('' is no value). */
function shippingFrom(shipping: ShippingRequest | undefined): StripeShipping | undefined {
  if (!shipping) return undefined;
  const out: StripeShipping = { name: shipping.name.trim(), address: { line1: shipping.address.line1.trim() } };
  const phone = present(shipping.phone);
  if (phone) out.phone = phone;
  for (const key of ['line2', 'city', 'state', 'postal_code', 'country'] as const) {
    const value = present(shipping.address[key]);
    if (value) out.address[key] = value;
  }
  return out;
}

export function stripeRoutes(router: Router, deps: PaymentRouteDeps): void {
  const stripe = (): StripeGateway => {
    if (!deps.gateways.stripe) throw gatewayNotConfigured('stripe');
    return deps.gateways.stripe;
  };
  const unavailable = () => (deps.gateways.stripe ? null : () => gatewayNotConfigured('stripe'));

  /**
   * An intent the browser names, read back from Stripe, for the owner of the order or quote its
   * metadata names only: an intent id travels in the 3-D Secure return URL and proves nothing.
   */
  const ownedIntent = async (ctx: Context, body: Record<string, unknown>, id: string): Promise<StripeIntent> => {
    const intent = await stripe().retrieveIntent(id);
    const metadata = pickMetadata(intent.metadata);
    await deps.chargeAmount({ orderId: metadata.orderId, quoteId: metadata.quoteId, method: 'stripe', owner: ownerProof(ctx, body), purpose: 'check-owner' });
    return intent;
  };

  router.post('/api/payment/stripe/payment-intent', async (ctx) => {
    const body = await readJsonObject(ctx);
    const { body: request } = checkForGateway(stripeCreateIntentEndpoint, ctx, body, unavailable());
    const gateway = stripe();
    const rules = new PaymentRules();
    const paymentMethodId = present(request.paymentMethodId);
    const availableMethods = request.availableMethods;
    const requestedAmount = requestedAmountOf(request.amount);
    const currency = currencyOf(request.currency);
    const receiptEmail = rules.email('receiptEmail', request.receiptEmail);
    const shipping = shippingFrom(request.shipping);
    const metadata = metadataOf(request.metadata, request);
    rules.check();

    // One open intent per order or quote: an earlier one never confirmed is cancelled, one waiting
    // for 3-D Secure refuses this with 409 (./waiting-payments.ts), so two intents never both pay.
    const intent = await guardedCharge(deps, { orderId: metadata.orderId, quoteId: metadata.quoteId, requestedAmount, method: 'stripe', owner: ownerProof(ctx, body) }, async (charge, reusable) => {
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
    const body = await readJsonObject(ctx);
    const { body: request } = checkForGateway(stripeUpdateIntentEndpoint, ctx, body, unavailable());
    const gateway = stripe();
    const rules = new PaymentRules();
    const id = request.paymentIntentId;
    const requestedAmount = requestedAmountOf(request.amount);
    const currency = currencyOf(request.currency);
    const receiptEmail = rules.email('receiptEmail', request.receiptEmail);
    const shipping = shippingFrom(request.shipping);
    const availableMethods = request.availableMethods;
    const incoming = metadataOf(request.metadata, request);
    rules.check();

    // The caller must own what the intent pays, and what the update adds (an order made from its quote).
    const current = await ownedIntent(ctx, body, id);
    const owner = ownerProof(ctx, body);
    let metadata = mergeMetadata(pickMetadata(current.metadata), incoming);
    let amountCents: number | undefined;
    // After payment only the metadata may change (the order id is added once the quote is converted).
    const changeable = AMOUNT_CHANGEABLE.has(current.status);
    if (changeable && (requestedAmount !== undefined || incoming.orderId || incoming.quoteId)) {
      const charge = await deps.chargeAmount({ orderId: metadata.orderId, quoteId: metadata.quoteId, requestedAmount, method: 'stripe', owner });
      checkCurrency(currency, charge.currency);
      amountCents = charge.amountCents;
      metadata = { ...metadata, ...charge.metadata };
    } else {
      await deps.chargeAmount({ orderId: metadata.orderId, quoteId: metadata.quoteId, method: 'stripe', owner, purpose: 'check-owner' });
    }
    const intent = await gateway.updateIntent(id, {
      amountCents,
      metadata,
      receiptEmail,
      shipping: changeable ? shipping : undefined,
      paymentMethodTypes: changeable ? availableMethods : undefined,
    });
    ctx.body = { success: true, paymentIntent: publicIntent(intent) };
  });

  router.post('/api/payment/stripe/capture-payment', async (ctx) => {
    const body = await readJsonObject(ctx);
    const id = checkForGateway(stripeCaptureEndpoint, ctx, body, unavailable()).body.paymentIntentId;
    const gateway = stripe();
    const current = await ownedIntent(ctx, body, id);
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
    const body = await readJsonObject(ctx);
    const id = checkForGateway(stripeRetrieveIntentEndpoint, ctx, body, unavailable()).body.paymentIntentId;
    const gateway = stripe();
    const intent = await ownedIntent(ctx, body, id);
    ctx.body = { success: true, paymentIntent: publicIntent(intent), status: gateway.toConfirmedPayment(intent).status };
  });
}

export function checkCurrency(requested: string | undefined, charged: string): void {
  if (requested && requested.toUpperCase() !== charged.toUpperCase()) {
    throw new ApiError(400, 'invalid_request', 'Form validation failed. Please check your information.', { currency: `Must be ${charged}` });
  }
}
