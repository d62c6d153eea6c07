/**
 * The split payment page's journeys in Chromium through the real test-card form: an order with
 * split payment (a quote's split settings carry to its order; the quote's deposit is paid through
 * the API) is paid on /order/split-payment in two parts down to zero. The
 * first part shows 'Payment successful!' and the new balance, the second goes to /order/success
 * with the number; the database holds the three completed payments (deposit and two parts) summing
 * to the total and the order `ordered`; each part's confirmation e-mail is in /dev/mail. The amount
 * rules show their messages; axe with the errors shown; the keyboard alone on a 390 px phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchConsole } from './browser';
import { fillTestCard, GOOD_CARD, mailbox, orderRecord, orderWithDeposit, phonePage, seriousViolations, type SplitOrder, tabTo, typeGoodCardByKeyboard } from './quote-journey-kit';
import { useShop } from './shop-fixture';
import { waitForOrderSuccess } from './order-success';

// Each journey is another customer at another address (the shop believes the loopback proxy's
// X-Forwarded-For): the order id + e-mail checks allow five a minute from one address.
const shop = useShop({ TRUST_PROXY: 'loopback' });
let customers = 0;

function newCustomerPhone(): Promise<Page> {
  customers += 1;
  return phonePage(shop, { 'X-Forwarded-For': `203.0.113.${customers}` });
}

const splitUrl = (order: SplitOrder) => `${shop.server.url}/order/split-payment?orderId=${order.orderIncrementId}&email=${encodeURIComponent(order.email)}`;
const balanceDue = (page: Page) => page.locator('.sr-balance__due').textContent();

async function openOrder(page: Page, order: SplitOrder): Promise<void> {
  await page.goto(splitUrl(order));
  await page.getByRole('heading', { name: new RegExp(`^Order #${order.orderIncrementId}`) }).waitFor();
  await page.getByLabel('Card number').waitFor();
}

describe('paying an order in parts on /order/split-payment', () => {
  it("pays two parts down to zero: 'Payment successful!' with the new balance, then /order/success; three completed payments make the total", async () => {
    const order = await orderWithDeposit(shop.server, 2000);
    const page = await newCustomerPhone();
    const problems = watchConsole(page);
    await openOrder(page, order);
    expect(await balanceDue(page)).toBe('Balance due$7,807.30');

    // The amount rules, each with its message, before any card is charged.
    const amount = page.getByLabel('Payment amount');
    await fillTestCard(page, GOOD_CARD);
    await amount.fill('9000');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByText('Payment amount cannot exceed due amount of $7807.30').waitFor();
    await amount.fill('500');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByText('Minimum payment amount is $1000.00').waitFor();
    expect((await orderRecord(shop.server, order.id)).payments).toHaveLength(1);

    // The first part.
    await amount.fill('3000');
    await fillTestCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByText('Payment successful!').waitFor();
    expect(await balanceDue(page)).toBe('Balance due$4,807.30');
    expect(await amount.inputValue()).toBe('4807.30');
    expect(await page.getByRole('table', { name: 'Payments' }).getByText('$3,000.00').isVisible()).toBe(true);
    expect((await orderRecord(shop.server, order.id)).order.status).not.toBe('ordered');

    // The second part pays the rest and leaves for the success page.
    await fillTestCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await waitForOrderSuccess(page, shop.server.url);
    await page.locator('.sr-order-success-block strong', { hasText: order.orderIncrementId }).waitFor();

    const stored = await orderRecord(shop.server, order.id);
    expect(stored.order.status).toBe('ordered');
    expect(stored.payments.map((p) => [p.status, p.amount_cents])).toEqual([
      ['completed', 200000],
      ['completed', 300000],
      ['completed', 480730],
    ]);
    expect(stored.payments.reduce((sum, p) => sum + p.amount_cents, 0)).toBe(stored.order.total_cents);
    const mail = await mailbox(shop.server);
    expect(mail.split(`<h2>Payment Confirmation - Order #${order.orderIncrementId} Placed on`).length - 1).toBe(2);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("pays the rest from the confirmation e-mail's 'Pay the remaining $…' link, read out of the dev outbox, on a 390 px phone", async () => {
    const order = await orderWithDeposit(shop.server, 2000);
    // The customer's confirmation of the part-paid order, as the outbox shows it (to a page on this
    // machine: the outbox answers no request a proxy forwarded).
    const outbox = await phonePage(shop);
    await outbox.goto(`${shop.server.url}/dev/mail`);
    const confirmation = outbox.locator('article', { has: outbox.getByRole('heading', { name: `Order Confirmation #${order.orderIncrementId}`, exact: true }) });
    const href = (await confirmation.frameLocator('iframe').getByRole('link', { name: 'Pay the remaining $7,807.30' }).getAttribute('href'))!;
    expect(await confirmation.locator('pre').textContent()).toContain('Pay the remaining $7,807.30');
    const linked = new URL(href);
    expect([linked.origin + linked.pathname, linked.searchParams.get('orderId'), linked.searchParams.get('email')]).toEqual([`${shop.server.url}/order/split-payment`, order.orderIncrementId, order.email]);
    await outbox.context().close();

    const page = await newCustomerPhone();
    const problems = watchConsole(page);

    // The link opens the order straight away; the whole balance is the amount offered.
    await page.goto(href);
    await page.getByRole('heading', { name: new RegExp(`^Order #${order.orderIncrementId}`) }).waitFor();
    expect(await balanceDue(page)).toBe('Balance due$7,807.30');
    await fillTestCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await waitForOrderSuccess(page, shop.server.url);
    await page.locator('.sr-order-success-block strong', { hasText: order.orderIncrementId }).waitFor();
    expect((await orderRecord(shop.server, order.id)).order.status).toBe('ordered');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows its errors with no serious axe violation, and pays with the keyboard alone on a 390 px phone', async () => {
    const order = await orderWithDeposit(shop.server, 9500);
    const page = await newCustomerPhone();
    await openOrder(page, order);
    expect(await balanceDue(page)).toBe('Balance due$307.30');

    // Errors shown at once: an empty amount and an empty card.
    await page.getByLabel('Payment amount').fill('');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByText('Card number is required').waitFor();
    await page.getByText('Payment amount is required').waitFor();
    await fillTestCard(page, GOOD_CARD);
    await page.getByLabel('Payment amount').fill('100');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByText('Must pay full due amount of $307.30').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    await page.getByLabel('Card number').waitFor();

    // Keyboard alone: the amount stays the due amount; Tab to the card, arrows for the expiry, Enter.
    await tabTo(page, 'Card number');
    await typeGoodCardByKeyboard(page);
    await page.keyboard.press('Enter');
    await waitForOrderSuccess(page, shop.server.url);
    const stored = await orderRecord(shop.server, order.id);
    expect(stored.order.status).toBe('ordered');
    expect(stored.payments.map((p) => p.amount_cents)).toEqual([950000, 30730]);
    await page.context().close();
  });
});
