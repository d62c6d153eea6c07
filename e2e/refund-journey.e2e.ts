/**
 * Money given back, in Chromium, as the people who do it: a customer signed in to their account pays
 * a quote with the test card on their phone; the designer, on their phone (390 px), refunds one
 * returned cabinet by line (1 × HS-W3030: the store says what it gives back, its share of the
 * discount and of the tax); a publisher, on their phone, carries it out after a confirmation naming
 * the money and the line; the order, the customer's account, the e-mail and the back office agree
 * on what came back and the money; the publisher refunds the rest as an amount (confirmed too),
 * which makes the order refunded; a third request is refused with the
 * amount left, $0.00. What is stored is checked at each step: the gateway is asked once per refund.
 */
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../schemas/money';
import { signedUp } from '../server/api/my-account-test-kit';
import { signInOperator } from '../server/studio/studio-test-kit';
import { watchConsole } from './browser';
import { screenshotsDir } from './phone-and-laptop';
import { createQuoteLink, fillTestCard, GOOD_CARD, mailbox, quoteRecord } from './quote-journey-kit';
import { withServerDatabase } from './server-database';
import { useShop } from './shop-fixture';
import { scaledMs } from '../scripts/test-calibration';
import { waitForOrderSuccess } from './order-success';

const shop = useShop();

const CUSTOMER = { firstName: 'Dana', lastName: 'Okafor', email: 'dana.okafor@example.com' };

/** A browser context signed in to the studio with `role`, at this width. */
async function operatorContext(role: 'editor' | 'publisher', width: number): Promise<{ context: BrowserContext; email: string }> {
  const { cookie, email } = await signInOperator(shop.server, role);
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
  const context = await shop.browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
  await context.addCookies([{ name, value, url: shop.server.url }]);
  return { context, email };
}

interface StoredRefund {
  status: string;
  amount_cents: number;
  reason: string;
  requested_by: string;
  decided_by: string | null;
  provider_reference: string | null;
}

const refundsOf = (orderId: number): Promise<StoredRefund[]> =>
  withServerDatabase(shop.server.databaseUrl, (q) => q.all(q.db.selectFrom('payment_refund').select(['status', 'amount_cents', 'reason', 'requested_by', 'decided_by', 'provider_reference']).where('order_id', '=', orderId).orderBy('id')));

/** The order's "Payments" section: the payment's row and its refund button. */
const paymentsOf = (page: Page) => page.getByRole('region', { name: 'Payments' });
const refundsSection = (page: Page) => page.getByRole('region', { name: 'Refunds' });

