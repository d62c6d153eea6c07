/**
 * @engines sqlite: the catalog is content, read the same on any engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogSamplesEndpoint, styleSamplesEndpoint } from '../../schemas/api/catalog';
import { validatorOf } from '../http/contract';
import { call } from '../security/attacker-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { demoCatalog } from './commerce-test-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('the catalog for widgets', () => {
  it("answers one style's samples with an ETag, and 304 when the browser has them", async () => {
    const first = await call(server.url, 'GET', '/api/catalog/styles/hartford-shaker/samples');
    expect(first.status).toBe(200);
    expect(first.body.style).toEqual({ name: 'hartford-shaker', title: expect.any(String) });
    expect(first.body.samples.length).toBeGreaterThan(0);
    for (const s of first.body.samples) {
      expect(s.price).toBe(demoCatalog.findSample(s.sku)!.priceCents / 100);
      expect(s).toMatchObject({ style: 'hartford-shaker', finish: { type: expect.any(String), value: expect.any(String) }, finishLabel: expect.any(String) });
    }
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await call(server.url, 'GET', '/api/catalog/styles/hartford-shaker/samples', { headers: { 'If-None-Match': `W/${etag}` } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('sends every sample brotli-compressed when asked, with CORS for an allowed origin only', async () => {
    const dealer = new URL(server.dealerUrl).origin;
    const res = await fetch(`${server.url}/api/catalog/samples`, { headers: { 'Accept-Encoding': 'br', Origin: dealer } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('access-control-allow-origin')).toBe(dealer);
    // fetch decodes brotli itself: what arrives is the catalog.
    const body = (await res.json()) as { samples: { sku: string; price: number }[] };
    expect(body.samples.length).toBeGreaterThan(8);
    for (const s of body.samples) expect(s.price).toBe(demoCatalog.findSample(s.sku)!.priceCents / 100);
    const foreign = await fetch(`${server.url}/api/catalog/samples`, { headers: { Origin: 'https://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers 404 with the error shape for an unknown style', async () => {
    const res = await call(server.url, 'GET', '/api/catalog/styles/no-such-style/samples');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'style_not_found', fields: { styleName: expect.any(String) } });
  });

  it('answers what the contracts say (these bodies are sent as prepared bytes, which the response check of the tests does not read)', async () => {
    for (const [contract, url] of [
      [catalogSamplesEndpoint, '/api/catalog/samples'],
      [styleSamplesEndpoint, '/api/catalog/styles/hartford-shaker/samples'],
    ] as const) {
      const res = await call(server.url, 'GET', url);
      expect(res.status, url).toBe(200);
      const validate = validatorOf(contract.responses[200]);
      expect(validate(res.body) ? [] : validate.errors, url).toEqual([]);
    }
  });
});
