/**
 * Sample ordering and the sample cart as blocks of the main site (each is also an element, for a
 * dealer's page): on /order-samples the order-samples block adds a sample, the sample-cart block on
 * the same page and the header's count follow, the cart survives a reload onto /checkout (the
 * checkout's summary shows it), and showroom:sample-added reaches the document as from an element.
 * The blocks use the main site's own cart key, the one the sample grid and the header share.
 */
import { describe, expect, it } from 'vitest';
import { SAMPLE_CART_KEY } from '../widgets/cart-store/sample-cart';
import { watchConsole } from './browser';
import { useShop } from './shop-fixture';

const shop = useShop();

describe('the order-samples and sample-cart blocks', () => {
  it('adds a sample through the block; the cart block and the header count follow, on this page and at checkout', async () => {
    const context = await shop.browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    // A guest's checkout asks nothing that answers 401 (the prefill waits for the signed-in hint).
    const refused: string[] = [];
    page.on('response', (r) => r.status() >= 400 && refused.push(`${r.status()} ${new URL(r.url()).pathname}`));
    await page.addInitScript(() => {
      const w = window as unknown as { sampleAdded: unknown[] };
      w.sampleAdded = [];
      document.addEventListener('showroom:sample-added', (e) => w.sampleAdded.push((e as CustomEvent).detail));
    });
    await page.goto(`${shop.server.url}/order-samples`);

    const order = page.locator('.sr-order-samples-block');
    const cart = page.locator('.sr-sample-cart-block');
    await order.getByRole('heading', { name: 'Our most-ordered style: Hartford Shaker door samples' }).waitFor();
    // The cart block is an island hydrated when visible: further down the page, below the grid.
    await cart.scrollIntoViewIfNeeded();
    await cart.getByText('Your sample cart is empty.').waitFor();
    await order.scrollIntoViewIfNeeded();

    await order.getByRole('button', { name: 'Order Now' }).click();
    await order.getByText('Please select at least one sample.').waitFor();
    await order.getByRole('checkbox').first().check();
    await order.getByRole('button', { name: 'Order Now' }).click();
    await order.getByText('Sample added to your cart.').waitFor();

    // The cart block on the same page, resolved against the catalog, and the header's count.
    await cart.getByText('Hartford Shaker:', { exact: false }).waitFor();
    expect(await cart.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe(`${shop.server.url}/checkout`);
    await page.locator('.header__samples-count').getByText('1').waitFor();
    const heard = await page.evaluate(() => (window as unknown as { sampleAdded: unknown[] }).sampleAdded);
    expect(heard).toEqual([{ added: [expect.objectContaining({ qty: 1, sku: expect.stringMatching(/^HS-/) })], count: 1 }]);
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([SAMPLE_CART_KEY]);

    // The checkout page's summary shows the same cart (priced by the server).
    await page.goto(`${shop.server.url}/checkout`);
    const checkoutCart = page.locator('.sr-checkout-block').getByRole('complementary', { name: /Order summary/ });
    await checkoutCart.getByText('(1 item)').waitFor();
    await checkoutCart.getByText('Hartford Shaker', { exact: false }).first().waitFor();
    await page.locator('.header__samples-count').getByText('1').waitFor();

    expect(refused).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