describe('refunds', () => {
  it('the designer refunds one cabinet by line, a publisher confirms it; the order, the account, the e-mail and the back office agree; the rest makes the order refunded, and nothing more can be', async () => {
    const customer = await signedUp(shop.server.url, CUSTOMER);

    // ---- The customer pays the quote on their phone, signed in -----------------------------------
    const link = await createQuoteLink(shop.server);
    // The designer's quote is the customer's account's, as the builder makes it for a known e-mail.
    await withServerDatabase(shop.server.databaseUrl, (q) => q.run(q.db.updateTable('quote').set({ customer_id: String(customer.customerId) }).where('id', '=', Number(link.searchParams.get('quoteId')))));
    const phone = await shop.browser.newContext({ viewport: { width: 390, height: 844 } });
    const [sessionName, sessionValue] = customer.browser.cookie!.split(/=(.*)/s) as [string, string];
    await phone.addCookies([
      { name: sessionName, value: sessionValue, url: shop.server.url },
      { name: 'showroom_cookie_consent', value: 'accepted', url: shop.server.url },
    ]);
    const customerPage = await phone.newPage();
    customerPage.setDefaultTimeout(scaledMs(15_000));
    const customerProblems = watchConsole(customerPage);
    await customerPage.goto(link.href);
    await fillTestCard(customerPage, GOOD_CARD);
    await customerPage.getByRole('button', { name: 'Pay Now' }).click();
    await waitForOrderSuccess(customerPage, shop.server.url);
    const paid = await quoteRecord(shop.server, Number(link.searchParams.get('quoteId')));
    const order = paid.orders[0]!;
    const payment = paid.payments[0]!;
    expect(payment.status).toBe('completed');

    // ---- The designer, on their phone, asks for one returned cabinet back by line ----------------
    const editor = await operatorContext('editor', 390);
    const page = await editor.context.newPage();
    page.setDefaultTimeout(scaledMs(15_000));
    const editorProblems = watchConsole(page);
    await page.goto(`${shop.server.url}/studio/orders/${order.id}`);
    await paymentsOf(page).getByRole('button', { name: /^Request a refund…/ }).click();
    const ask = page.getByRole('dialog', { name: 'Request a refund' });
    // By line is offered first: one of the six HS-W3030, and the store says what it gives back.
    await ask.getByRole('spinbutton', { name: /HS-W3030.*· 6 ordered/ }).fill('1');
    const preview = ask.locator('.refund-dialog__preview');
    await preview.getByText(/^Gives back \$[\d,]+\.\d\d for 1 × HS-W3030\.$/).waitFor();
    const given = (await preview.locator('strong').innerText()).trim();
    await ask.getByLabel('Reason').selectOption({ label: 'Samples or goods returned' });
    await ask.getByLabel('Note').fill('One wall cabinet came back with a cracked door.');
    await ask.getByRole('spinbutton', { name: /HS-W3030.*· 6 ordered/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotsDir, 'studio-refund-by-line-390.png') });
    await ask.getByRole('button', { name: 'Request refund' }).click();
    await ask.waitFor({ state: 'hidden' });
    const givenCents = Math.round(Number(given.replace(/[$,]/g, '')) * 100);
    await refundsSection(page).getByText(given).first().waitFor();
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ status: 'requested', amount_cents: givenCents, reason: 'returned_goods', requested_by: editor.email, decided_by: null })]);
    const lines = await withServerDatabase(shop.server.databaseUrl, (q) =>
      q.all(q.db.selectFrom('payment_refund_line').innerJoin('sales_order_item', 'sales_order_item.id', 'payment_refund_line.item_id').select(['sales_order_item.sku', 'payment_refund_line.qty', 'payment_refund_line.amount_cents']).where('payment_refund_line.order_id', '=', order.id)),
    );
    expect(lines).toEqual([{ sku: 'HS-W3030', qty: 1, amount_cents: givenCents }]);
    // Nothing was given back yet: the customer's account shows no refund.
    expect(await mailbox(shop.server)).not.toContain(`Refund of ${given}`);

    // ---- A publisher carries it out, on their phone, after a confirmation naming the money and the line
    const publisher = await operatorContext('publisher', 390);
    const publisherPage = await publisher.context.newPage();
    publisherPage.setDefaultTimeout(scaledMs(15_000));
    const publisherProblems = watchConsole(publisherPage);
    // The publisher is told a refund waits without opening the order: the order list leads to it,
    // and on a laptop the navigation counts it.
    await publisherPage.goto(`${shop.server.url}/studio/orders`);
    await publisherPage.getByRole('link', { name: 'Orders with a refund waiting for a publisher' }).click();
    await publisherPage.locator(`.orders-table a[href$="/studio/orders/${order.id}"]`).first().waitFor();
    await publisherPage.screenshot({ path: path.join(screenshotsDir, 'studio-orders-refund-waiting-390.png'), fullPage: true });
    await publisherPage.setViewportSize({ width: 1280, height: 900 });
    await publisherPage.getByText('1 refund waiting').waitFor({ state: 'attached' });
    await publisherPage.screenshot({ path: path.join(screenshotsDir, 'studio-orders-refund-waiting-1280.png') });
    await publisherPage.setViewportSize({ width: 390, height: 844 });
    await publisherPage.goto(`${shop.server.url}/studio/orders/${order.id}`);
    await refundsSection(publisherPage).getByRole('button', { name: /^Carry out/ }).click();
    const confirm = refundsSection(publisherPage).getByRole('group', { name: `Confirm the refund of ${given}` });
    await confirm.getByText(new RegExp(`^Give back ${given.replace(/[$.]/g, '\\$&')} for 1 × HS-W3030`)).waitFor();
    expect((await refundsOf(order.id))[0]?.status).toBe('requested');
    await confirm.screenshot({ path: path.join(screenshotsDir, 'studio-refund-confirm-390.png') });
    await confirm.getByRole('button', { name: `Yes, give back ${given}` }).click();
    await expect.poll(async () => (await refundsOf(order.id))[0]?.status).toBe('succeeded');
    const first = (await refundsOf(order.id))[0]!;
    expect(first).toMatchObject({ decided_by: publisher.email, provider_reference: expect.any(String) });
    await publisherPage.getByText('Partly refunded').first().waitFor();
    const history = publisherPage.locator('.order-history');
    await history.getByText(`Refund of ${given} on transaction ${payment.transaction_id} carried out by ${publisher.email}`, { exact: false }).waitFor();
    // The back office: the line says one came back, the refund names it.
    await publisherPage.locator('.order-items').getByText('1 returned').first().waitFor();
    await refundsSection(publisherPage).getByText(/^1 × HS-W3030/).first().waitFor();
    await publisherPage.screenshot({ path: path.join(screenshotsDir, 'studio-order-refunded-by-line-390.png'), fullPage: true });

    // ---- The customer sees it in their account, and got the e-mail naming what came back ----------
    await expect.poll(() => mailbox(shop.server)).toContain(`Refund of ${given} - Order #${order.increment_id}`);
    expect(await mailbox(shop.server)).toContain('1 × HS-W3030');
    await customerPage.goto(`${shop.server.url}/my-account/orders/${order.increment_id}`);
    await customerPage.getByText(new RegExp(`${given.replace(/[$.]/g, '\\$&')} refunded on .*: Samples or goods returned for 1 × HS-W3030`)).waitFor();
    const rest = payment.amount_cents - givenCents;

    // ---- The publisher refunds the rest: the order is refunded -------------------------------------
    await paymentsOf(publisherPage).getByRole('button', { name: /^Refund…/ }).click();
    const refund = publisherPage.getByRole('dialog', { name: 'Refund a payment' });
    // An amount (goodwill) is still there; the amount offered is what is left.
    await refund.getByLabel('An amount (goodwill)').check();
    expect(await refund.getByLabel('Amount to refund').inputValue()).toBe((rest / 100).toFixed(2));
    await refund.getByLabel('Reason').selectOption({ label: 'Order cancelled' });
    await refund.getByRole('button', { name: 'Refund now' }).click();
    // Nothing is given back before the confirmation, which names the amount.
    await refund.getByRole('button', { name: `Yes, refund ${formatMoney(rest / 100)}` }).click();
    await refund.waitFor({ state: 'hidden' });
    await publisherPage.getByText('Refunded', { exact: true }).first().waitFor();
    await expect.poll(async () => (await refundsOf(order.id)).map((r) => [r.status, r.amount_cents])).toEqual([
      ['succeeded', givenCents],
      ['succeeded', rest],
    ]);
    await expect.poll(() => mailbox(shop.server)).toContain(`Refund of ${formatMoney(rest / 100)} - Order #${order.increment_id}`);
    // Nothing is left to give back: no refund button on the payment. The order at 1280 px: each line's share of the tax.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await page.locator('.order-items').getByText('1 returned').first().waitFor();
    await page.screenshot({ path: path.join(screenshotsDir, 'studio-order-refunded-by-line-1280.png'), fullPage: true });
    await paymentsOf(page).getByText(payment.transaction_id).first().waitFor();
    expect(await paymentsOf(page).getByRole('button', { name: /refund/i }).count()).toBe(0);

    expect(editorProblems).toEqual([]);

    // ---- A third request is refused with the amount left (the browser logs its 409) --------------
    const third = await page.evaluate(
      async ({ orderId, paymentId }) => {
        const res = await fetch(`/api/studio/orders/${orderId}/refunds`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
          body: JSON.stringify({ paymentId, amount: 1, reason: 'other' }),
        });
        return { status: res.status, body: (await res.json()) as { message: string } };
      },
      { orderId: order.id, paymentId: payment.id },
    );
    expect(third).toEqual({ status: 409, body: expect.objectContaining({ message: 'Nothing is left to refund on this payment: $0.00.' }) });
    expect(await refundsOf(order.id)).toHaveLength(2);

    expect(customerProblems).toEqual([]);
    expect(publisherProblems).toEqual([]);
    await editor.context.close();
    await publisher.context.close();
    await phone.close();
  });
});
