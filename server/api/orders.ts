/**
 * The order endpoints: create, update by the owner, view by the owner, lookup by id and e-mail
 * (rate limited), and split payments. Ownership of an order is proven by the access token returned
 * when it was created, in the Authorization header only (Bearer <token>); the split-payment page
 * proves it with the order id and its e-mail, under the lookup's rate limits.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { RequestBody } from '../../schemas/api/endpoint';
import { createOrderEndpoint, IDEMPOTENCY_KEY_PATTERN, lookupOrderEndpoint, splitPaymentEndpoint, updateOrderEndpoint, viewOrderEndpoint } from '../../schemas/api/orders';
import { GATEWAY_NAMES } from '../gateways/gateway';
import { ApiError } from '../http/api-error';
import { apiErrorOf } from '../http/error-handler';
import { checkRequest } from '../http/contract';
import type { DealerState } from '../http/dealer-origin';
import type { StoreOrigins } from '../http/store-origins';
import type { Commerce } from '../services/commerce';
import { readEmailAddress } from '../services/email-address';
import { ORDER_ALREADY_PAID } from '../orders/charges';
import { SPLIT_NOT_ENABLED } from '../orders/order-access';
import { orderNotFound } from '../orders/order-errors';
import { balanceCents, loadOrder } from '../orders/order-view';
import { clientKey, ownerProof } from './payments/owner-proof';
import { presentedToken, readJson } from './read-json';

/** A secret of the checkout (a random UUID): a repeated key answers with that order and its token. */
const IDEMPOTENCY_KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN);

export const IDEMPOTENCY_KEY_REQUIRED = 'A new order needs an Idempotency-Key header (a random UUID kept for the whole checkout), so that a retry cannot place a second order.';
const IDEMPOTENCY_KEY_INVALID = 'The Idempotency-Key header must be 16 to 128 letters, digits or -_:. (a random UUID).';

/**
 * The checkout's key. Required: without one, every retry of a request whose answer was lost (a
 * timeout, a reload, a double click) would place another order for the same cart. Checked before
 * the contract (which describes it): its refusal has its own codes and names the header as sent.
 */
function idempotencyKeyOf(ctx: Context): string {
  const key = ctx.get('Idempotency-Key');
  if (key === '') throw new ApiError(400, 'idempotency_key_required', IDEMPOTENCY_KEY_REQUIRED, { 'Idempotency-Key': IDEMPOTENCY_KEY_REQUIRED });
  if (!IDEMPOTENCY_KEY.test(key)) throw new ApiError(400, 'invalid_idempotency_key', IDEMPOTENCY_KEY_INVALID, { 'Idempotency-Key': IDEMPOTENCY_KEY_INVALID });
  return key;
}

/** The gateway behind a payment method name (or a gateway name given directly). */
export function gatewayFor(commerce: Commerce, method: unknown): string {
  const name = typeof method === 'string' ? method.trim() : '';
  const defined = commerce.content.paymentMethods.find((m) => m.name === name && m.enabled);
  if (defined) return defined.gateway;
  if ((GATEWAY_NAMES as readonly string[]).includes(name)) return name;
  throw new ApiError(400, 'payment_method_not_available', 'Payment method not available', { method: 'Payment method not available' });
}

type PaymentAttempts = RequestBody<typeof updateOrderEndpoint>;

/** The payment attempt of a checked body (its contract requires each one's transactionId): payments[0], else payment. */
export function paymentAttempt(body: Pick<PaymentAttempts, 'payments' | 'payment'>): { transactionId: string; method: string | undefined } | undefined {
  const attempt = body.payments?.[0] ?? body.payment;
  return attempt && { transactionId: attempt.transactionId, method: attempt.method };
}

/** A 429 of the e-mail check tells the client when to come back. */
async function retryAfterOn429<T>(ctx: Context, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (apiErrorOf(err)?.status === 429) ctx.set('Retry-After', '60');
    throw err;
  }
}

async function requireOwner(commerce: Commerce, ctx: Context, rawId: unknown): Promise<number> {
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? await commerce.orders.resolveOrderId(String(rawId)) : undefined;
  if (id === undefined || !commerce.tokens.verify(id, presentedToken(ctx))) throw orderNotFound();
  return id;
}

/**
 * The Origin of a call from another site, as a browser writes it (scheme, host, port), or null. Any
 * other text (a dealer's id sent as an Origin by a script outside a browser) is not recorded: the
 * back office would show an order with it as that dealer's.
 */
function callingOrigin(origin: string, storeOrigins: StoreOrigins): string | null {
  if (!origin || origin.length > 200 || storeOrigins.has(origin)) return null;
  try {
    return new URL(origin).origin === origin ? origin : null;
  } catch {
    return null;
  }
}

/** The signed-in customer a request acts for, or null for a guest (the accounts room's AccountAuth). */
export type CustomerOfRequest = (ctx: Context) => number | null | Promise<number | null>;

export interface OrderRouteDeps {
  /** The signed-in customer a new order belongs to; default none (guests). */
  customerOf?: CustomerOfRequest;
  /** The store's own origins: an order posted from any other records that origin as its dealer's. */
  storeOrigins: StoreOrigins;
}

