/**
 * Every e-mail the store sends, rendered with the longest realistic data (./testing/longest-mails.ts):
 * both parts present and saying the same thing, under Gmail's clipping size, every link absolute and
 * in both parts, the store's name and colours. How the HTML lays out in a browser is
 * e2e/mail-rendering.e2e.ts.
 */
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_COLORS } from '../../schemas/site-colors';
import { mailBrandOf, PLAIN_BRAND, setMailBrand } from './mail-brand';
import { renderOrderConfirmation } from './mail-templates';
import { orderView } from '../orders/order-view';
import { RECIPIENT_KIND } from './recipient-cap';
import { longestMails, longestOrder, STORE_URL } from './testing/longest-mails';

/** jsdom reads the HTML part as a mail client would (its types are not installed; this is all the test uses). */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } };

/** Gmail clips a message over about 102 kB; the whole message stays under 100. */
const MAX_BYTES = 100 * 1024;

const STORE = { siteName: 'Oak & Hearth Cabinetry', colors: { accent: '#2f5d50', accentText: '#fffdf8' }, contact: { phone: '(916) 555-0147', email: 'hello@oakandhearth.example' } };

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The words a reader sees in the HTML part, cell by cell and paragraph by paragraph (not the inbox preview, nor the column heads). */
function visibleTexts(document: Document): string[] {
  const texts: string[] = [];
  for (const el of document.querySelectorAll('h1, h2, p, td, span, a, strong')) {
    if (el.closest('[data-skip-in-text]')) continue;
    const own = squash([...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent ?? '').join(' '));
    if (own) texts.push(own);
  }
  return texts;
}

afterEach(() => setMailBrand(PLAIN_BRAND));

