/**
 * The hydration check: for every island of a page, the server's HTML of the island must be what the
 * browser's runtime renders for the same props. The browser renders the island's component into a
 * detached element (renderIslandDetached, exported by the client entry), and both trees are
 * compared in a normal form (no comments, sorted attributes, form state read from properties).
 *
 * Preact, which the site ships, does not report a mismatch while hydrating (it keeps the server's
 * attributes); this check is what catches one, whichever runtime the site ships. It runs on the
 * one visit of each route in e2e/storefront-routes.e2e.ts.
 */
import type { Page } from 'playwright-core';

interface ClientEntry {
  renderIslandDetached<T>(name: string, id: string, payload: unknown, inspect: (el: HTMLElement) => T): Promise<T>;
}

export interface IslandDifference {
  island: string;
  server: string;
  client: string;
}

export interface IslandComparison {
  /** Every island of the page, as `name#id`. */
  islands: string[];
  /** Where each differing island's two renderings part, with some context (not two walls of HTML). */
  differences: IslandDifference[];
}

/**
 * Compares each island of the hydrated `page` with the server's HTML of it (`serverHtml`, the
 * response's text). `tamper` alters the header's props first: the check of the check.
 */
export async function compareIslands(page: Page, serverHtml: string, tamper = false): Promise<IslandComparison> {
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
  }, { serverHtml, client, tamper });
  const differences = result.differences.map((d: IslandDifference) => {
    let i = 0;
    while (i < d.server.length && d.server[i] === d.client[i]) i++;
    return { island: d.island, server: d.server.slice(Math.max(0, i - 80), i + 120), client: d.client.slice(Math.max(0, i - 80), i + 120) };
  });
  return { islands: result.islands, differences };
}
