/**
 * The element runtime in Chromium, under a strict Content-Security-Policy (the dealer page's: scripts
 * only from the page's own origin and the store's, style-src without 'unsafe-inline'):
 *  - a temporary build with the real rollup setup (rollup.config.ts) of two element modules, the
 *    payment-methods element and a test-only probe (widgets/testing/), proves they share one runtime
 *    chunk that neither bundles, loaded once for the page; the probe then shows the element base's
 *    behaviour (adopted stylesheet, early properties, removed attributes, bad JSON, events);
 *  - the real build (dist/widgets, served by the store) on a page of another origin, with the
 *    payment-methods element showing data from the store's API.
 * A securitypolicyviolation listener, installed before any page script, must hear nothing.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { rollup, type OutputOptions, type RollupOptions } from 'rollup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elementBuild, loaderBuilds } from '../rollup.config';
import { staticImports } from '../scripts/widget-sizes';
import { startTestServer, type TestServer } from '../server/testing/test-server';
import { workerBrowser, watchConsole, closeContextsAfterAll } from './browser';

interface PageServer {
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.html': 'text/html; charset=utf-8' };

/** A page host: fixed pages and files, plus `/widgets/` from a folder when given; HTML gets the CSP. */
async function startPageServer(files: Record<string, string>, csp: (origin: string) => string, widgetsRoot?: string): Promise<PageServer> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let body: string | Buffer | undefined = files[url.pathname];
    if (body === undefined && widgetsRoot && url.pathname.startsWith('/widgets/')) {
      const file = path.join(widgetsRoot, url.pathname.slice('/widgets/'.length));
      if (file.startsWith(widgetsRoot) && fs.existsSync(file)) body = fs.readFileSync(file);
    }
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    const type = TYPES[path.extname(url.pathname)] ?? TYPES['.html']!;
    const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': 'no-store' };
    if (type.startsWith('text/html')) headers['Content-Security-Policy'] = csp(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    res.writeHead(200, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Collects CSP violations from before the first page script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

async function build(options: RollupOptions): Promise<void> {
  const bundle = await rollup({ ...options, onwarn: () => {} });
  await bundle.write(options.output as OutputOptions);
  await bundle.close();
}

const HOST_CSS = `
body { font-family: serif; }
showroom-element-probe { --showroom-accent: rgb(12, 34, 56); }
showroom-element-probe::part(message) { outline: 3px solid rgb(200, 0, 0); }
showroom-element-probe::part(fire) { text-decoration: underline; }
`;

let browser: Browser;
let buildDir: string;

closeContextsAfterAll();
beforeAll(async () => {
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-widget-runtime-'));
  const elements = { 'payment-methods': 'widgets/elements/payment-methods.tsx', 'element-probe': 'widgets/testing/element-probe-element.tsx' };
  [browser] = await Promise.all([workerBrowser(), build(elementBuild(elements, path.join(buildDir, 'esm'))), ...loaderBuilds(buildDir).map(build)]);
});
afterAll(async () => {
  fs.rmSync(buildDir, { recursive: true, force: true });
});

describe('two element modules built with the real rollup setup', () => {
  it('import the same runtime chunk, and neither bundles preact or r2wc itself', () => {
    const esm = path.join(buildDir, 'esm');
    const runtimeFiles = fs.readdirSync(esm).filter((f) => /^runtime-[\w-]+\.js$/.test(f));
    expect(runtimeFiles).toHaveLength(1);
    const runtime = runtimeFiles[0]!;
    expect(staticImports(path.join(esm, 'payment-methods.js'))).toContain(runtime);
    expect(staticImports(path.join(esm, 'element-probe.js'))).toContain(runtime);
    for (const module of ['payment-methods.js', 'element-probe.js']) {
      const code = fs.readFileSync(path.join(esm, module), 'utf8');
      expect(code.includes('http://www.w3.org/2000/svg'), module).toBe(false); // preact's DOM diff
      expect(code.includes('r2wc.props'), module).toBe(false);
    }
    expect(fs.readFileSync(path.join(esm, runtime), 'utf8')).toContain('http://www.w3.org/2000/svg');
  });
});

describe('the element base in Chromium under a strict CSP', () => {
  let pages: PageServer;

  beforeAll(async () => {
    const page = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Runtime</title>
<link rel="stylesheet" href="/host.css"><script src="/widgets/showroom.js" defer></script></head><body>${body}</body></html>`;
    pages = await startPageServer(
      {
        '/favicon.ico': '',
        '/host.css': HOST_CSS,
        '/api/payment-methods': JSON.stringify({ success: true, paymentMethods: [{ name: 'card', title: 'Card', enabled: true, gateway: 'test', isDefault: true }] }),
        '/two-elements': page('<showroom-payment-methods scope="sample-order"></showroom-payment-methods><showroom-element-probe label-text="Hello" max-items="4"></showroom-element-probe>'),
        '/inline-style': page('<style>body { color: red; }</style><p style="color: blue">inline</p>'),
        '/probe-later': page('<showroom-element-probe id="late" label-text="Before"></showroom-element-probe>'),
      },
      () => "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; object-src 'none'; base-uri 'none'",
      buildDir,
    );
  });
  afterAll(() => pages?.close());

  async function open(pathname: string) {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    const violations = await watchViolations(page);
    await page.goto(pages.url + pathname);
    return { page, problems, violations };
  }

  it('reports what the policy refuses (the check below can fail): an inline <style> and style attribute', async () => {
    const { page, violations } = await open('/inline-style');
    await page.waitForFunction(() => (window as unknown as { cspViolations: string[] }).cspViolations.length >= 2);
    expect((await violations()).map((v) => v.split(' ')[0]).sort()).toEqual(['style-src-attr', 'style-src-elem']);
    await page.close();
  });

  it('loads two elements from two modules with the runtime fetched once, styles adopted in each shadow root', async () => {
    const { page, problems, violations } = await open('/two-elements');
    // The probe module is not in the loader's table: a bundler's page imports it itself.
    await page.addScriptTag({ type: 'module', url: '/widgets/esm/element-probe.js' });
    await page.locator('showroom-payment-methods').getByRole('radio', { name: 'Card' }).waitFor();
    const probe = page.locator('showroom-element-probe');
    await probe.getByText('label: Hello').waitFor();

    const runtimeRequests = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /\/runtime-[\w-]+\.js$/.test(n)));
    expect(runtimeRequests).toHaveLength(1);

    const styling = await page.evaluate(() => {
      const hosts = [...document.querySelectorAll('showroom-payment-methods, showroom-element-probe')];
      const button = document.querySelector('showroom-element-probe')!.shadowRoot!.querySelector('button')!;
      const box = document.querySelector('showroom-element-probe')!.shadowRoot!.querySelector<HTMLElement>('.sr-probe')!;
      return {
        adopted: hosts.map((h) => h.shadowRoot!.adoptedStyleSheets.length),
        hostRule: hosts.map((h) => [...h.shadowRoot!.adoptedStyleSheets[0]!.cssRules].some((r) => r.cssText.startsWith(':host'))),
        styleElements: document.querySelectorAll('style').length + hosts.reduce((n, h) => n + h.shadowRoot!.querySelectorAll('style').length, 0),
        // Themed from the host page through --showroom-accent, and ::part() reaches in.
        buttonColour: getComputedStyle(button).color,
        buttonUnderline: getComputedStyle(button).textDecorationLine,
        // A style object set through the CSSOM is allowed by style-src 'self'.
        borderLeft: getComputedStyle(box).borderLeftWidth,
      };
    });
    expect(styling).toEqual({ adopted: [1, 1], hostRule: [true, true], styleElements: 0, buttonColour: 'rgb(12, 34, 56)', buttonUnderline: 'underline', borderLeft: '4px' });
    expect(await violations()).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps properties set before the module loaded, clears removed attributes, and reports bad JSON inside the element', async () => {
    const { page, problems, violations } = await open('/probe-later');
    // Set while <showroom-element-probe> is still an undefined element.
    await page.evaluate(() => {
      const el = document.getElementById('late') as HTMLElement & { items?: string[]; mode?: string };
      el.items = ['Shaker white', 'Oak natural'];
      el.mode = 'full';
    });
    await page.addScriptTag({ type: 'module', url: '/widgets/esm/element-probe.js' });
    const probe = page.locator('showroom-element-probe');
    await probe.getByText('items: Shaker white, Oak natural').waitFor();
    await probe.getByText('mode: full').waitFor();
    expect(await probe.getAttribute('mode')).toBe('full');

    await probe.evaluate((el) => el.removeAttribute('label-text'));
    await probe.getByText('label: (none)').waitFor();
    expect(await probe.evaluate((el) => (el as HTMLElement & { labelText?: string }).labelText)).toBeUndefined();

    await probe.evaluate((el) => el.setAttribute('options', '{"colour": oak}'));
    const message = probe.getByRole('alert');
    await message.waitFor();
    expect(await message.textContent()).toContain('options is not valid JSON');
    expect(await message.evaluate((el) => getComputedStyle(el).outlineColor)).toBe('rgb(200, 0, 0)');
    await probe.evaluate((el) => el.setAttribute('options', '{"colour": "oak"}'));
    await probe.getByText('colour: oak').waitFor();
    expect(await probe.getByRole('alert').count()).toBe(0);
    expect(await violations()).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends showroom:* events across the shadow boundary to the host page', async () => {
    const { page, problems } = await open('/probe-later');
    await page.addScriptTag({ type: 'module', url: '/widgets/esm/element-probe.js' });
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { seen: unknown[] }).seen = seen;
      document.addEventListener('showroom:cart-changed', (e) => seen.push({ target: (e.target as Element).id, composed: e.composed, detail: (e as CustomEvent).detail }));
      (document.getElementById('late') as HTMLElement & { items: string[] }).items = ['Shaker white'];
    });
    await page.locator('showroom-element-probe').getByRole('button', { name: 'Fire' }).click();
    expect(await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen)).toEqual([{ target: 'late', composed: true, detail: { items: [], count: 1 } }]);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("the store's widgets on a dealer's page of another origin under a strict CSP", () => {
  let store: TestServer;
  let dealer: PageServer;

  beforeAll(async () => {
    // The dealer's origin is known once its server listens, the store's once the store listens:
    // the page and its policy are filled in then (the files table is read on each request).
    let storeUrl = '';
    const files: Record<string, string> = { '/favicon.ico': '', '/dealer.css': 'showroom-payment-methods { --showroom-accent: rgb(28, 61, 90); }' };
    dealer = await startPageServer(
      files,
      () => `default-src 'self'; script-src 'self' ${storeUrl}; connect-src 'self' ${storeUrl}; style-src 'self'; img-src 'self' ${storeUrl} data:; object-src 'none'; base-uri 'none'`,
    );
    store = await startTestServer({ ALLOWED_ORIGINS: dealer.url });
    storeUrl = store.url;
    files['/'] = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dealer</title>
<link rel="stylesheet" href="/dealer.css"><script src="${store.url}/widgets/showroom.js" defer></script></head>
<body><showroom-payment-methods scope="sample-order"></showroom-payment-methods></body></html>`;
  });
  afterAll(async () => {
    await dealer?.close();
    await store?.stop();
  });

  it('shows the payment methods from the API with no CSP violation', async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    const violations = await watchViolations(page);
    await page.goto(dealer.url);
    const element = page.locator('showroom-payment-methods');
    await element.getByText('Credit or debit card').waitFor();
    expect(await element.evaluate((el) => el.shadowRoot!.adoptedStyleSheets.length)).toBe(1);
    expect(await violations()).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('serves the manifest of every element at /widgets/custom-elements.json', async () => {
    const res = await fetch(`${store.url}/widgets/custom-elements.json`);
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as { schemaVersion: string; modules: { declarations: { tagName: string }[] }[] };
    expect(manifest.schemaVersion).toBe('2.1.0');
    expect(manifest.modules.map((m) => m.declarations[0]!.tagName)).toContain('showroom-payment-methods');
  });
});
