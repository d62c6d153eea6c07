/**
 * The order endpoints (002 §7, 001 §7): create, update by the owner, view by the owner, lookup by
 * id and e-mail (rate limited), and split payments. Ownership of an order is proven by the access
 * token returned when it was created (Authorization: Bearer <token>, or ?token=).
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { GATEWAY_NAMES } from '../gateways/gateway';
import { ApiError } from '../http/api-error';
import type { Commerce } from '../services/commerce';
import { notFound, ORDER_NOT_FOUND } from '../services/order-service';
import { balanceCents, loadOrder } from '../services/order-view';
import { ORDER_ALREADY_PAID, SPLIT_NOT_ENABLED } from '../services/payment-service';
import { bodyObject, isRecord, queryValue, type Json } from '../services/request-input';
import { presentedToken, readJson } from './read-json';

/** A secret of the checkout (a random UUID): a repeated key answers with that order and its token. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_\-:.]{16,128}$/;

/** The gateway behind a payment method name (or a gateway name given directly). */
export function gatewayFor(commerce: Commerce, method: unknown): string {
  const name = typeof method === 'string' ? method.trim() : '';
  const defined = commerce.content.paymentMethods.find((m) => m.name === name && m.enabled);
  if (defined) return defined.gateway;
  if ((GATEWAY_NAMES as readonly string[]).includes(name)) return name;
  throw new ApiError(400, 'payment_method_not_available', 'Payment method not available', { method: 'Payment method not available' });
}

/** The first payment attempt of a body: payments[0], payment, or the body itself. */
export function paymentAttempt(body: Json): { transactionId: string; method: unknown } | undefined {
  const candidates = [Array.isArray(body.payments) ? body.payments[0] : undefined, body.payment];
  for (const c of candidates) {
    if (!isRecord(c)) continue;
    const id = c.transactionId;
    if (typeof id === 'string' && /^[A-Za-z0-9_\-:.]{1,200}$/.test(id)) return { transactionId: id, method: c.method };
    throw new ApiError(400, 'validation_failed', 'A payment needs its transactionId.', { transactionId: 'This field is required' });
  }
  return undefined;
}

function requireOwner(commerce: Commerce, ctx: Context, rawId: unknown, body?: Json): number {
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? commerce.orders.resolveOrderId(String(rawId)) : undefined;
  if (id === undefined || !commerce.tokens.verify(id, presentedToken(ctx, body))) throw notFound();
  return id;
}

export function orderRoutes(router: Router, commerce: Commerce): void {
  const { orders, payments } = commerce;

  router.post('/api/order', async (ctx) => {
    const body = bodyObject(await readJson(ctx));
    const key = ctx.get('Idempotency-Key') || null;
    if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
      throw new ApiError(400, 'invalid_idempotency_key', 'The Idempotency-Key header must be 16 to 128 letters, digits or -_:. (a random UUID).');
    }
    const input = orders.parseOrderInput(body);
    const origin = ctx.get('Origin');
    const dealer = origin && origin !== new URL(commerce.publicUrl).origin ? origin.slice(0, 200) : null;
    const { order, created } = await orders.createOrder(input, key, dealer);
    ctx.status = created ? 201 : 200;
    ctx.body = { ...order, accessToken: commerce.tokens.issue(order.id) };
  });

  router.patch('/api/order', async (ctx) => {
    const body = bodyObject(await readJson(ctx));
    const id = requireOwner(commerce, ctx, body.id ?? body.orderId, body);
    const attempt = paymentAttempt(body);
    const hasAddresses = Array.isArray(body.addresses) || isRecord(body.billingAddress) || isRecord(body.shippingAddress);
    if (!attempt && !hasAddresses) {
      // status, emailSent, statusHistory and amounts are the server's to set: nothing to do.
      ctx.body = { success: true, message: 'Nothing to update.', order: orders.view(id), adminEmail: commerce.mail.adminEmails, sendConfirmationEmail: false };
      return;
    }
    let order = hasAddresses && !attempt ? orders.updateAddresses(id, body) : orders.view(id)!;
    let sendConfirmationEmail = false;
    let message = 'Order updated.';
    if (attempt) {
      const gateway = gatewayFor(commerce, attempt.method);
      const { confirmed, applied } = await payments.confirmAndApply(gateway, attempt.transactionId, { method: String(attempt.method ?? ''), expectOrderId: id });
      order = applied.order;
      sendConfirmationEmail = applied.sendConfirmationEmail;
      message = confirmed.status === 'failed' ? 'Payment failed' : confirmed.status === 'completed' ? 'Order paid.' : 'Payment pending.';
    }
    ctx.body = { success: true, message, order, adminEmail: commerce.mail.adminEmails, sendConfirmationEmail };
  });

  router.get('/api/order/view/:id', (ctx) => {
    const id = requireOwner(commerce, ctx, ctx.params.id);
    ctx.body = { success: true, status: 200, data: orders.view(id), message: 'Order found.' };
  });

  router.get('/api/order/:orderId', async (ctx) => {
    const email = queryValue(ctx.query.email);
    const rawId = ctx.params.orderId ?? '';
    const tooMany = () => {
      ctx.set('Retry-After', '60');
      return new ApiError(429, 'too_many_requests', 'Too many order lookups. Please try again in a minute.');
    };
    if (!(await commerce.lookupLimiter.consume(`lookup:${ctx.ip.slice(0, 64)}`))) throw tooMany();
    if (!email || email.trim() === '') throw new ApiError(400, 'validation_failed', 'Email is required', { email: 'Email is required' });
    // Both checks always count, so the answer does not tell which key ran out.
    const byOrder = await commerce.lookupTargetLimiter.consume(`order:${rawId.trim().toLowerCase().slice(0, 64)}`);
    const byEmail = await commerce.lookupTargetLimiter.consume(`email:${email.trim().toLowerCase().slice(0, 254)}`);
    if (!byOrder || !byEmail) throw tooMany();
    ctx.body = { success: true, data: orders.lookupByEmail(rawId, email) };
  });

  router.post('/api/order/:id/split-payment', async (ctx) => {
    const body = bodyObject(await readJson(ctx));
    const rawId = ctx.params.id ?? '';
    const id = orders.resolveOrderId(rawId);
    const record = id === undefined ? undefined : loadOrder(commerce.q, id);
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : undefined;
    const owner = record && ((email !== undefined && record.order.email.toLowerCase() === email) || commerce.tokens.verify(record.order.id, presentedToken(ctx, body)));
    if (!record || !owner) throw new ApiError(404, 'orderNotExist', ORDER_NOT_FOUND);
    if (record.order.split_payment_enabled !== 1) throw new ApiError(400, 'splitPaymentNotEnabled', SPLIT_NOT_ENABLED);
    if (balanceCents(record.order, record.payments) === 0) throw new ApiError(409, 'orderAlreadyPaid', ORDER_ALREADY_PAID);
    const attempt = paymentAttempt(body);
    if (!attempt) throw new ApiError(400, 'validation_failed', 'Payment amount is required', { payments: 'Payment amount is required' });
    const gateway = gatewayFor(commerce, attempt.method);
    const { confirmed, applied } = await payments.confirmAndApply(gateway, attempt.transactionId, { method: String(attempt.method ?? ''), expectOrderId: record.order.id });
    if (confirmed.status === 'failed') {
      const reason = typeof confirmed.additionalData?.message === 'string' ? confirmed.additionalData.message : 'Payment failed';
      throw new ApiError(402, 'payment_failed', reason);
    }
    ctx.body = { success: true, message: confirmed.status === 'completed' ? 'Payment successful!' : 'Payment pending.', data: applied.order };
  });
}
