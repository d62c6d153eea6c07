/**
 * The block catalogue's pictures (schemas/api/studio-blocks.ts): every block type of the page
 * schema has an example that passes the schema, a plain summary, and a picture the real renderer
 * draws with something to see and nothing that runs; who may see them; and the preview's block
 * marks, which a visitor's page never carries.
 *
 * @engines sqlite: rendering and who may call, refused before any query.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TYPE_NOT_FOUND } from '../../schemas/api/studio-blocks';
import { blockExamples } from '../../schemas/blocks/block-examples';
import { blockSchemas } from '../../schemas/page.schema';
import { signedUp } from '../api/my-account-test-kit';
import { validateDefinition } from '../content/schema-validator';
import { startTestServer, type TestServer } from '../testing/test-server';
import { PREVIEW_POLICY } from './content-preview';
import { signInOperator } from './studio-test-kit';

/** jsdom parses the pictures as a browser would (its types are not installed; this is all the test uses). */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string, options?: { url: string }) => { window: { document: Document } } };

let server: TestServer;
let viewer: Record<string, string>;
let origin: string;

beforeAll(async () => {
  server = await startTestServer({ CONTENT_POLL_MS: '0' });
  origin = new URL(server.url).origin;
  viewer = (await signInOperator(server, 'viewer')).headers;
});

afterAll(async () => {
  await server?.stop();
});

const get = (pathname: string, headers: Record<string, string>) => fetch(new URL(pathname, server.url), { headers });
const types = blockSchemas.map((s) => s.properties.type.const);

/** Blocks that draw nothing in the page on purpose: the catalogue says so in their summary. */
const DRAW_NOTHING = new Set(['quote-link', 'popup']);
/** Words an editor should not have to know, refused in a summary. */
const JARGON = /\.json|\bJSON\b|\bquery\b|\btoken\b|\broute\b|\bparam|\bSKU\b|\bHTTP\b|\bCSS\b|\bslug\b|\bschema\b|[<>{}]|\bpx\b|sessionStorage|structured data/i;

describe('the examples', () => {
  it('give every block type of the page schema an example that passes the schema and a plain summary', () => {
    expect(Object.keys(blockExamples).sort()).toEqual([...types].sort());
    for (const type of types) {
      const { block, summary } = blockExamples[type];
      expect(block.type).toBe(type);
      expect(summary.length, type).toBeGreaterThan(10);
      expect(summary.length, type).toBeLessThanOrEqual(140);
      expect(summary, type).not.toMatch(JARGON);
      const page = { metadata: { title: 'Example', description: 'Example' }, blocks: [block] };
      expect(validateDefinition('page', 'pages/example.json', page), type).toEqual([]);
    }
  });
});

describe('GET /api/studio/block-examples/:type', () => {
  it('draws each example with the real renderer, alone, with something to see and no script', async () => {
    for (const type of types) {
      const res = await get(`/api/studio/block-examples/${type}`, viewer);
      expect(res.status, type).toBe(200);
      expect(res.headers.get('content-security-policy'), type).toBe(PREVIEW_POLICY);
      // Public content in the store's look: the browser may keep it a minute, for this operator only.
      expect(res.headers.get('cache-control'), type).toBe('private, max-age=60');
      const html = await res.text();
      expect(html, type).not.toMatch(/<script/i);
      const doc = new JSDOM(html, { url: 'http://localhost/' }).window.document;
      const main = doc.querySelector('main');
      expect(main, type).not.toBeNull();
      // The block alone: no header, footer or cookie banner around it.
      expect(doc.querySelector('#header, footer.footer, #cookie-banner'), type).toBeNull();
      const seen = (main!.textContent ?? '').trim().length + main!.querySelectorAll('img, svg').length;
      if (DRAW_NOTHING.has(type)) expect(blockExamples[type].summary, type).toMatch(/^Shows nothing/);
      else expect(seen, `${type} draws something`).toBeGreaterThan(0);
    }
  });

  it('answers 404 for a type that does not exist, and for a malformed one', async () => {
    for (const bad of ['no-such-block', 'Banner', '..%2fsite', '%3Cscript%3E']) {
      const res = await get(`/api/studio/block-examples/${bad}`, viewer);
      expect(res.status, bad).toBeGreaterThanOrEqual(400);
      expect(res.status, bad).toBeLessThan(500);
      const body = (await res.json()) as { message: string };
      expect(body.message, bad).toBe(BLOCK_TYPE_NOT_FOUND);
    }
  });

  it('is refused without an operator session, with a forged one and with a customer\'s', async () => {
    const customer = await signedUp(server.url);
    const attempts: Record<string, string>[] = [{ Origin: origin }, { Origin: origin, Cookie: 'showroom_studio=forged-session-id' }, { Origin: origin, Cookie: customer.browser.cookie! }];
    for (const headers of attempts) {
      const res = await get('/api/studio/block-examples/banner', headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('cache-control')).not.toContain('max-age');
      expect(await res.text()).not.toContain('Kitchens built to gather around');
    }
  });
});

describe('the preview marks the blocks of the page it edits', () => {
  const preview = async (path: string, text: string) => {
    const res = await fetch(new URL('/api/studio/preview', server.url), { method: 'POST', headers: { ...viewer, 'Content-Type': 'application/json' }, body: JSON.stringify({ path, text }) });
    expect(res.status).toBe(200);
    return new JSDOM(await res.text(), { url: 'http://localhost/' }).window.document;
  };

  it('with each block index on a page, none on a form\'s preview, and never on a visitor\'s page', async () => {
    const page = { metadata: { title: 'About', description: 'About us' }, blocks: [blockExamples['title-banner'].block, blockExamples.text.block, blockExamples.cards.block] };
    const doc = await preview('pages/about-us.json', JSON.stringify(page));
    expect([...doc.querySelectorAll('main [data-studio-block]')].map((e) => e.getAttribute('data-studio-block'))).toEqual(['0', '1', '2']);
    expect(doc.querySelector('[data-studio-block="2"]')!.textContent).toContain('What you can count on');
    const form = await preview('forms/contact.json', await (await get('/api/studio/file?path=forms/contact.json', viewer)).json().then((b: any) => b.data.published.text));
    expect(form.querySelector('[data-studio-block]')).toBeNull();
    const visitor = await (await fetch(new URL('/about-us', server.url))).text();
    expect(visitor).not.toContain('data-studio-block');
  });
});