export function orderRoutes(router: Router, commerce: Commerce, { customerOf = () => null, storeOrigins }: OrderRouteDeps): void {
  const { orders, payments } = commerce;

  router.post('/api/order', async (ctx) => {
    const raw = await readJson(ctx);
    const key = idempotencyKeyOf(ctx);
    const body = checkRequest(createOrderEndpoint, ctx, raw).body;
    const input = orders.parseCartOrder(body);
    // A widget's dealer, checked against its origins or its key (http/dealer-origin.ts), with what
    // that rests on; else the calling origin, credited to no dealer.
    const { dealerId, dealerAttribution } = ctx.state as DealerState;
    const dealer = dealerId ?? callingOrigin(ctx.get('Origin'), storeOrigins);
    const { order, created } = await orders.placeFromCart(input, key, dealer, await customerOf(ctx), dealerId ? (dealerAttribution ?? null) : null);
    ctx.status = created ? 201 : 200;
    ctx.body = { ...order, accessToken: commerce.tokens.issue(order.id) };
  });

  router.patch('/api/order', async (ctx) => {
    const { body } = checkRequest(updateOrderEndpoint, ctx, await readJson(ctx));
    const id = await requireOwner(commerce, ctx, body.id ?? body.orderId);
    const attempt = paymentAttempt(body);
    const hasAddresses = body.addresses !== undefined || body.billingAddress !== undefined || body.shippingAddress !== undefined;
    if (!attempt && !hasAddresses) {
      // status, emailSent, statusHistory and amounts are the server's to set: nothing to do.
      ctx.body = { success: true, message: 'Nothing to update.', order: await orders.view(id), adminEmail: commerce.mail.adminEmails, sendConfirmationEmail: false };
      return;
    }
    let order = hasAddresses && !attempt ? await orders.updateAddresses(id, body) : (await orders.view(id))!;
    let sendConfirmationEmail = false;
    let message = 'Order updated.';
    if (attempt) {
      const gateway = gatewayFor(commerce, attempt.method);
      const { confirmed, applied } = await payments.confirmAndApply(gateway, attempt.transactionId, { orderId: id, by: 'access-token' }, { method: String(attempt.method ?? '') });
      order = applied.order;
      sendConfirmationEmail = applied.sendConfirmationEmail;
      message = confirmed.status === 'failed' ? 'Payment failed' : confirmed.status === 'completed' ? 'Order paid.' : 'Payment pending.';
    }
    ctx.body = { success: true, message, order, adminEmail: commerce.mail.adminEmails, sendConfirmationEmail };
  });

  router.get('/api/order/view/:id', async (ctx) => {
    const { params } = checkRequest(viewOrderEndpoint, ctx);
    const id = await requireOwner(commerce, ctx, params.id);
    ctx.body = { success: true, status: 200, data: await orders.view(id), message: 'Order found.' };
  });

  router.get('/api/order/:orderId', (ctx) => retryAfterOn429(ctx, async () => {
    const { params, query } = checkRequest(lookupOrderEndpoint, ctx);
    const rawId = params.orderId;
    // The one e-mail rule: a malformed or look-alike address gets its message, and is no guess.
    const read = readEmailAddress(query.email.slice(0, 1000));
    if ('problem' in read) throw new ApiError(400, 'validation_failed', read.problem, { email: read.problem });
    // The same budgets as a payment proven by e-mail: keyed by the order's id when it resolves.
    const resolved = await orders.resolveOrderId(rawId);
    const data = await commerce.emailLimits.guard(clientKey(ctx), resolved !== undefined ? String(resolved) : rawId, read.address, () => orders.lookupByEmail(rawId, read.address));
    ctx.body = { success: true, data };
  }));

  router.post('/api/order/:id/split-payment', async (ctx) => {
    const { body, params } = checkRequest(splitPaymentEndpoint, ctx, await readJson(ctx));
    // The order id and its e-mail, under the lookup's rate limits; or the order's access token.
    const owned = await retryAfterOn429(ctx, () => payments.authorize({ orderId: params.id }, ownerProof(ctx, body)));
    const record = await loadOrder(commerce.q, owned.orderId!);
    if (!record) throw orderNotFound();
    if (record.order.split_payment_enabled !== 1) throw new ApiError(400, 'splitPaymentNotEnabled', SPLIT_NOT_ENABLED);
    const attempt = paymentAttempt(body);
    if (!attempt) throw new ApiError(400, 'validation_failed', 'Payment amount is required', { payments: 'Payment amount is required' });
    // The gateways record a payment as they take it (the test card, Stripe and PayPal report at
    // charge time), so the part that pays the balance to zero is already on the order when the
    // page names it here: that one is answered with the order, only a new payment is refused.
    const alreadyRecorded = record.payments.some((p) => p.transaction_id === attempt.transactionId);
    if (!alreadyRecorded && balanceCents(record.order, record.payments) === 0) throw new ApiError(409, 'orderAlreadyPaid', ORDER_ALREADY_PAID);
    const gateway = gatewayFor(commerce, attempt.method);
    const { confirmed, applied } = await payments.confirmAndApply(gateway, attempt.transactionId, owned, { method: String(attempt.method ?? '') });
    if (confirmed.status === 'failed') {
      const reason = typeof confirmed.additionalData?.message === 'string' ? confirmed.additionalData.message : 'Payment failed';
      throw new ApiError(402, 'payment_failed', reason);
    }
    ctx.body = { success: true, message: confirmed.status === 'completed' ? 'Payment successful!' : 'Payment pending.', data: applied.order };
  });
}