describe('every e-mail, with the longest data', () => {
  setMailBrand(mailBrandOf(STORE, STORE_URL));
  const mails = longestMails();

  it('covers every type of mail the store sends', () => {
    expect(mails.map((m) => m.type).sort()).toEqual(Object.keys(RECIPIENT_KIND).sort());
  });

  describe.each(mails)('$name', ({ mail, links }) => {
    const document = new JSDOM(mail.html).window.document;

    it(`has an HTML part and a plain-text part, together under ${MAX_BYTES / 1024} kB`, () => {
      expect(mail.html.startsWith('<!DOCTYPE html')).toBe(true);
      expect(document.querySelector('title')?.textContent).toBe(mail.subject);
      expect(mail.text.trim().length).toBeGreaterThan(40);
      expect(mail.text, 'the text part holds no markup').not.toMatch(/<\/?[a-z][^>]*>|&(amp|lt|gt|quot|#\d+);/i);
      expect(Buffer.byteLength(mail.html) + Buffer.byteLength(mail.text)).toBeLessThan(MAX_BYTES);
      for (const part of [mail.html, mail.text]) expect(part).not.toMatch(/undefined|NaN|\[object Object\]/);
    });

    it('says in its text part everything its HTML shows', () => {
      const text = squash(mail.text);
      const missing = visibleTexts(document).filter((t) => !text.includes(t));
      expect(missing).toEqual([]);
    });

    it('names the store in both parts and wears its colours', () => {
      expect(document.body.textContent).toContain('Oak & Hearth Cabinetry');
      expect(mail.text.startsWith('Oak & Hearth Cabinetry\n')).toBe(true);
      expect(mail.text).toContain('(916) 555-0147');
      expect(mail.html).toContain('#2f5d50');
      // A colour the settings leave out keeps the storefront's default.
      expect(mail.html).toContain(DEFAULT_SITE_COLORS.text);
      const action = document.querySelector('a[href]:not([href="' + STORE_URL + '/"])');
      if (links.length) expect((action as HTMLElement).style.backgroundColor).toBe('rgb(47, 93, 80)');
    });

    it('links only to absolute https addresses, each in both parts', () => {
      const hrefs = [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!);
      for (const href of hrefs) {
        expect(href).toMatch(/^https:\/\//);
        expect(mail.text).toContain(href);
      }
      expect(hrefs).toEqual(expect.arrayContaining([...links, `${STORE_URL}/`]));
      for (const link of links) expect(mail.text).toContain(link);
    });

    it('keeps everything in the one column it lays out (no fixed widths over 600 px)', () => {
      const widths = [...mail.html.matchAll(/(?:max-)?width:\s*(\d+)px/g)].map((m) => Number(m[1]));
      expect(Math.max(...widths)).toBeLessThanOrEqual(600);
      expect(mail.html).not.toMatch(/<style|<script|<img/i);
    });
  });

  it('lists all 30 lines of an order with their options, notes and totals, in both parts', () => {
    const order = orderView(longestOrder());
    const mail = renderOrderConfirmation(order);
    const document = new JSDOM(mail.html).window.document;
    for (const item of order.items) {
      expect(document.body.textContent).toContain(item.name);
      expect(mail.text).toContain(`${item.qty} x ${item.name}: $`);
      expect(mail.text).toContain(`${item.sku} · Finish: `);
    }
    expect(mail.text.match(/Note: Scribe the left side/g)).toHaveLength(10);
    expect(mail.text).toContain(`Total: $${order.total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    expect(mail.text).toContain('Ramón');
  });
});

describe("the order confirmation's own words", () => {
  it('gives a part-paid order "Pay the remaining $…" to the split-payment page, in both parts; a paid order none', () => {
    const order = orderView(longestOrder());
    const link = `${STORE_URL}/order/split-payment?orderId=${order.orderIncrementId}&email=ann%40example.com`;
    const mail = renderOrderConfirmation(order, { completePaymentLink: link });
    const anchors = [...new JSDOM(mail.html).window.document.querySelectorAll('a')].filter((a) => a.textContent?.trim() === 'Pay the remaining $26,994.95');
    expect(anchors.map((a) => a.getAttribute('href'))).toEqual([link]);
    expect(mail.text).toContain(`Pay the remaining $26,994.95: ${link}`);
    const paid = renderOrderConfirmation({ ...order, remainingBalance: 0, paidAmount: order.total }, { completePaymentLink: link });
    expect(paid.text).not.toContain('Pay the remaining');
  });

  it('says a measured line in its unit, not "1 x", and names the dealer it came through', () => {
    const order = orderView(longestOrder());
    const countertop = { ...order.items[0]!, name: 'Quartz countertop', qty: 1, detail: { kind: 'countertop' as const, description: 'Quartz countertop', options: [], measure: { amount: 42, unit: 'sq ft' as const }, rate: 68 } };
    const mail = renderOrderConfirmation({ ...order, items: [countertop] }, { dealerName: 'Riverside Home Center' });
    expect(mail.text).toContain('42 sq ft x Quartz countertop: $');
    expect(mail.text).not.toContain('1 x Quartz countertop');
    expect(mail.text).toContain(`Order #${order.orderIncrementId} placed on `);
    expect(mail.text).toMatch(/placed on \d\d\/\d\d\/\d{4} through Riverside Home Center\./);
    expect(renderOrderConfirmation(order).text).not.toContain(' through ');
  });
});

describe('the brand', () => {
  it('is the plain one until a store names its own', () => {
    const mail = renderOrderConfirmation(orderView(longestOrder()));
    expect(mail.text.startsWith('Showroom\n')).toBe(true);
    expect(mail.html).toContain(DEFAULT_SITE_COLORS.accent);
  });

  it('follows the settings the store serves: a new name and accent show in the next mail', () => {
    setMailBrand(mailBrandOf({ siteName: 'Birch & Stone Kitchens', colors: { accent: '#123456' } }, 'https://birch.example'));
    const mail = renderOrderConfirmation(orderView(longestOrder()));
    expect(mail.text.startsWith('Birch & Stone Kitchens\n')).toBe(true);
    expect(mail.html).toContain('Birch &amp; Stone Kitchens');
    expect(mail.html).toContain('#123456');
    expect(mail.html).toContain('href="https://birch.example/"');
  });
});
