/**
 * A running server whose content changes under it: a publish is served at once (no restart, the
 * page cache and sitemap built anew), limits outlive the swap, and in development the watcher
 * reloads the folder, keeping the last good content while a file is broken.
 *
 * @engines sqlite postgres: the rate limits that outlive a swap are kept in the database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../api/commerce-test-kit';
import { projectRoot } from '../build-output';
import { startTestServer, type TestServer } from '../testing/test-server';
import { scaledMs } from '../../scripts/test-calibration';

let server: TestServer;
let parent: string;
let dir: string;
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-live-server-'));
  dir = path.join(parent, 'site');
  fs.cpSync(path.join(projectRoot, 'examples', 'site'), dir, { recursive: true });
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  // The watcher is on, as in development (NODE_ENV is not production here). SMTP_URL starts the
  // mail worker (its interval is the server's, never one more per app); nothing is ever due to it.
  server = await startTestServer({ CONTENT_DIR: dir, TRUST_PROXY: 'loopback', CONTENT_WATCH: '1', SMTP_URL: 'smtp://127.0.0.1:9' }, { log: pino({ level: 'info' }, sink) });
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(parent, { recursive: true, force: true });
});

const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
const withTitle = (text: string, title: string) => text.replace(/"title": "[^"]*"/, `"title": ${JSON.stringify(title)}`);
const page = async (pathname: string) => {
  const res = await fetch(server.url + pathname);
  return { status: res.status, html: await res.text() };
};
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

describe('a publish on a running server', () => {
  it('serves a new page at its new path at once, and a cached page with its change', async () => {
    const before = await page('/about-us');
    expect(before.status).toBe(200);
    expect(titleOf(before.html)).toMatch(/^About Us/);
    expect((await page('/about-us')).html).toBe(before.html); // now from the page cache
    expect((await page('/showrooms/austin')).status).toBe(404);
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain('/showrooms/austin');

    const routes = JSON.parse(read('routes.json')) as { routes: Array<{ path: string; page: string }> };
    routes.routes.splice(routes.routes.findIndex((r) => r.path === '/*'), 0, { path: '/showrooms/austin', page: 'showroom-austin' });
    const id = await server.live.publish(
      new Map([
        ['routes.json', `${JSON.stringify(routes, null, 2)}\n`],
        ['pages/showroom-austin.json', withTitle(read('pages/about-us.json'), 'Our Austin showroom')],
        ['pages/about-us.json', withTitle(read('pages/about-us.json'), 'About the workshop')],
      ]),
      { author: 'pat@example.com', message: 'Austin' },
    );
    expect(id).toBeGreaterThan(0);

    // No wait: the publish has swapped the app by the time it answers.
    const austin = await page('/showrooms/austin');
    expect(austin.status).toBe(200);
    expect(titleOf(austin.html)).toMatch(/^Our Austin showroom/);
    expect(titleOf((await page('/about-us')).html)).toMatch(/^About the workshop/);
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain('/showrooms/austin');
    expect(logLines.some((l) => l.msg === 'content published' && l.version === id)).toBe(true);
  });

  it('keeps counting an order lookup limit across a swap', async () => {
    const from = { 'X-Forwarded-For': '10.20.30.40' };
    for (let i = 0; i < 5; i++) expect((await api(server.url, 'GET', '/api/order/1?email=nobody@example.com', undefined, from)).status).toBe(404);
    expect(await server.live.reload()).toEqual({ swapped: true, problems: [] });
    expect((await api(server.url, 'GET', '/api/order/1?email=nobody@example.com', undefined, from)).status).toBe(429);
    // The new app answers everyone else as before.
    expect((await api(server.url, 'GET', '/api/order/1?email=nobody@example.com', undefined, { 'X-Forwarded-For': '10.20.30.41' })).status).toBe(404);
  });

  it('leaves no interval behind: ten swaps start none that they do not stop', async () => {
    const started = vi.spyOn(globalThis, 'setInterval');
    const stopped = vi.spyOn(globalThis, 'clearInterval');
    try {
      for (let i = 0; i < 10; i++) expect((await server.live.reload()).swapped).toBe(true);
      expect(started.mock.calls.length - stopped.mock.calls.length).toBe(0);
    } finally {
      started.mockRestore();
      stopped.mockRestore();
    }
  });
});

describe('the development watcher', () => {
  it('keeps the last good content while a file is broken, lists its problem once, and swaps when it is fixed', async () => {
    const good = read('pages/about-us.json');
    const serving = titleOf((await page('/about-us')).html);
    fs.writeFileSync(path.join(dir, 'pages/about-us.json'), '{ "metadata": { "title": "Half a');
    await vi.waitFor(() => expect(server.live.problems()).toEqual([expect.objectContaining({ file: 'pages/about-us.json', pointer: '' })]), { timeout: scaledMs(10_000), interval: 20 });
    const broken = await page('/about-us');
    expect(broken.status).toBe(200);
    expect(titleOf(broken.html)).toBe(serving);
    expect((await page('/')).status).toBe(200);
    // Reloading again changes nothing, and says nothing new.
    expect((await server.live.reload()).swapped).toBe(false);
    const said = logLines.filter((l) => l.msg === 'content problem: the last good content keeps serving' && l.file === 'pages/about-us.json');
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ pointer: '', problem: expect.any(String) });

    fs.writeFileSync(path.join(dir, 'pages/about-us.json'), withTitle(good, 'About us, fixed'));
    await vi.waitFor(async () => expect(titleOf((await page('/about-us')).html)).toMatch(/^About us, fixed/), { timeout: scaledMs(10_000), interval: 20 });
    expect(server.live.problems()).toEqual([]);
    expect(logLines.some((l) => l.msg === 'content reloaded')).toBe(true);
  });

  it('serves an edited title without a publish', async () => {
    fs.writeFileSync(path.join(dir, 'pages/privacy-policy.json'), withTitle(read('pages/privacy-policy.json'), 'Privacy, plainly'));
    await vi.waitFor(async () => expect(titleOf((await page('/privacy-policy')).html)).toMatch(/^Privacy, plainly/), { timeout: scaledMs(10_000), interval: 20 });
  });
});
