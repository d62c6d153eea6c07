/**
 * Attacker: knows an order id (they are sequential) and nothing else, or holds the token of an
 * order of their own. Tries every gateway route against the victim's order: start a charge (which
 * would add a 'Payment failed' note or move the order to pending_payment), create a Stripe intent,
 * a PayPal order, an Authorize.net transaction, and capture, read back or re-point the victim's own
 * provider objects, whose ids travel in return URLs. Every attempt gets the answer of an unknown
 * order, nothing reaches a provider, and nothing about the victim's order changes.
 *
 * @engines sqlite: proof of ownership is checked before any query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPayload } from '../api/commerce-test-kit';
import { bearer, call, card, CARD_DECLINED, CARD_NEEDS_AUTHENTICATION, leaks, orderSnapshot, paymentCount, strangerHeaders, type Answer } from './attacker-kit';
import { startShop, type Shop } from './scripted-shop';

let shop: Shop;
let victim: Record<string, any>;
let attacker: Record<string, any>;
let secrets: string[];

const NOT_FOUND = { error: 'orderNotExist', message: 'Order not found.' };

beforeAll(async () => {
  shop = await startShop();
  const victimAddress = { type: 'billing', email: 'victim.person@example.com', firstName: 'Vera', lastName: 'Victim', street1: '77 Hidden Lane', street2: '', city: 'Austin', state: 'TX', zipCode: '78701', countryId: 'US', phoneNumber: '(512) 555-0777' };
  victim = (await call(shop.url, 'POST', '/api/order', { body: orderPayload({ email: victimAddress.email, firstName: 'Vera', lastName: 'Victim', addresses: [victimAddress, { ...victimAddress, type: 'shipping' }] }) })).body;
  attacker = (await call(shop.url, 'POST', '/api/order', { body: orderPayload() })).body;
  expect(victim.accessToken).toBeTruthy();
  secrets = [victim.accessToken, victim.email, '77 Hidden Lane', '555-0777', 'Vera'];
});
afterAll(async () => {
  await shop?.stop();
});

function expectRefused(answer: Answer, label: string): void {
  expect(answer.status, `${label}: ${answer.text}`).toBe(404);
  expect(answer.body, label).toEqual(NOT_FOUND);
  expect(leaks(answer, secrets), label).toEqual([]);
}

describe('a stranger starting a payment for the victim\'s order', () => {
  it('cannot charge it with the test gateway, with any card: no payment, no note, no status change', async () => {
    const before = await orderSnapshot(shop.database.q, victim.id);
    const payments = await paymentCount(shop.database.q);
    for (const [label, headers] of strangerHeaders(attacker.accessToken)) {
      for (const number of ['4242424242424242', CARD_DECLINED, CARD_NEEDS_AUTHENTICATION]) {
        const res = await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(number), metadata: { orderId: String(victim.id) } }, headers });
        expectRefused(res, `${label}, card ${number}`);
      }
      // The increment id names the same order.
      expectRefused(await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(CARD_DECLINED), orderId: victim.orderIncrementId }, headers }), `${label}, increment id`);
    }
    expect(await paymentCount(shop.database.q)).toBe(payments);
    expect(await orderSnapshot(shop.database.q, victim.id)).toEqual(before);
  });

  it('cannot create a Stripe intent, a PayPal order or an Authorize.net transaction for it', async () => {
    const before = await orderSnapshot(shop.database.q, victim.id);
    const [intents, paypalOrders, anetCharges] = [shop.stripe.intents.size, shop.paypal.orders.size, shop.anet.charges.length];
    for (const [label, headers] of strangerHeaders(attacker.accessToken)) {
      expectRefused(await call(shop.url, 'POST', '/api/payment/stripe/payment-intent', { body: { metadata: { orderId: String(victim.id) } }, headers }), `stripe, ${label}`);
      expectRefused(await call(shop.url, 'POST', '/api/payment/paypal/order', { body: { additionalData: { orderId: String(victim.id) } }, headers }), `paypal, ${label}`);
      expectRefused(
        await call(shop.url, 'POST', '/api/payment/authorize-net/process-transaction', { body: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'opaque-token', additionalData: { orderId: String(victim.id) } }, headers }),
        `authorize.net, ${label}`,
      );
    }
    expect([shop.stripe.intents.size, shop.paypal.orders.size, shop.anet.charges.length]).toEqual([intents, paypalOrders, anetCharges]);
    expect(await orderSnapshot(shop.database.q, victim.id)).toEqual(before);
  });

  it('cannot pass its own order\'s token off for the victim\'s by naming both orders', async () => {
    const res = await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(CARD_DECLINED), metadata: { orderId: String(victim.id) }, orderId: String(attacker.id) }, headers: bearer(attacker.accessToken) });
    expectRefused(res, 'metadata names the victim');
  });
});

describe('a stranger holding the id of the victim\'s provider object (from a return URL)', () => {
  it('cannot read back, re-price, re-point or capture the victim\'s Stripe intent', async () => {
    const created = await call(shop.url, 'POST', '/api/payment/stripe/payment-intent', { body: { metadata: { orderId: String(victim.id) } }, headers: bearer(victim.accessToken) });
    expect(created.status).toBe(200);
    const id = created.body.paymentIntent.id as string;
    shop.stripe.setStatus(id, 'requires_capture');
    const before = await orderSnapshot(shop.database.q, victim.id);
    for (const [label, headers] of strangerHeaders(attacker.accessToken)) {
      expectRefused(await call(shop.url, 'POST', '/api/payment/stripe/payment-intent/retrieve', { body: { paymentIntentId: id }, headers }), `retrieve, ${label}`);
      expectRefused(await call(shop.url, 'POST', '/api/payment/stripe/capture-payment', { body: { paymentIntentId: id }, headers }), `capture, ${label}`);
      expectRefused(await call(shop.url, 'PATCH', '/api/payment/stripe/payment-intent', { body: { paymentIntentId: id, receiptEmail: 'thief@example.com' }, headers }), `patch, ${label}`);
    }
    // Re-pointing it at the attacker's own order, with the attacker's own token.
    const moved = await call(shop.url, 'PATCH', '/api/payment/stripe/payment-intent', { body: { paymentIntentId: id, metadata: { orderId: String(attacker.id) } }, headers: bearer(attacker.accessToken) });
    expect(moved.status).toBeGreaterThanOrEqual(400);
    expect(moved.status).toBeLessThan(500);
    const intent = shop.stripe.intents.get(id)!;
    expect(intent.status).toBe('requires_capture');
    expect(intent.metadata).toEqual({ orderId: String(victim.id), orderIncrementId: victim.orderIncrementId });
    expect(await orderSnapshot(shop.database.q, victim.id)).toEqual(before);
    // The owner still can.
    const captured = await call(shop.url, 'POST', '/api/payment/stripe/capture-payment', { body: { paymentIntentId: id }, headers: bearer(victim.accessToken) });
    expect(captured.body).toMatchObject({ success: true, status: 'completed' });
  });

  it('cannot capture or update the victim\'s approved PayPal order', async () => {
    const other = (await call(shop.url, 'POST', '/api/order', { body: orderPayload() })).body;
    const created = await call(shop.url, 'POST', '/api/payment/paypal/order', { body: { additionalData: { orderId: String(other.id) } }, headers: bearer(other.accessToken) });
    expect(created.status).toBe(200);
    shop.paypal.approve(created.body.id);
    const before = await orderSnapshot(shop.database.q, other.id);
    for (const [label, headers] of strangerHeaders(attacker.accessToken)) {
      const capture = await call(shop.url, 'POST', '/api/payment/paypal/capture', { body: { orderId: created.body.id }, headers });
      expect(capture.status, label).toBe(404);
      expect(capture.body.message).toBe('Order not found.');
      expect((await call(shop.url, 'PATCH', '/api/payment/paypal/order', { body: { orderId: created.body.id, amount: 1 }, headers })).status, label).toBe(404);
    }
    expect(shop.paypal.orders.get(created.body.id)!.status).toBe('APPROVED');
    expect(await orderSnapshot(shop.database.q, other.id)).toEqual(before);
    const captured = await call(shop.url, 'POST', '/api/payment/paypal/capture', { body: { orderId: created.body.id }, headers: bearer(other.accessToken) });
    expect(captured.body).toMatchObject({ success: true, status: 'completed' });
  });
});
