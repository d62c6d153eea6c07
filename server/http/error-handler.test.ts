/**
 * What a failure answers: an API call gets the JSON error shape with the message every 500 says,
 * spelled right, and a page a short HTML message; the stack stays in the log.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { errorHandler, INTERNAL_ERROR_MESSAGE } from './error-handler';

let server: http.Server;
let base: string;

beforeAll(async () => {
  const app = new Koa();
  app.use(errorHandler(createLogger('silent')));
  app.use(() => {
    throw new Error('a bug with a secret stack');
  });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('a 500', () => {
  it("says 'Something went wrong. Please try again later.' to an API call, spelled right, and nothing of the error", async () => {
    const res = await fetch(`${base}/api/anything`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'internal_error', message: 'Something went wrong. Please try again later.' });
    expect(INTERNAL_ERROR_MESSAGE).not.toContain('Plase');
  });

  it('says the same on a page', async () => {
    const res = await fetch(`${base}/some/page`);
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain('<p>Something went wrong. Please try again later.</p>');
    expect(html).not.toContain('secret stack');
  });
});
