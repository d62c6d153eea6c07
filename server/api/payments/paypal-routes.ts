/** PayPal's order routes, with the checkout's wallet messages word for word. */
import type Router from '@koa/router';
import type { RequestBody } from '../../../schemas/api/endpoint';
import { paypalCaptureEndpoint, paypalCreateOrderEndpoint, paypalUpdateOrderEndpoint } from '../../../schemas/api/payments';
import { ApiError } from '../../http/api-error';
import { PAYPAL_MESSAGES } from '../../../schemas/evaluators/paypal-messages';
import { WAITING_PAYMENT_MESSAGES } from '../../../schemas/evaluators/waiting-payment-messages';
import { payPalValueToCents, type PayPalGateway, type PayPalOrder } from '../../gateways/paypal-gateway';
import { providerIdempotencyKey } from './idempotency';
import { ownerProof } from './owner-proof';
import type { PaymentRouteDeps } from './payment-deps';
import { checkForGateway, currencyOf, mergeMetadata, metadataOf, requestedAmount as requestedAmountOf } from './payment-input';
import { readJsonObject } from './request-body';
import { reportPayment, toDollars } from './report-payment';
import { checkCurrency } from './stripe-routes';
import { guardedCharge } from './waiting-payments';

type PayPalMetadataSources = Pick<RequestBody<typeof paypalCreateOrderEndpoint>, 'metadata' | 'additionalData'>;

/**
 * Metadata from `metadata`, `additionalData.metadata` or `additionalData` itself (the spec's client
 * sends additionalData); the top level only where the body's own `orderId` is ours, not PayPal's.
 */
function metadataFrom(request: PayPalMetadataSources, topLevel?: RequestBody<typeof paypalCreateOrderEndpoint>) {
  const additional = request.additionalData;
  return metadataOf(request.metadata ?? additional?.metadata ?? additional, topLevel);
}

