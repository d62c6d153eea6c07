/**
 * Paying at the address the README prints. `npm start` without PUBLIC_URL says
 * http://localhost:3000, and a newcomer who paid there once had every payment refused: the server knew
 * itself as http://127.0.0.1:3000 only, and every journey ran there, which is how it hid. Every
 * journey now runs at http://localhost:PORT (e2e/shop-fixture.ts checks it; the card that needs
 * authentication goes through the store's page on localhost in e2e/checkout-journey.e2e.ts). Here,
 * in Chromium against the whole store started as `npm start` starts it (HOST 127.0.0.1, no PUBLIC_URL):
 * - the checkout at http://127.0.0.1:PORT (the other loopback name) with the good card;
 * - the link `npm run quote` prints with the same settings opens at localhost and pays;
 * - a store told another PUBLIC_URL refuses the payment in its own words, and the words stay.
 * Chromium resolves localhost itself to both loopback addresses and falls back from one to the
 * other, so a server on 127.0.0.1 alone is reached whichever it tries first.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RETURN_ADDRESS_MESSAGES } from '../schemas/evaluators/return-address-messages';
import { freePort } from '../server/api/my-account-test-kit';
import { startTestServer } from '../server/testing/test-server';
import { PAYMENT_ERROR_MS } from '../widgets/checkout/Checkout';
import { watchConsole } from './browser';
import { buyer, expectSuccessPage, fillBilling, storedOrders, typeTestCard, withSamplesInCart } from './checkout-journey-kit';
import { createQuoteLink, fillTestCard, GOOD_CARD, quoteRecord } from './quote-journey-kit';
import { useShop } from './shop-fixture';
import { waitForOrderSuccess } from './order-success';

const shop = useShop();

const portOf = () => new URL(shop.server.listenUrl).port;

/** A new visitor at `base` with `samples` in the cart, on the checkout. */
async function checkoutAt(base: string, samples: number): Promise<{ page: Page; problems: string[] }> {
  const context = await shop.browser.newContext();
  await withSamplesInCart(context, samples);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${base}/checkout`);
  await page.getByRole('group', { name: 'Billing address' }).waitFor();
  return { page, problems };
}

describe('the store as `npm start` serves it', () => {
  it('prints http://localhost:PORT, and listens on 127.0.0.1', () => {
    expect(shop.server.url).toBe(`http://localhost:${portOf()}`);
    expect(shop.server.listenUrl).toBe(`http://127.0.0.1:${portOf()}`);
  });

  it('takes a payment at http://127.0.0.1:PORT too', async () => {
    const base = shop.server.listenUrl;
    const email = 'newcomer.loopback@example.com';
    const { page, problems } = await checkoutAt(base, 1);
    await fillBilling(page, buyer(email));
    await typeTestCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Place Order' }).click();
    // The order is stored by the time the success page shows; read it then, not at the click.
    await waitForOrderSuccess(page, base);
    const [order] = await storedOrders(shop.server.databaseUrl, email);
    await expectSuccessPage(page, base, order!.incrementId);
    expect((await storedOrders(shop.server.databaseUrl, email))[0]).toMatchObject({ status: 'ordered' });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('the link `npm run quote` prints opens at localhost and pays', async () => {
    // The CLI as an admin runs it beside `npm start`: the same PORT, no PUBLIC_URL.
    const link = await createQuoteLink(shop.server, 'examples/quotes/kitchen-remodel.json', { PUBLIC_URL: undefined, PORT: portOf() });
    expect(link.origin).toBe(`http://localhost:${portOf()}`);
    const page = await (await shop.browser.newContext()).newPage();
    const problems = watchConsole(page);
    await page.goto(link.href);
    await page.getByLabel('Card number').waitFor();
    await fillTestCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await waitForOrderSuccess(page, link.origin);
    const stored = await quoteRecord(shop.server, Number(link.searchParams.get('quoteId')));
    expect(stored.quote).toMatchObject({ status: 'ordered' });
    expect(stored.payments.map((p) => p.status)).toEqual(['completed']);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('a store visited at an address it was not told', () => {
  it('refuses the payment in its own words, and the words stay past the 10 seconds', async () => {
    // The defect as it was: the store knows itself as 127.0.0.1 only, the visitor is at localhost.
    const port = await freePort();
    const store = await startTestServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
    const context = await shop.browser.newContext();
    try {
      const base = `http://localhost:${port}`;
      await withSamplesInCart(context, 1);
      const page = await context.newPage();
      await page.goto(`${base}/checkout`);
      await fillBilling(page, buyer('misdirected@example.com'));
      await typeTestCard(page, '4242 4242 4242 4242');
      await page.clock.install();
      await page.getByRole('button', { name: 'Place Order' }).click();
      const alert = page.getByRole('alert').filter({ hasText: RETURN_ADDRESS_MESSAGES.refused(base) });
      await alert.waitFor();
      expect(await page.getByText('Form validation failed. Please check your information.').count()).toBe(0);
      await page.clock.runFor(PAYMENT_ERROR_MS * 2);
      expect(await alert.isVisible()).toBe(true);
      // Nothing was charged.
      expect((await storedOrders(store.databaseUrl, 'misdirected@example.com'))[0]!.payments).toEqual([]);
    } finally {
      await context.close();
      await store.stop();
    }
  });
});
