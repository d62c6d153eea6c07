/**
 * The screens the first-use round changed, in Chromium at 390 and 1280 px, with their screenshots
 * (test-results/screenshots, or docs/screenshots under `npm run screenshots`): the total right
 * above Place Order on the checkout, the thank-you page of a part-paid order with 'Pay the
 * remaining $…', and the back-to-top button stepping aside from the checkout's fields on a phone.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ORDER_SUCCESS_KEY } from '../widgets/payment/order-success-store';
import { watchConsole } from './browser';
import { buyer, fillBilling, withSamplesInCart } from './checkout-journey-kit';
import { PHONE_AND_LAPTOP, screenshotsDir } from './phone-and-laptop';
import { useShop } from './shop-fixture';

const shop = useShop();

async function screen(width: number, height: number): Promise<Page> {
  const context = await shop.browser.newContext({ viewport: { width, height } });
  await context.addCookies([{ name: 'showroom_cookie_consent', value: 'accepted', url: shop.server.url }]);
  return context.newPage();
}

describe('the screens of the checkout and the thank-you page', () => {
  for (const { name, width, height } of PHONE_AND_LAPTOP) {
    it(`${name}: the checkout's total sits right above Place Order, parcel shipping for samples`, async () => {
      const page = await screen(width, height);
      const problems = watchConsole(page);
      await withSamplesInCart(page.context(), 2);
      await page.goto(`${shop.server.url}/checkout`);
      await fillBilling(page, buyer('ada@example.com'));
      await page.getByTestId('shipping-method').getByText('Parcel').first().waitFor();
      const placeOrder = page.getByRole('button', { name: 'Place Order' });
      await placeOrder.scrollIntoViewIfNeeded();
      const total = page.getByRole('region', { name: 'Order total' }).locator('dd.sr-checkout__grand');
      expect(await total.textContent()).toMatch(/^\$\d+\.\d\d$/);
      const [button, figure] = [(await placeOrder.boundingBox())!, (await total.boundingBox())!];
      expect(figure.y).toBeLessThan(button.y);
      expect(figure.y).toBeGreaterThanOrEqual(0);
      await page.screenshot({ path: path.join(screenshotsDir, `checkout-total-${width}.png`) });
      expect(problems).toEqual([]);
      await page.context().close();
    });

    it(`${name}: a part-paid order's thank-you page offers 'Pay the remaining $…' to the split-payment page`, async () => {
      const page = await screen(width, height);
      await page.goto(`${shop.server.url}/`);
      await page.evaluate(
        ([key, value]) => localStorage.setItem(key!, value!),
        [ORDER_SUCCESS_KEY, JSON.stringify({ orderId: '100000042', partialPayment: true, remainingBalance: 7807.3, email: 'ada@example.com' })],
      );
      await page.goto(`${shop.server.url}/order/success`);
      const pay = page.getByRole('link', { name: 'Pay the remaining $7,807.30' });
      await pay.waitFor();
      expect(await pay.getAttribute('href')).toBe('/order/split-payment?orderId=100000042&email=ada%40example.com');
      expect(await page.locator('.sr-result__content').textContent()).toContain('Pay the rest from the link below or the one in the e-mail');
      await page.screenshot({ path: path.join(screenshotsDir, `order-success-part-paid-${width}.png`) });
      await page.context().close();
    });
  }

  it('phone: the back-to-top button steps aside while a checkout field lies under it', async () => {
    const page = await screen(390, 844);
    await withSamplesInCart(page.context(), 2);
    await page.goto(`${shop.server.url}/checkout`);
    const field = page.getByRole('group', { name: 'Billing address' }).getByLabel(/^City/);
    await field.waitFor();
    // Put the field right where the button floats (88 px above the bottom, 16 px from the right).
    await page.evaluate(() => {
      const input = [...document.querySelectorAll('input')].find((i) => i.name === 'bill_city')!;
      const box = input.getBoundingClientRect();
      window.scrollBy(0, box.top - (window.innerHeight - 88 - 40));
    });
    const button = page.locator('.back-to-top');
    await button.waitFor({ state: 'attached' });
    await expect.poll(() => button.getAttribute('data-covering')).toBe('');
    expect(await button.isVisible()).toBe(false);
    await page.screenshot({ path: path.join(screenshotsDir, 'back-to-top-over-field-390.png') });
    await page.context().close();
  });
});
