/**
 * Quotes by link, conversion to an order, split payments of the order (001).
 *
 * @engines sqlite postgres: one order per quote is a unique constraint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerce } from '../services/commerce';
import { loadContent } from '../content/load-content';
import { api, orderPayload, quoteFile, storeQuote } from './commerce-test-kit';
import { harnessMail, startHarness, type Harness } from './commerce-harness';
import { bearer, call, freshClient } from '../security/attacker-kit';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

let n = 0;
const nextTxn = () => `qtxn_${Date.now()}_${++n}`;

async function newQuote(overrides: Record<string, unknown> = {}) {
  const quote = await storeQuote(h.quotes, overrides);
  const link = await h.quotes.issueLink(quote.id);
  return { quote, link };
}

// 4 x 289.50 + 1200 = 2358; + 249 shipping + 118.20 tax - 100 discount = 2625.20
const QUOTE_TOTAL = 2625.2;

describe('GET /api/quote', () => {
  it('shows the quote for its id and token', async () => {
    const { quote, link } = await newQuote();
    const res = await api(h.url, 'GET', `/api/quote?quoteId=${quote.id}&token=${link.token}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      quoteIncrementId: quote.increment_id,
      poNumber: 'PO-7781',
      status: 'ready_to_order',
      subtotal: 2358,
      shippingAmount: 249,
      taxAmount: 118.2,
      discountAmount: 100,
      total: QUOTE_TOTAL,
      splitPaymentEnabled: true,
      minimumSplitAmount: 500,
    });
    expect(res.body.data.items[0]).toMatchObject({ name: 'Hartford Shaker wall cabinet W3030', qty: 4, price: 289.5, rowTotal: 1158, notes: 'Alpine White' });
  });

  it('refuses an altered token, an unknown id and a missing id with quoteNotExist', async () => {
    const { quote, link } = await newQuote();
    const altered = link.token.slice(0, -1) + (link.token.endsWith('A') ? 'B' : 'A');
    for (const path of [`/api/quote?quoteId=${quote.id}&token=${altered}`, `/api/quote?quoteId=999999&token=${link.token}`, `/api/quote?token=${link.token}`, `/api/quote?quoteId=${quote.id}`]) {
      const res = await api(h.url, 'GET', path);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'quoteNotExist', errorType: 'quoteNotExist', message: 'Quote not found. The link may be incorrect.' });
    }
  });

  it('refuses an expired link with tokenExpired, and a fresh link works again', async () => {
    const { quote } = await newQuote();
    const old = await h.quotes.issueLink(quote.id, 1, new Date(Date.now() - 2 * 24 * 3600 * 1000));
    const res = await api(h.url, 'GET', `/api/quote?quoteId=${quote.id}&token=${old.token}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorType: 'tokenExpired', message: 'The quote link has expired. Please contact admin to receive a new payment link.' });
    const fresh = await h.quotes.issueLink(quote.id);
    expect((await api(h.url, 'GET', `/api/quote?quoteId=${quote.id}&token=${fresh.token}`)).status).toBe(200);
    // The old token no longer opens it, even though it was issued for this quote.
    expect((await api(h.url, 'GET', `/api/quote?quoteId=${quote.id}&token=${old.token}`)).body.errorType).toBe('quoteNotExist');
  });

  it('GET /api/quote/view/{id} needs the link token', async () => {
    const { quote, link } = await newQuote();
    const ok = await api(h.url, 'GET', `/api/quote/view/${quote.id}`, undefined, { Authorization: `Bearer ${link.token}` });
    expect(ok.status).toBe(200);
    expect(ok.body.data.id).toBe(quote.id);
    const denied = await api(h.url, 'GET', `/api/quote/view/${quote.id}`);
    expect(denied.status).toBe(400);
    expect(denied.body.errorType).toBe('quoteNotExist');
  });
});

describe('POST /api/quote/convertToOrder', () => {
  it('gives one order for 20 concurrent calls, paid in full: ordered, e-mails queued, quote ordered', async () => {
    const { quote, link } = await newQuote();
    const before = await api(h.url, 'GET', `/api/quote?quoteId=${quote.id}&token=${link.token}`);
    expect(before.body.data).toMatchObject({ status: 'ready_to_order', orderId: null });
    const id = nextTxn();
    h.gateway.set({ transactionId: id, amountCents: 262520, metadata: { quoteId: String(quote.id) } });
    const body = { quoteId: quote.id, payment: { transactionId: id, amount: 1, method: 'card', methodLabel: 'Card', status: 'completed' } };
    const results = await Promise.all(Array.from({ length: 20 }, () => api(h.url, 'POST', '/api/quote/convertToOrder', body, bearer(link.token))));
    expect(results.every((r) => r.status === 200 && r.body.success === true)).toBe(true);
    expect(new Set(results.map((r) => r.body.order.id)).size).toBe(1);
    const order = results[0]!.body.order;
    expect(order).toMatchObject({ status: 'ordered', total: QUOTE_TOTAL, poNumber: 'PO-7781', quoteId: quote.id, remainingBalance: 0 });
    expect(results[0]!.body.adminEmail).toEqual(harnessMail.adminEmails);
    const count = await h.q.first(h.q.db.selectFrom('sales_order').select((eb) => eb.fn.countAll<number>().as('c')).where('quote_id', '=', quote.id));
    expect(count!.c).toBe(1);
    expect((await h.quotes.row(quote.id))!.status).toBe('ordered');
    // The quote page shows the new state (its cached answer follows the quote's status).
    const after = await api(h.url, 'GET', `/api/quote?quoteId=${quote.id}&token=${link.token}`);
    expect(after.headers.get('content-type')).toMatch(/^application\/json/);
    expect(after.body.data).toMatchObject({ status: 'ordered', orderId: order.id });
  });

  it('needs a payment linked to this quote', async () => {
    const a = (await newQuote()).quote;
    const { quote: b, link } = await newQuote();
    const id = nextTxn();
    h.gateway.set({ transactionId: id, amountCents: 262520, metadata: { quoteId: String(a.id) } });
    const res = await api(h.url, 'POST', '/api/quote/convertToOrder', { quoteId: b.id, payment: { transactionId: id, method: 'card' } }, bearer(link.token));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('payment_mismatch');
    expect((await api(h.url, 'POST', '/api/quote/convertToOrder', { quoteId: b.id }, bearer(link.token))).body.message).toBe('Please select a payment method');
    expect((await api(h.url, 'POST', '/api/quote/convertToOrder', { quoteId: 'abc' })).body.errorType).toBe('quoteNotExist');
  });

  it('verify converts a quote when the metadata has only a quoteId', async () => {
    const { quote, link } = await newQuote();
    const id = nextTxn();
    h.gateway.set({ transactionId: id, amountCents: 262520, metadata: { quoteId: String(quote.id) } });
    const res = await api(h.url, 'POST', '/api/payment/card/verify', { paymentIntentId: id }, bearer(link.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ error: false, success: true, status: 'completed', transactionId: id, metadata: { quoteId: String(quote.id) } });
    expect(res.body.order.status).toBe('ordered');
    expect((await h.quotes.row(quote.id))!.order_id).toBe(res.body.order.id);
  });
});

describe('split payments', () => {
  it('pays a quote in parts: partially_paid, lookups, split e-mails with the completion link, then fully paid', async () => {
    const { quote, link } = await newQuote();
    const first = nextTxn();
    h.gateway.set({ transactionId: first, amountCents: 100000, metadata: { quoteId: String(quote.id) } });
    const converted = await api(h.url, 'POST', '/api/quote/convertToOrder', { quoteId: quote.id, payment: { transactionId: first, method: 'card' } }, bearer(link.token));
    const order = converted.body.order;
    expect(order).toMatchObject({ status: 'partially_paid', paidAmount: 1000, remainingBalance: 1625.2, splitPaymentEnabled: true });

    const lookup = await call(h.url, 'GET', `/api/order/${order.orderIncrementId}?email=${quoteFile.email.toUpperCase()}`, { from: freshClient() });
    expect(lookup.status).toBe(200);
    expect(lookup.body.data.remainingBalance).toBe(1625.2);

    const second = nextTxn();
    h.gateway.set({ transactionId: second, amountCents: 62520, metadata: { orderId: String(order.id) } });
    // Each split payment is an order id + e-mail check, counted as a lookup of the client: one client each.
    const part = await call(h.url, 'POST', `/api/order/${order.orderIncrementId}/split-payment`, { body: { email: quoteFile.email, payments: [{ transactionId: second, amountPaid: 625.2, method: 'card', status: 'completed' }] }, from: freshClient() });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ success: true, message: 'Payment successful!' });
    expect(part.body.data).toMatchObject({ status: 'partially_paid', remainingBalance: 1000 });
    const mails = await h.q.all(h.q.db.selectFrom('mail_outbox').select(['subject', 'text']).where('order_id', '=', order.id).where('type', '=', 'split-payment-confirmation').orderBy('id'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(new RegExp(`^Payment Confirmation - Order #${order.orderIncrementId} Placed on \\d{2}/\\d{2}/\\d{4}$`));
    expect(mails[0]!.text).toContain(`/order/split-payment?orderId=${order.orderIncrementId}&email=${encodeURIComponent(quoteFile.email)}`);
    expect(mails[0]!.text).toContain('Remaining balance: $1,000.00');

    const last = nextTxn();
    h.gateway.set({ transactionId: last, amountCents: 100000, metadata: { orderId: String(order.id) } });
    const done = await call(h.url, 'POST', `/api/order/${order.id}/split-payment`, { body: { email: quoteFile.email, payments: [{ transactionId: last, method: 'card' }] }, from: freshClient() });
    expect(done.body.data).toMatchObject({ status: 'ordered', remainingBalance: 0, paymentStatus: 'paid' });
    // The last part named again (a gateway that recorded it as it charged, as the test card,
    // Stripe and PayPal do, then the page's call): answered with the paid order, not refused.
    const named = await call(h.url, 'POST', `/api/order/${order.id}/split-payment`, { body: { email: quoteFile.email, payments: [{ transactionId: last, method: 'card' }] }, from: freshClient() });
    expect(named.status).toBe(200);
    expect(named.body.data).toMatchObject({ status: 'ordered', remainingBalance: 0 });
    expect(await h.q.first(h.q.db.selectFrom('payment').select((eb) => eb.fn.countAll<number>().as('n')).where('order_id', '=', order.id).where('status', '=', 'completed'))).toEqual({ n: 3 });

    const again = await call(h.url, 'POST', `/api/order/${order.id}/split-payment`, { body: { email: quoteFile.email, payments: [{ transactionId: nextTxn(), method: 'card' }] }, from: freshClient() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'orderAlreadyPaid', message: 'This order has already been fully paid.' });
  });

  it('refuses split payment on an order without it, and hides the order behind a wrong e-mail', async () => {
    const created = await api(h.url, 'POST', '/api/order', orderPayload());
    const res = await call(h.url, 'POST', `/api/order/${created.body.id}/split-payment`, { body: { email: created.body.email, payments: [{ transactionId: 'x1', method: 'card' }] }, from: freshClient() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'splitPaymentNotEnabled', message: 'Split payment is not enabled for this order.' });
    const wrong = await call(h.url, 'POST', `/api/order/${created.body.id}/split-payment`, { body: { email: 'other@example.com', payments: [{ transactionId: 'x1', method: 'card' }] }, from: freshClient() });
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe('Order not found.');
    const lookupNoEmail = await call(h.url, 'GET', `/api/order/${created.body.id}`, { from: freshClient() });
    expect(lookupNoEmail.status).toBe(400);
    expect(lookupNoEmail.body.message).toBe('Email is required');
  });
});

describe('chargeAmount (the seam with the payment routes)', () => {
  it('decides the amount from the due balance and checks split amounts with the 001 §5 messages', async () => {
    const content = loadContent(process.env.CONTENT_DIR ?? 'examples/site');
    const commerce = await createCommerce({ content, database: h.database, publicUrl: h.url, mail: harnessMail, confirm: async () => { throw new Error('unused'); } });
    const { quote, link } = await newQuote();
    // The quote's link token is the proof of ownership, of the quote and of the order made from it.
    const owner = { token: link.token, client: 'chargeAmount-test' };
    const charge = (request: { quoteId?: string; orderId?: string; requestedAmount?: number; method: string }) => commerce.payments.chargeAmount({ ...request, owner });
    expect(await charge({ quoteId: String(quote.id), method: 'test' })).toEqual({ amountCents: 262520, currency: 'USD', metadata: { quoteId: String(quote.id), quoteIncrementId: quote.increment_id }, target: { quoteId: quote.id } });
    expect((await charge({ quoteId: String(quote.id), requestedAmount: 600, method: 'test' })).amountCents).toBe(60000);
    await expect(charge({ quoteId: String(quote.id), requestedAmount: 100, method: 'test' })).rejects.toMatchObject({ message: 'Minimum amount is $500.00' });
    await expect(charge({ quoteId: String(quote.id), requestedAmount: '' as unknown as number, method: 'test' })).rejects.toMatchObject({ message: 'Split amount is required' });
    await expect(charge({ quoteId: String(quote.id), requestedAmount: 'x' as unknown as number, method: 'test' })).rejects.toMatchObject({ message: 'Must be a valid number' });
    await expect(charge({ quoteId: String(quote.id), requestedAmount: 3000, method: 'test' })).rejects.toMatchObject({ message: 'Amount cannot exceed total' });
    const plain = await newQuote({ splitPaymentEnabled: false });
    // Without split payment, an amount the browser asks for is ignored: the whole total is charged.
    const plainCharge = await commerce.payments.chargeAmount({ quoteId: String(plain.quote.id), requestedAmount: 600, method: 'test', owner: { token: plain.link.token, client: 'chargeAmount-test' } });
    expect(plainCharge.amountCents).toBe(262520);

    // An order with a split: the due amount and the order-page messages.
    const first = nextTxn();
    h.gateway.set({ transactionId: first, amountCents: 200000, metadata: { quoteId: String(quote.id) } });
    const converted = await api(h.url, 'POST', '/api/quote/convertToOrder', { quoteId: quote.id, payment: { transactionId: first, method: 'card' } }, bearer(link.token));
    const orderId = String(converted.body.order.id);
    expect((await charge({ orderId, method: 'test' })).amountCents).toBe(62520);
    await expect(charge({ orderId, requestedAmount: 700, method: 'test' })).rejects.toMatchObject({ message: 'Payment amount cannot exceed due amount of $625.20' });
    await expect(charge({ orderId, requestedAmount: 100, method: 'test' })).rejects.toMatchObject({ message: 'Minimum payment amount is $500.00' });
    expect((await charge({ orderId, requestedAmount: 500, method: 'test' })).amountCents).toBe(50000);
    const second = nextTxn();
    h.gateway.set({ transactionId: second, amountCents: 50000, metadata: { orderId } });
    await call(h.url, 'POST', `/api/order/${orderId}/split-payment`, { body: { email: quoteFile.email, payments: [{ transactionId: second, method: 'card' }] }, from: freshClient() });
    // 125.20 is due, below the minimum: only the full due amount may be paid.
    await expect(charge({ orderId, requestedAmount: 100, method: 'test' })).rejects.toMatchObject({ message: 'Must pay full due amount of $125.20' });
    expect((await charge({ orderId, requestedAmount: 125.2, method: 'test' })).amountCents).toBe(12520);
    await expect(charge({ orderId, requestedAmount: 0, method: 'test' })).rejects.toMatchObject({ message: 'Payment amount must be greater than 0' });
    await expect(charge({ orderId, requestedAmount: '' as unknown as number, method: 'test' })).rejects.toMatchObject({ message: 'Payment amount is required' });
    await expect(charge({ orderId, requestedAmount: 'abc' as unknown as number, method: 'test' })).rejects.toMatchObject({ message: 'Must be a valid number' });
    await expect(charge({ orderId: '99999999', method: 'test' })).rejects.toMatchObject({ message: 'Order not found.' });
  });
});
