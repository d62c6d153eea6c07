/**
 * Attacker: a customer whose payment is pending or held for authentication re-posts the checkout
 * under the same Idempotency-Key with a different cart (more samples, or cheaper ones), so the
 * payment already under way would settle an order that no longer matches it. The cart is locked
 * while a payment is pending or on hold, as the addresses are.
 *
 * @engines sqlite postgres: the cart is locked by the order's row lock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPayload, skus } from '../api/commerce-test-kit';
import { bearer, call, card, CARD_NEEDS_AUTHENTICATION, orderSnapshot } from './attacker-kit';
import { startShop, type Shop } from './scripted-shop';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.stop();
});

let n = 0;
const key = () => `cart-lock-${Date.now()}-${++n}-0000`;

describe('a cart re-posted under the same Idempotency-Key', () => {
  it('cannot change while the payment is on hold for authentication', async () => {
    const idempotencyKey = key();
    const order = (await call(shop.url, 'POST', '/api/order', { body: orderPayload({}, skus(2)), headers: { 'Idempotency-Key': idempotencyKey } })).body;
    const held = await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(CARD_NEEDS_AUTHENTICATION), metadata: { orderId: String(order.id) } }, headers: bearer(order.accessToken) });
    expect(held.body).toMatchObject({ status: 'on_hold' });
    const before = await orderSnapshot(shop.database.q, order.id);
    const rewrite = await call(shop.url, 'POST', '/api/order', { body: orderPayload({}, skus(1)), headers: { 'Idempotency-Key': idempotencyKey } });
    expect(rewrite.status).toBe(409);
    expect(rewrite.body).toMatchObject({ error: 'order_locked' });
    expect(await orderSnapshot(shop.database.q, order.id)).toEqual(before);
  });

  it('cannot change while the payment is pending with the provider', async () => {
    const idempotencyKey = key();
    const order = (await call(shop.url, 'POST', '/api/order', { body: orderPayload({}, skus(3)), headers: { 'Idempotency-Key': idempotencyKey } })).body;
    const created = await call(shop.url, 'POST', '/api/payment/stripe/payment-intent', { body: { metadata: { orderId: String(order.id) } }, headers: bearer(order.accessToken) });
    shop.stripe.setStatus(created.body.paymentIntent.id, 'processing');
    const pending = await call(shop.url, 'POST', '/api/payment/stripe/verify', { body: { paymentIntentId: created.body.paymentIntent.id }, headers: bearer(order.accessToken) });
    expect(pending.body).toMatchObject({ status: 'pending', orderStatus: 'pending_payment' });
    const before = await orderSnapshot(shop.database.q, order.id);
    const rewrite = await call(shop.url, 'POST', '/api/order', { body: orderPayload({}, skus(1)), headers: { 'Idempotency-Key': idempotencyKey } });
    expect(rewrite.status).toBe(409);
    expect(await orderSnapshot(shop.database.q, order.id)).toEqual(before);
    // The same cart again is a retry, not a change: it answers the order as it is.
    const retry = await call(shop.url, 'POST', '/api/order', { body: orderPayload({}, skus(3)), headers: { 'Idempotency-Key': idempotencyKey } });
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(order.id);
    // Once the provider says the payment failed, the cart may change again (the order is updated, not duplicated).
    shop.stripe.setStatus(created.body.paymentIntent.id, 'canceled');
    await call(shop.url, 'POST', '/api/payment/stripe/verify', { body: { paymentIntentId: created.body.paymentIntent.id }, headers: bearer(order.accessToken) });
    const changed = await call(shop.url, 'POST', '/api/order', { body: orderPayload({}, skus(1)), headers: { 'Idempotency-Key': idempotencyKey } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: order.id, totalItemCount: 1 });
  });
});
