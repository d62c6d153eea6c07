/**
 * Money given back, in Chromium, as the people who do it: a customer signed in to their account pays
 * a quote with the test card on their phone; an editor asks for part of it back with a reason; a
 * publisher, on their phone, carries it out; the customer's account and the mail show it; the
 * publisher refunds the rest, which makes the order refunded; a third request is refused with the
 * amount left, $0.00. What is stored is checked at each step: the gateway is asked once per refund.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../schemas/money';
import { signedUp } from '../server/api/my-account-test-kit';
import { signInOperator } from '../server/studio/studio-test-kit';
import { watchConsole } from './browser';
import { createQuoteLink, fillTestCard, GOOD_CARD, mailbox, quoteRecord } from './quote-journey-kit';
import { withServerDatabase } from './server-database';
import { useShop } from './shop-fixture';

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
  it('an editor asks for part back, a publisher carries it out, the customer sees it; the rest makes the order refunded, and nothing more can be', async () => {
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
    customerPage.setDefaultTimeout(15_000);
    const customerProblems = watchConsole(customerPage);
    await customerPage.goto(link.href);
    await fillTestCard(customerPage, GOOD_CARD);
    await customerPage.getByRole('button', { name: 'Pay Now' }).click();
    await customerPage.waitForURL(`${shop.server.url}/order/success`);
    const paid = await quoteRecord(shop.server, Number(link.searchParams.get('quoteId')));
    const order = paid.orders[0]!;
    const payment = paid.payments[0]!;
    expect(payment.status).toBe('completed');
    const rest = payment.amount_cents - 10_000;

    // ---- An editor asks for $100.00 back --------------------------------------------------------
    const editor = await operatorContext('editor', 1280);
    const page = await editor.context.newPage();
    page.setDefaultTimeout(15_000);
    const editorProblems = watchConsole(page);
    await page.goto(`${shop.server.url}/studio/orders/${order.id}`);
    await paymentsOf(page).getByRole('button', { name: /^Request a refund…/ }).click();
    const ask = page.getByRole('dialog', { name: 'Request a refund' });
    await ask.getByLabel('Amount to refund').fill('100');
    await ask.getByLabel('Reason').selectOption({ label: 'Samples or goods returned' });
    await ask.getByLabel('Note').fill('Two wall cabinets came back with a cracked door.');
    await ask.getByRole('button', { name: 'Request refund' }).click();
    await ask.waitFor({ state: 'hidden' });
    await refundsSection(page).getByText('$100.00').first().waitFor();
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ status: 'requested', amount_cents: 10_000, reason: 'returned_goods', requested_by: editor.email, decided_by: null })]);
    // Nothing was given back yet: the customer's account shows no refund.
    expect(await mailbox(shop.server)).not.toContain('Refund of $100.00');

    // ---- A publisher carries it out, on their phone -----------------------------------------------
    const publisher = await operatorContext('publisher', 390);
    const publisherPage = await publisher.context.newPage();
    publisherPage.setDefaultTimeout(15_000);
    const publisherProblems = watchConsole(publisherPage);
    await publisherPage.goto(`${shop.server.url}/studio/orders/${order.id}`);
    await refundsSection(publisherPage).getByRole('button', { name: /^Carry out/ }).click();
    await expect.poll(async () => (await refundsOf(order.id))[0]?.status).toBe('succeeded');
    const first = (await refundsOf(order.id))[0]!;
    expect(first).toMatchObject({ decided_by: publisher.email, provider_reference: expect.any(String) });
    await publisherPage.getByText('Partly refunded').first().waitFor();
    const history = publisherPage.locator('.order-history');
    await history.getByText(`Refund of $100.00 on transaction ${payment.transaction_id} carried out by ${publisher.email}`, { exact: false }).waitFor();

    // ---- The customer sees it in their account, and got the e-mail --------------------------------
    await expect.poll(() => mailbox(shop.server)).toContain(`Refund of $100.00 - Order #${order.increment_id}`);
    await customerPage.goto(`${shop.server.url}/my-account/orders/${order.increment_id}`);
    await customerPage.getByText(/\$100\.00 refunded on .*: Samples or goods returned/).waitFor();

    // ---- The publisher refunds the rest: the order is refunded -------------------------------------
    await paymentsOf(publisherPage).getByRole('button', { name: /^Refund…/ }).click();
    const refund = publisherPage.getByRole('dialog', { name: 'Refund a payment' });
    // The amount offered is what is left.
    expect(await refund.getByLabel('Amount to refund').inputValue()).toBe((rest / 100).toFixed(2));
    await refund.getByLabel('Reason').selectOption({ label: 'Order cancelled' });
    await refund.getByRole('button', { name: 'Refund now' }).click();
    await refund.waitFor({ state: 'hidden' });
    await publisherPage.getByText('Refunded', { exact: true }).first().waitFor();
    await expect.poll(async () => (await refundsOf(order.id)).map((r) => [r.status, r.amount_cents])).toEqual([
      ['succeeded', 10_000],
      ['succeeded', rest],
    ]);
    await expect.poll(() => mailbox(shop.server)).toContain(`Refund of ${formatMoney(rest / 100)} - Order #${order.increment_id}`);
    // Nothing is left to give back: no refund button on the payment.
    await page.reload();
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
