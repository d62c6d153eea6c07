/**
 * The tests' check of every answer against its contract: a wrong answer fails the test that caused
 * it (a 500 naming the difference), a right one passes untouched.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyEndpoint } from '../../schemas/api/health';
import { createLogger } from '../logger';
import { checkRequest } from './contract';
import { responseCheck, responseChecksOn } from './response-check';

let server: http.Server;
let url: string;
let answer: { status: number; body: unknown };

beforeAll(async () => {
  const app = new Koa();
  app.use(responseCheck(createLogger('silent')));
  app.use((ctx) => {
    checkRequest(readyEndpoint, ctx);
    ctx.status = answer.status;
    ctx.body = answer.body;
  });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${url}/api/ready`);
  return { status: res.status, body: await res.json() };
}

describe('the response check', () => {
  it('is on under Vitest and can be turned off or on', () => {
    expect(responseChecksOn()).toBe(true);
    expect(responseChecksOn({ NODE_ENV: 'test', SHOWROOM_CHECK_RESPONSES: 'off' })).toBe(false);
    expect(responseChecksOn({ NODE_ENV: 'production' })).toBe(false);
    expect(responseChecksOn({ NODE_ENV: 'production', SHOWROOM_CHECK_RESPONSES: 'on' })).toBe(true);
  });

  it('lets an answer that matches its contract through untouched', async () => {
    answer = { status: 200, body: { status: 'ready', database: 'sqlite', migrations: 'current' } };
    expect(await get()).toEqual(answer);
    answer = { status: 503, body: { error: 'unavailable', message: 'The database is not answering.' } };
    expect(await get()).toEqual(answer);
  });

  it('turns a deliberately wrong answer into a 500 that names the difference', async () => {
    answer = { status: 200, body: { status: 'ready', database: 'mysql', migrations: 'current', extra: 1 } };
    expect(await get()).toEqual({
      status: 500,
      body: { error: 'response_mismatch', message: 'The answer of GET /api/ready (200) does not match its contract.', fields: { database: expect.any(String), extra: 'This field is not allowed.' } },
    });
  });

  it('refuses a status the contract does not list, and an error without the error shape', async () => {
    answer = { status: 201, body: { status: 'ready', database: 'sqlite', migrations: 'current' } };
    expect((await get()).body).toMatchObject({ error: 'response_mismatch', fields: { status: 'No answer 201 in the contract.' } });
    answer = { status: 503, body: { problem: 'down' } };
    expect((await get()).body).toMatchObject({ error: 'response_mismatch', fields: { error: 'This field is required.', message: 'This field is required.' } });
  });
});