export function paypalRoutes(router: Router, deps: PaymentRouteDeps): void {
  const notConfigured = () => new ApiError(400, 'gateway_not_configured', PAYPAL_MESSAGES.configNotFound, undefined, { gateway: 'paypal' });
  const paypal = (): PayPalGateway => {
    if (!deps.gateways.paypal) throw notConfigured();
    return deps.gateways.paypal;
  };
  const unavailable = () => (deps.gateways.paypal ? null : notConfigured);

  router.post('/api/payment/paypal/order', async (ctx) => {
    const body = await readJsonObject(ctx);
    const { body: request } = checkForGateway(paypalCreateOrderEndpoint, ctx, body, unavailable());
    const gateway = paypal();
    const requestedAmount = requestedAmountOf(request.amount);
    const currency = currencyOf(request.currency);
    const metadata = metadataFrom(request, request);

    const charge = await deps.chargeAmount({ orderId: metadata.orderId, quoteId: metadata.quoteId, requestedAmount, method: 'paypal', owner: ownerProof(ctx, body) });
    checkCurrency(currency, charge.currency);
    const order = await gateway.createOrder({
      amountCents: charge.amountCents,
      currency: charge.currency,
      metadata: { ...metadata, ...charge.metadata },
      requestId: providerIdempotencyKey(ctx, 'paypal-order', [charge.metadata.orderId ?? charge.metadata.quoteId, charge.amountCents]),
    });
    // Remembered, so "Pay another way" can void it and a later charge knows of it (./waiting-payments.ts).
    await deps.holds.recordAttempt({ gateway: 'paypal', providerReference: order.id, metadata: { ...metadata, ...charge.metadata }, amountCents: charge.amountCents });
    const links = (order.links ?? []).map(({ href, rel, method }) => ({ href, rel, ...(method ? { method } : {}) }));
    ctx.body = { success: true, id: order.id, status: order.status, response: { id: order.id, status: order.status, links } };
  });

  router.patch('/api/payment/paypal/order', async (ctx) => {
    const body = await readJsonObject(ctx);
    const { body: request } = checkForGateway(paypalUpdateOrderEndpoint, ctx, body, unavailable());
    const gateway = paypal();
    const orderId = request.orderId;
    const requestedAmount = requestedAmountOf(request.amount);
    const currency = currencyOf(request.currency);
    // The body's own orderId is PayPal's: ours come from metadata or additionalData only.
    const incoming = metadataFrom(request);

    const current = gateway.toConfirmedPayment(await gateway.getOrder(orderId));
    // Only the owner of what the PayPal order pays hears anything about it (its id travels in URLs).
    const owner = ownerProof(ctx, body);
    await deps.chargeAmount({ orderId: current.metadata.orderId, quoteId: current.metadata.quoteId, method: 'paypal', owner, purpose: 'check-owner' });
    // Refuses pointing the payment at another order, paid or not.
    const metadata = mergeMetadata(current.metadata, incoming);
    // A paid order is not patched: PayPal refuses it and the amount is history; the orders room
    // keeps the converted quote's order reference itself (verify). Only its owner hears that.
    if (current.status === 'completed') await deps.chargeAmount({ orderId: metadata.orderId, quoteId: metadata.quoteId, method: 'paypal', owner, purpose: 'check-owner' });
    else {
      const charge = await deps.chargeAmount({ orderId: metadata.orderId, quoteId: metadata.quoteId, requestedAmount, method: 'paypal', owner });
      checkCurrency(currency, charge.currency);
      await gateway.updateOrder(orderId, { amountCents: charge.amountCents, currency: charge.currency, metadata: { ...metadata, ...charge.metadata } });
    }
    ctx.body = { success: true, id: orderId };
  });

  router.post('/api/payment/paypal/capture', async (ctx) => {
    const body = await readJsonObject(ctx);
    const { orderId } = checkForGateway(paypalCaptureEndpoint, ctx, body, unavailable()).body;
    const gateway = paypal();

    // The PayPal order id travels in the return URL (?token=): only the owner of the order or
    // quote it pays may capture it.
    const approved = gateway.toConfirmedPayment(await gateway.getOrder(orderId));
    const owner = ownerProof(ctx, body);
    const request = { orderId: approved.metadata.orderId, quoteId: approved.metadata.quoteId, method: 'paypal' as const, owner };
    await deps.chargeAmount({ ...request, purpose: 'check-owner' });
    // The capture is where PayPal takes the money, so it is guarded like a charge: never a
    // PayPal order the customer cancelled to pay another way, never while another payment waits, and
    // never more than is still due. A repeated capture of a captured order takes nothing: answered as is.
    const captureGuarded = async (): Promise<PayPalOrder> => {
      if ((await deps.holds.attemptState(orderId)) === 'voided') throw new ApiError(409, 'payment_voided', WAITING_PAYMENT_MESSAGES.voidedPayPal);
      return guardedCharge(deps, { ...request, requestedAmount: approved.amountCents / 100, exceptReference: orderId }, async (charge) => {
        if (approved.amountCents > charge.amountCents) throw new ApiError(409, 'amount_changed', WAITING_PAYMENT_MESSAGES.amountChanged);
        const captured = await gateway.captureOrder(orderId);
        // In the ledger before the charge's claim ends: no other charge finds the order unpaid meanwhile.
        await reportPayment(deps, gateway.toConfirmedPayment(captured));
        return captured;
      });
    };
    const guarded = approved.additionalData.captureId === undefined;
    const order = guarded ? await captureGuarded() : await gateway.captureOrder(orderId);
    const payment = gateway.toConfirmedPayment(order);
    if (!guarded) await reportPayment(deps, payment);
    await deps.holds.markAttempt(orderId, 'settled');
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    const transactionResponse = {
      id: order.id,
      status: order.status,
      ...(capture ? { captureId: capture.id, captureStatus: capture.status, amount: capture.amount } : {}),
    };
    if (payment.status === 'failed') {
      throw new ApiError(402, 'payment_failed', PAYPAL_MESSAGES.captureFailed, undefined, {
        success: false,
        status: payment.status,
        transactionId: payment.transactionId,
        transactionResponse,
      });
    }
    ctx.body = {
      success: true,
      transactionId: payment.transactionId,
      status: payment.status,
      amount: capture?.amount ? toDollars(payPalValueToCents(capture.amount.value)) : toDollars(payment.amountCents),
      transactionResponse,
      metadata: payment.metadata,
    };
  });
}
