/**
 * The payment result pages in Chromium: an order created and paid with the test
 * card through the API, the pending payment put in sessionStorage as the checkout does before a
 * provider's redirect, then /payment/verify/test?transactionId=... finishes it: /order/success with
 * the order number in bold, the order `ordered` in the database, both e-mails in /dev/mail, the
 * cart cleared, and Back does not verify again. A refused verify and a tab without the pending
 * payment land on /payment/fail with the reason; /order/success without a stored number goes to
 * /checkout.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, billing, orderPayload } from '../server/api/commerce-test-kit';
import { SAMPLE_CART_KEY } from '../widgets/cart-store/sample-cart';
import { ORDER_SUCCESS_KEY } from '../widgets/payment/order-success-store';
import type { PendingPayment } from '../widgets/payment/pending-payment';
import { PENDING_PAYMENT_KEY } from '../widgets/payment/pending-payment';
import { VERIFY_MESSAGES } from '../widgets/payment-result/complete-redirected-payment';
import { watchConsole } from './browser';
import { withServerDatabase } from './server-database';
import { useShop } from './shop-fixture';
import { waitForOrderSuccess } from './order-success';

const shop = useShop();

const card = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cardCode: '123' };

/** An order created and paid through the API, as the checkout's test card form would. */
async function paidOrder() {
  const created = await api(shop.server.url, 'POST', '/api/order', orderPayload(), { 'Idempotency-Key': `result-e2e-${crypto.randomUUID()}` });
  expect(created.status).toBe(201);
  const order = created.body;
  const charge = await api(shop.server.url, 'POST', '/api/payment/test/charge', { ...card, metadata: { orderId: String(order.id) } }, { Authorization: `Bearer ${order.accessToken}` });
  expect(charge.status).toBe(200);
  return { order, transactionId: charge.body.transactionId as string };
}

function pendingFor(order: Record<string, any>, accessToken: string): PendingPayment {
  return {
    target: { kind: 'order', orderId: order.id, incrementId: order.orderIncrementId, accessToken, payer: { email: billing.email, firstName: billing.firstName, lastName: billing.lastName } },
    method: 'card',
    cartKey: SAMPLE_CART_KEY,
  };
}

/** Opens a page of the store, then leaves this tab's storage as the checkout leaves it before a redirect. */
async function asCheckoutLeftIt(page: Page, pending: PendingPayment | null) {
  await page.goto(`${shop.server.url}/contact`);
  await page.evaluate(
    ({ pending, pendingKey, cartKey }) => {
      if (pending) sessionStorage.setItem(pendingKey, JSON.stringify(pending));
      localStorage.setItem(cartKey, JSON.stringify({ expiresAt: Date.now() + 3_600_000, items: [{ name: 'Hartford Shaker', sku: 'HS-AW', qty: 1 }] }));
    },
    { pending, pendingKey: PENDING_PAYMENT_KEY, cartKey: SAMPLE_CART_KEY },
  );
}

function verifyRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/payment/')) seen.push(request.url());
  });
  return seen;
}

