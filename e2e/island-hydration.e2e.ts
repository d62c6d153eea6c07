/**
 * The hydration check: for every island of a set of routes, the server's HTML of the island must be
 * what the browser's runtime renders for the same props. The browser renders the island's component
 * into a detached element (renderIslandDetached, exported by the client entry), and both trees are
 * compared in a normal form (no comments, sorted attributes, form state read from properties).
 *
 * Preact, which the site ships, does not report a mismatch while hydrating (it keeps the server's
 * attributes); this test is what catches one, whichever runtime the site ships.
 */
import { describe, expect, it } from 'vitest';
import { watchConsole } from './browser';
import { useShop } from './shop-fixture';

const shop = useShop();

const routes = [
  '/',
  '/about-us',
  '/faqs',
  '/blogs',
  '/blogs/rta-vs-assembled-cabinets',
  '/products',
  '/products/kitchen-cabinets',
  '/products/kitchen-cabinets/hartford-shaker?type=painted&value=sage-green',
  '/order-samples',
  '/visualizer',
  '/inspiration-gallery',
  '/search?query=shaker',
  '/reviews',
  '/book-appointment',
  // The forms (each page also has the footer's newsletter island) and the unsubscribe page.
  '/contact',
  '/claim',
  '/become-dealer',
  '/free-kitchen-design',
  '/unsubscribe/no-such-token',
  '/estimator',
  '/checkout',
  // Payment result pages. /payment/verify/{method} and /order/success leave
  // at once without this tab's pending payment or stored number (e2e/payment-result.e2e.ts).
  '/payment/fail',
  // Quote payment and split payment
  '/quote/payment?quoteId=1',
  '/order/split-payment?orderId=1&email=someone%40example.com',
  '/no/such/page',
  // Customer accounts: the account forms (the signed-in pages redirect a visitor without a
  // session).
  '/register',
  '/my-account/login',
  '/my-account/forgot-password',
];

/** A route checked with the header's props altered, to prove a difference is caught. */
const TAMPERED = '/about-us?tampered';
routes.push(TAMPERED);

interface ClientEntry {
  renderIslandDetached<T>(name: string, id: string, payload: unknown, inspect: (el: HTMLElement) => T): Promise<T>;
}

interface Difference {
  island: string;
  server: string;
  client: string;
}

describe('islands hydrate to the HTML the server wrote', () => {
  for (const route of routes) {
    it(route === TAMPERED ? 'catches a difference (the header rendered with other props)' : `${route}: every island renders in the browser as on the server`, async () => {
      const page = await shop.browser.newPage();
      const problems = watchConsole(page);
      const response = await page.goto(shop.server.url + route);
      const html = await response!.text();
      await page.waitForSelector('html[data-hydrated="true"]');
      // The client entry's own module (already loaded): it exports renderIslandDetached. The import is
      // written as a string so that the test runner does not rewrite it.
      const entry = await page.getAttribute('script[type="module"][src^="/assets/"]', 'src');
      const client = await page.evaluateHandle(`import(${JSON.stringify(entry)})`);
      const result = await page.evaluate(async ({ serverHtml, client, tamper }) => {
        /** A normal form of a DOM tree: what a visitor gets, not how the library wrote it. */
        const normal = (node: Node): string => {
          let out = '';
          for (const child of Array.from(node.childNodes)) {
            if (child.nodeType === Node.TEXT_NODE) out += (child as Text).data.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'));
            if (child.nodeType !== Node.ELEMENT_NODE) continue;
            const el = child as HTMLElement;
            const attrs = Array.from(el.attributes)
              .filter((a) => !['style', 'value', 'checked', 'selected'].includes(a.name))
              .map((a) => `${a.name}="${a.value}"`);
            if (el.getAttribute('style')) attrs.push(`style="${el.style.cssText}"`);
            if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) attrs.push(`.value="${el.value}"`);
            if (el instanceof HTMLInputElement && el.checked) attrs.push('.checked');
            if (el instanceof HTMLOptionElement && el.selected) attrs.push('.selected');
            attrs.sort();
            const inner = el instanceof HTMLTextAreaElement ? '' : normal(el);
            out += `<${el.localName}${attrs.length ? ' ' + attrs.join(' ') : ''}>${inner}</${el.localName}>`;
          }
          return out;
        };
        const doc = new DOMParser().parseFromString(serverHtml, 'text/html');
        const islands: string[] = [];
        const differences: { island: string; server: string; client: string }[] = [];
        for (const el of Array.from(doc.querySelectorAll<HTMLElement>('showroom-island'))) {
          const name = el.dataset['island']!;
          const id = el.dataset['id']!;
          const payload = JSON.parse(doc.getElementById(`${id}-props`)!.textContent!) as { props: { settings?: { siteName: string } } };
          // The check of the check: props that differ from the server's must show as a difference.
          if (tamper && payload.props.settings) payload.props.settings.siteName += ' (changed)';
          const server = normal(el);
          const rendered = await (client as ClientEntry).renderIslandDetached(name, id, payload, normal);
          islands.push(`${name}#${id}`);
          if (server !== rendered) differences.push({ island: `${name}#${id}`, server, client: rendered });
        }
        return { islands, differences };
      }, { serverHtml: html, client, tamper: route === TAMPERED });
      expect(result.islands.length).toBeGreaterThan(0);
      // Show the first place where the two differ, not two walls of HTML.
      const firstDiffs = result.differences.map((d: Difference) => {
        let i = 0;
        while (i < d.server.length && d.server[i] === d.client[i]) i++;
        return { island: d.island, server: d.server.slice(Math.max(0, i - 80), i + 120), client: d.client.slice(Math.max(0, i - 80), i + 120) };
      });
      if (route === TAMPERED) {
        expect(firstDiffs.map((d) => d.island)).toEqual(['header#header']);
        expect(firstDiffs[0]!.client).toContain('(changed)');
      } else expect(firstDiffs).toEqual([]);
      expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
      await page.close();
    });
  }
});
