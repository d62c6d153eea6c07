/**
 * The desktop shell at 1280 px (and at 1201 px, where the desktop menu starts): the header is one
 * line (the navigation used to wrap onto two and the brand was cut to "Oak & Hearth Cabine…"), and
 * the footer's newsletter form spans the footer instead of a narrow column, its button at the start
 * of the form.
 */
import { describe, expect, it } from 'vitest';
import { useShop } from './shop-fixture';

const shop = useShop();

/** The header's height with one line of controls: 12 px padding, a 44 px target, 12 px padding, a border. */
const ONE_LINE_HEADER = 70;

describe.each([1280, 1201])('the desktop shell at %i px', (width) => {
  it('the header is one line and the brand is shown whole, with samples in the cart', async () => {
    const context = await shop.browser.newContext({ viewport: { width, height: 800 } });
    // The widest header: the sample badge is there too.
    await context.addInitScript(() => {
      const items = [{ name: 'Hartford Shaker Door Sample - Sage Green', sku: 'HS-SG-DS', qty: 1, finish: { type: 'paint', value: 'sage-green' } }];
      localStorage.setItem('showroom:sample-cart', JSON.stringify({ expiresAt: Date.now() + 3_600_000, items }));
    });
    const page = await context.newPage();
    await page.goto(`${shop.server.url}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('.header__samples').waitFor();
    const header = await page.evaluate(() => {
      const box = (el: Element) => el.getBoundingClientRect();
      const brand = document.querySelector<HTMLElement>('.header__logo span')!;
      const links = Array.from(document.querySelectorAll<HTMLElement>('.menu__link'));
      return {
        height: document.querySelector<HTMLElement>('header.header')!.offsetHeight,
        brand: { text: brand.textContent, scrollWidth: brand.scrollWidth, clientWidth: brand.clientWidth },
        // A link's words on more than one line: their boxes start at different heights.
        wrapped: links
          .filter((l) => {
            const words = document.createRange();
            words.selectNodeContents(l);
            return new Set(Array.from(words.getClientRects(), (r) => Math.round(r.top))).size > 1;
          })
          .map((l) => l.textContent),
        tops: [...new Set(links.map((l) => Math.round(box(l).top)))],
        pageWidth: document.documentElement.scrollWidth,
      };
    });
    expect(header.wrapped).toEqual([]);
    expect(header.tops).toHaveLength(1);
    expect(header.height).toBeLessThanOrEqual(ONE_LINE_HEADER);
    expect(header.brand.text).toBe('Oak & Hearth Cabinetry');
    expect(header.brand.scrollWidth).toBeLessThanOrEqual(header.brand.clientWidth);
    expect(header.pageWidth).toBeLessThanOrEqual(width);
    await context.close();
  });
});

it("at 1280 px the footer's newsletter form spans the footer, its button at the start of the form", async () => {
  const context = await shop.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${shop.server.url}/contact`);
  await page.waitForSelector('html[data-hydrated="true"]');
  const form = page.locator('.footer-newsletter');
  await form.scrollIntoViewIfNeeded();
  await form.getByRole('button', { name: 'Subscribe' }).waitFor();
  const [footer, band, email, button] = await Promise.all([
    page.locator('.footer__inner').boundingBox(),
    form.boundingBox(),
    form.getByRole('textbox', { name: /E-mail/ }).boundingBox(),
    form.getByRole('button', { name: 'Subscribe' }).boundingBox(),
  ]);
  // The band is as wide as the footer's content (its padding aside), not one of its columns.
  expect(band!.width).toBeGreaterThan(footer!.width * 0.9);
  // The e-mail field is roomy, and the button lines up with it on the left.
  expect(email!.width).toBeGreaterThan(400);
  expect(Math.abs(button!.x - email!.x)).toBeLessThanOrEqual(1);
  await context.close();
});
