/**
 * A customer must never be charged twice for one order. This is the case that could do it, as the
 * unlucky customer lives it in Chromium against the whole store: on /checkout the card that needs
 * authentication leaves for the test authentication page, which the customer leaves open (a stalled
 * bank page); back on the checkout they try again and read the store's words with "Pay another way"
 * (screenshots at 390 px and 1280 px in test-results/screenshots, or SCREENSHOTS_DIR); the button
 * cancels the waiting payment, the good card pays, and the order ends paid with exactly one
 * completed payment. The tab left on the authentication page can no longer complete it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchConsole } from './browser';
import { buyer, expectSuccessPage, fillBilling, storedOrders, typeTestCard, withSamplesInCart } from './checkout-journey-kit';
import { useShop } from './shop-fixture';

const shop = useShop();
const WAITING = "A payment for this order is waiting for your bank's confirmation. Finish it, or cancel it to pay another way.";
const shots = path.resolve(process.env.SCREENSHOTS_DIR ?? 'test-results/screenshots');

describe('a payment left waiting for the bank', () => {
  it('refuses the next card with the store\'s words; "Pay another way" cancels it; the good card pays once; the old authentication no longer completes', async () => {
    const email = 'barbara.waits@example.com';
    const context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
    // The cookie banner answered, so the screenshots show the payment section.
    await context.addCookies([{ name: 'showroom_cookie_consent', value: 'accepted', url: shop.server.url }]);
    await withSamplesInCart(context, 1);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${shop.server.url}/checkout`);
    await fillBilling(page, buyer(email));
    await typeTestCard(page, '4000 0025 0000 3155');
    await page.getByRole('button', { name: 'Place Order' }).click();

    // The bank's page opens; the customer leaves it open and goes back to the checkout.
    await page.waitForURL(/\/api\/payment\/test\/authenticate\?/);
    const authenticationUrl = page.url();
    const [held] = await storedOrders(shop.server.databaseUrl, email);
    expect(held).toMatchObject({ status: 'pending_payment', payments: [{ status: 'on_hold', gateway: 'test' }] });
    await page.goto(`${shop.server.url}/checkout`);
    await fillBilling(page, buyer(email));
    await typeTestCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Place Order' }).click();

    const notice = page.locator('.sr-waiting-payment');
    await notice.getByText(WAITING).waitFor();
    const payAnotherWay = notice.getByRole('button', { name: 'Pay another way' });
    await payAnotherWay.waitFor();
    // Shown once: the page does not repeat it in its own error line.
    expect(await page.getByText(WAITING).count()).toBe(1);
    expect((await storedOrders(shop.server.databaseUrl, email))[0]!.payments.map((p) => p.status)).toEqual(['on_hold']);

    // The message and its button, looked at on a phone and on a desktop.
    fs.mkdirSync(shots, { recursive: true });
    const payment = page.getByRole('region', { name: 'Payment' });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await notice.scrollIntoViewIfNeeded();
      await payment.screenshot({ path: path.join(shots, `checkout-waiting-payment-${width}.png`) });
    }
    // The button wears the page's action style: the same as Place Order's, a 44 px target.
    const look = (b: HTMLElement) => {
      const s = getComputedStyle(b);
      return { background: s.backgroundColor, color: s.color, radius: s.borderRadius, weight: s.fontWeight, tall: b.getBoundingClientRect().height >= 44 };
    };
    const placeOrder = page.getByRole('button', { name: 'Place Order' });
    expect(await payAnotherWay.evaluate(look)).toEqual(await placeOrder.evaluate(look));
    expect((await payAnotherWay.evaluate(look)).tall).toBe(true);

    await payAnotherWay.click();
    await page.getByRole('status').filter({ hasText: 'The waiting payment was cancelled.' }).waitFor();
    expect((await storedOrders(shop.server.databaseUrl, email))[0]!.payments.map((p) => p.status)).toEqual(['voided']);

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expectSuccessPage(page, shop.server.url, held!.incrementId);
    const orders = await storedOrders(shop.server.databaseUrl, email);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ id: held!.id, status: 'ordered' });
    expect(orders[0]!.payments.map((p) => p.status)).toEqual(['voided', 'completed']);

    // The tab left on the bank's page: it no longer opens, and its form takes nothing.
    const late = await fetch(authenticationUrl);
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({ error: 'authentication_cancelled' });
    const u = new URL(authenticationUrl);
    const submit = await fetch(`${shop.server.url}${u.pathname}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ transactionId: u.searchParams.get('transactionId')!, secret: u.searchParams.get('secret')!, outcome: 'complete' }).toString(),
      redirect: 'manual',
    });
    expect(submit.status).toBe(410);
    expect((await storedOrders(shop.server.databaseUrl, email))[0]!.payments.map((p) => p.status)).toEqual(['voided', 'completed']);
    // The 402 of the authentication card and the 409 of the second card: Chromium logs them; nothing else.
    expect(problems.filter((p) => !/status of (402|409)/.test(p))).toEqual([]);
    await context.close();
  });
});
