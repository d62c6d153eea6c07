import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePolicy } from '../http/content-security-policy';
import { securityHeaders } from '../http/security-headers';
import { decodedBody, rawRequest } from '../testing/raw-request';
import { STUDIO_POLICY, studioPageRoutes } from './studio-page';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-page-'));
const built = path.join(dir, 'studio');
const INDEX = '<!doctype html><html><head><script type="module" crossorigin src="/studio/assets/index-abc123.js"></script></head><body><div id="studio-root"></div></body></html>';
const SCRIPT = `console.log("the studio");\n${'// padding so it compresses\n'.repeat(40)}`;

let servers: http.Server[] = [];
let base: string;
let unbuilt: string;

async function listen(app: Koa): Promise<string> {
  const server = http.createServer(app.callback());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The app as server/app.ts builds it where the studio matters: security headers, the site router, then the storefront's pages. */
function appWith(studioBuild: string): Koa {
  const app = new Koa();
  app.use(securityHeaders({ https: false }));
  const site = new Router();
  studioPageRoutes(site, { production: false }, studioBuild);
  app.use(site.routes());
  // Stands for the storefront's page route: every other GET is a page.
  app.use((ctx) => {
    ctx.type = 'text/html';
    ctx.body = '<!doctype html><title>storefront</title>';
  });
  return app;
}

beforeAll(async () => {
  fs.mkdirSync(path.join(built, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(built, 'index.html'), INDEX);
  fs.writeFileSync(path.join(built, 'assets', 'index-abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(dir, 'outside.txt'), 'not for the web');
  base = await listen(appWith(built));
  unbuilt = await listen(appWith(path.join(dir, 'missing')));
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  servers = [];
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the studio page', () => {
  it.each(['/studio', '/studio/', '/studio/sign-in', '/studio/setup', '/studio/edit/pages/home.json', '/studio/history/12?path=pages%2Fhome.json'])(
    '%s answers the app with the studio CSP, no-store and noindex',
    async (url) => {
      const res = await fetch(base + url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toBe(INDEX);
      expect(res.headers.get('content-security-policy')).toBe(STUDIO_POLICY);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      // The app's other headers stay.
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );

  it('its policy is strict: no inline script or stylesheet, no eval, never framed', () => {
    expect(STUDIO_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' data:; frame-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    // The one allowance: style attributes (the preview frame inherits this policy, and pages carry a few), never script.
    expect(STUDIO_POLICY.split('; ').filter((d) => d.includes('unsafe-'))).toEqual(["style-src-attr 'unsafe-inline'"]);
  });

  it('serves the built assets for a year, compressed, under the same policy', async () => {
    const res = await rawRequest(base, '/studio/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(`max-age=${365 * 24 * 60 * 60},immutable`);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decodedBody(res).toString()).toBe(SCRIPT);
    expect(res.headers['content-security-policy']).toBe(STUDIO_POLICY);
  });

  it('answers 404 for a missing asset, never the page (a stale script must not get HTML)', async () => {
    const res = await fetch(`${base}/studio/assets/index-old999.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('never serves a file outside the build', async () => {
    for (const raw of ['/studio/../outside.txt', '/studio/%2e%2e/outside.txt', '/studio/assets/%2e%2e/%2e%2e/outside.txt']) {
      const res = await rawRequest(base, raw);
      expect(res.body.toString()).not.toContain('not for the web');
    }
  });

  it('leaves other paths to the storefront and its policy', async () => {
    for (const url of ['/studios', '/studio-tips', '/']) {
      const res = await fetch(base + url);
      expect(await res.text()).toContain('storefront');
      expect(res.headers.get('content-security-policy')).toBe(pagePolicy());
    }
  });

  it('says how to build it when dist/studio is missing', async () => {
    const res = await fetch(`${unbuilt}/studio`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build:studio');
    expect(res.headers.get('content-security-policy')).toBe(STUDIO_POLICY);
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await fetch(`${base}/studio/sign-in`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(STUDIO_POLICY);
    expect(await res.text()).toBe('');
  });
});
