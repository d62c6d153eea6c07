/**
 * Attacker: the quote's own customer, holding the order made from the quote and its access token,
 * who would rather pay less. A quote's shipping, tax and discount were agreed for the quote's
 * addresses: changing the order's address must not recompute them (which dropped the discount and
 * re-taxed it), and every charge for the order is checked against the quote's total.
 *
 * @engines sqlite: the quote's money is the server's arithmetic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billing, quoteFile, storeQuote } from '../api/commerce-test-kit';
import { bearer, call, card, orderSnapshot } from './attacker-kit';
import { startShop, type Shop } from './scripted-shop';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.stop();
});

// 4 x 289.50 + 1200 = 2358; + 249 shipping + 118.20 tax - 100 discount = 2625.20
const QUOTE_TOTAL = 2625.2;

/** A quote converted by a payment still processing, which then fails: an order with nothing paid. */
async function quoteOrderWithFailedPayment() {
  const quote = await storeQuote(shop.quotes, { splitPaymentEnabled: false });
  const link = await shop.quotes.issueLink(quote.id);
  const created = await call(shop.url, 'POST', '/api/payment/stripe/payment-intent', { body: { metadata: { quoteId: String(quote.id) } }, headers: bearer(link.token) });
  const intentId = created.body.paymentIntent.id as string;
  shop.stripe.setStatus(intentId, 'processing');
  const converted = await call(shop.url, 'POST', '/api/quote/convertToOrder', { body: { quoteId: quote.id, payment: { transactionId: intentId, method: 'stripe' } }, headers: bearer(link.token) });
  expect(converted.status).toBe(200);
  const order = converted.body.order;
  expect(order).toMatchObject({ status: 'pending_payment', total: QUOTE_TOTAL, discountAmount: 100, shippingAmount: 249, taxAmount: 118.2 });
  shop.stripe.setStatus(intentId, 'canceled');
  const failed = await call(shop.url, 'POST', '/api/payment/stripe/verify', { body: { paymentIntentId: intentId }, headers: bearer(order.accessToken) });
  expect(failed.body).toMatchObject({ status: 'failed', order: { paymentStatus: 'unpaid' } });
  return { order, quote };
}

describe('an order made from a quote', () => {
  it('keeps the quote\'s shipping, tax and discount when its address changes', async () => {
    const { order } = await quoteOrderWithFailedPayment();
    const before = await orderSnapshot(shop.database.q, order.id);
    const oregon = { ...billing, email: quoteFile.email, state: 'OR', zipCode: '97201', city: 'Portland' };
    const res = await call(shop.url, 'PATCH', '/api/order', { body: { id: order.id, addresses: [oregon, { ...oregon, type: 'shipping' }] }, headers: bearer(order.accessToken) });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'order_locked' });
    expect(await orderSnapshot(shop.database.q, order.id)).toEqual(before);
    const view = await call(shop.url, 'GET', `/api/order/view/${order.id}`, { headers: bearer(order.accessToken) });
    expect(view.body.data).toMatchObject({ total: QUOTE_TOTAL, discountAmount: 100, shippingAmount: 249, taxAmount: 118.2, remainingBalance: QUOTE_TOTAL });
  });

  it('is charged the quote\'s total after an address change was tried, whatever the browser asks', async () => {
    const { order } = await quoteOrderWithFailedPayment();
    // Oregon has no sales tax and other shipping rates: a recomputed total would be lower.
    const oregon = { ...billing, email: quoteFile.email, state: 'OR', zipCode: '97201', city: 'Portland' };
    await call(shop.url, 'PATCH', '/api/order', { body: { id: order.id, billingAddress: oregon, shippingAddress: { ...oregon, type: 'shipping' } }, headers: bearer(order.accessToken) });
    const charge = await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(), amount: 100, metadata: { orderId: String(order.id) } }, headers: bearer(order.accessToken) });
    expect(charge.status).toBe(200);
    expect(charge.body.transactionResponse.amount).toBe(QUOTE_TOTAL);
  });

  it('is not charged at all once its total no longer matches the quote\'s', async () => {
    const { order } = await quoteOrderWithFailedPayment();
    // However it came about (an operator's edit, a bug), a cheaper order is never what gets charged.
    const q = shop.database.q;
    await q.run(q.db.updateTable('sales_order').set((eb) => ({ total_cents: eb('total_cents', '-', 10000), discount_cents: eb('discount_cents', '+', 10000) })).where('id', '=', order.id));
    const charge = await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(), metadata: { orderId: String(order.id) } }, headers: bearer(order.accessToken) });
    expect(charge.status).toBe(409);
    expect(charge.body).toMatchObject({ error: 'quote_total_mismatch' });
    const intent = await call(shop.url, 'POST', '/api/payment/stripe/payment-intent', { body: { metadata: { orderId: String(order.id) } }, headers: bearer(order.accessToken) });
    expect(intent.status).toBe(409);
  });
});