describe('the payment result pages', () => {
  it('verifies a returned payment, shows the order number in bold on /order/success, and Back does not verify again', async () => {
    const { order, transactionId } = await paidOrder();
    const context = await shop.browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    await asCheckoutLeftIt(page, pendingFor(order, order.accessToken));
    const verifies = verifyRequests(page);

    await page.goto(`${shop.server.url}/payment/verify/test?transactionId=${encodeURIComponent(transactionId)}`);
    await waitForOrderSuccess(page, shop.server.url);
    const block = page.locator('.sr-order-success-block');
    await block.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor();
    const number = block.locator('strong', { hasText: order.orderIncrementId });
    await number.waitFor();
    expect(await number.evaluate((el) => el.closest('p')!.textContent)).toContain(`Your order ${order.orderIncrementId} has been placed.`);

    const storage = await page.evaluate((keys) => ({ success: localStorage.getItem(keys[0]!), cart: localStorage.getItem(keys[1]!), pending: sessionStorage.getItem(keys[2]!) }), [ORDER_SUCCESS_KEY, SAMPLE_CART_KEY, PENDING_PAYMENT_KEY]);
    expect(storage).toEqual({ success: null, cart: null, pending: null });
    // The header shows no sample count once the cart is empty.
    expect(await page.locator('.header__samples').count()).toBe(0);

    const stored = await withServerDatabase(shop.server.databaseUrl, (q) => q.first(q.db.selectFrom('sales_order').select('status').where('id', '=', order.id)));
    expect(stored).toEqual({ status: 'ordered' });
    const mail = await fetch(`${shop.server.url}/dev/mail`).then((r) => r.text());
    expect(mail).toContain(`Order Confirmation #${order.orderIncrementId}`);
    expect(mail).toContain(`New Order #${order.orderIncrementId}`);

    // The verify page replaced itself: Back goes to the page before it, and verify ran once.
    await page.goBack();
    await page.waitForURL(`${shop.server.url}/contact`);
    expect(verifies).toHaveLength(1);

    // The number was read once: the success page now sends the visitor to checkout.
    await page.goto(`${shop.server.url}/order/success`);
    await page.waitForURL(`${shop.server.url}/checkout`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lands on /payment/fail with the reason and the order number when the server refuses the verify', async () => {
    const { order, transactionId } = await paidOrder();
    const context = await shop.browser.newContext();
    const page = await context.newPage();
    // A proof that is not this order's: the server answers 'Order not found.' and records nothing.
    await asCheckoutLeftIt(page, pendingFor(order, 'not-the-order-token-0000000000000000'));

    await page.goto(`${shop.server.url}/payment/verify/test?transactionId=${encodeURIComponent(transactionId)}`);
    await page.waitForURL(`${shop.server.url}/payment/fail`);
    const block = page.locator('.sr-payment-failure-block');
    await block.getByRole('heading', { level: 1, name: 'Payment failed' }).waitFor();
    await block.getByText('Order not found.').waitFor();
    await block.locator('strong', { hasText: order.orderIncrementId }).waitFor();
    expect(await block.getByRole('link', { name: 'Back to checkout' }).getAttribute('href')).toBe('/checkout');
    // The cart is kept for a retry; no success was stored.
    const storage = await page.evaluate((keys) => ({ success: localStorage.getItem(keys[0]!), cart: localStorage.getItem(keys[1]!) }), [ORDER_SUCCESS_KEY, SAMPLE_CART_KEY]);
    expect(storage.success).toBeNull();
    expect(storage.cart).not.toBeNull();
    // Let the page's last requests end before the context closes (the server logs a cut stream).
    await page.waitForLoadState('networkidle');
    await context.close();
  });

  it('sends nothing without the pending payment (another tab, a stale link) and explains it on /payment/fail', async () => {
    const { transactionId } = await paidOrder();
    const context = await shop.browser.newContext();
    const page = await context.newPage();
    await asCheckoutLeftIt(page, null);
    const verifies = verifyRequests(page);

    await page.goto(`${shop.server.url}/payment/verify/test?transactionId=${encodeURIComponent(transactionId)}`);
    await page.waitForURL(`${shop.server.url}/payment/fail`);
    await page.locator('.sr-payment-failure-block').getByText(VERIFY_MESSAGES.noPendingPayment).waitFor();
    expect(verifies).toEqual([]);
    await context.close();
  });

  it('<showroom-order-result> finishes a provider return in place on the page it sits on, fires showroom:payment-completed and drops the query', async () => {
    const { order, transactionId } = await paidOrder();
    const context = await shop.browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    await asCheckoutLeftIt(page, pendingFor(order, order.accessToken));
    // A page of this origin standing in for the success page the checkout's success-url names.
    await page.goto(`${shop.server.url}/contact?transactionId=${encodeURIComponent(transactionId)}`);
    await page.evaluate(() => {
      const w = window as unknown as { completed: unknown[] };
      w.completed = [];
      document.addEventListener('showroom:payment-completed', (e) => w.completed.push((e as CustomEvent).detail));
      const element = document.createElement('showroom-order-result');
      element.setAttribute('method', 'test');
      element.setAttribute('action-href', '/order-samples');
      document.querySelector('main')!.prepend(element);
    });
    await page.addScriptTag({ type: 'module', url: '/widgets/esm/order-result.js' });

    const result = page.locator('showroom-order-result');
    await result.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    await result.locator('strong', { hasText: order.orderIncrementId }).waitFor();
    expect(await result.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/order-samples');
    expect(await page.evaluate(() => (window as unknown as { completed: unknown[] }).completed)).toEqual([
      { orderNumber: order.orderIncrementId, amount: order.total, method: 'card', remainingBalance: 0 },
    ]);
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate((key) => localStorage.getItem(key), SAMPLE_CART_KEY)).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });
});
