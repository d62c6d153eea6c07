/**
 * Attacker: "the demo runs behind nginx (or a CDN) on the same machine, so every request reaches it
 * from loopback; the proxy sets X-Real-IP or True-Client-IP, not X-Forwarded-For, and /dev/mail
 * shows me every customer's mail, reset links included." A request that carries any proxy header is
 * refused. And the operator who runs behind a proxy without TRUST_PROXY is told so, once, in the log.
 *
 * @engines sqlite: which address is believed is the HTTP layer's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../api/my-account-test-kit';
import { call } from './attacker-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
let owner: string;
beforeAll(async () => {
  server = await startTestServer({}, { log: 'kept' });
  // A reset link in the outbox: what the attacker is after.
  const { customer } = await signedUp(server.url);
  const asked = await call(server.url, 'POST', '/api/my-account/password-reset', { body: { email: customer.email }, headers: { Origin: new URL(server.url).origin } });
  expect(asked.status).toBeLessThan(300);
  owner = customer.email;
});
afterAll(async () => {
  await server?.stop();
});

const PROXY_HEADERS: Array<[string, string]> = [
  ['X-Real-IP', '203.0.113.9'],
  ['True-Client-IP', '203.0.113.9'],
  ['CF-Connecting-IP', '203.0.113.9'],
  ['X-Client-IP', '203.0.113.9'],
  ['X-Cluster-Client-IP', '203.0.113.9'],
  ['Fastly-Client-IP', '203.0.113.9'],
  ['Via', '1.1 proxy.example'],
  ['Forwarded', 'for=203.0.113.9'],
  ['X-Forwarded-For', '203.0.113.9'],
  ['X-Forwarded-Host', 'shop.example'],
  ['X-Forwarded-Proto', 'https'],
];

describe('/dev/mail behind a proxy on the same machine', () => {
  it('answers the browser on this machine', async () => {
    const page = await call(server.url, 'GET', '/dev/mail');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Dev mailbox');
    expect(page.text).toContain(owner);
    expect(page.text).toContain('/my-account/reset-password?token=');
  });

  it.each(PROXY_HEADERS)('refuses a request carrying %s, and shows no mail', async (name, value) => {
    const page = await call(server.url, 'GET', '/dev/mail', { headers: { [name]: value } });
    expect(page.status).toBe(403);
    expect(page.text).toBe('The dev mailbox answers only to a browser on the machine the server runs on.');
    expect(page.text).not.toContain(owner);
    expect(page.text).not.toContain('reset-password');
  });
});

describe('X-Forwarded-For while TRUST_PROXY is empty', () => {
  const warnings = (s: TestServer) => s.logLines.map((l) => JSON.parse(l) as { level: number; msg: string; setting?: string }).filter((l) => l.level === 40 && l.setting === 'TRUST_PROXY');

  it('is logged once, at the first request that carries it, naming the setting', async () => {
    const fresh = await startTestServer({}, { log: 'kept' });
    try {
      await call(fresh.url, 'GET', '/api/health');
      expect(warnings(fresh)).toEqual([]);
      await call(fresh.url, 'GET', '/api/health', { headers: { 'X-Forwarded-For': '198.51.100.7' } });
      await call(fresh.url, 'GET', '/', { headers: { 'X-Forwarded-For': '198.51.100.8' } });
      await call(fresh.url, 'GET', '/api/health', { headers: { 'X-Forwarded-For': '198.51.100.9' } });
      const logged = warnings(fresh);
      expect(logged).toHaveLength(1);
      expect(logged[0]!.msg).toMatch(/X-Forwarded-For.*TRUST_PROXY is empty/);
      // The header is still not believed: nothing it says reaches the log either.
      expect(JSON.stringify(logged[0])).not.toContain('198.51.100');
    } finally {
      await fresh.stop();
    }
  });

  it('is not logged when TRUST_PROXY names the proxy', async () => {
    const proxied = await startTestServer({ TRUST_PROXY: 'loopback' }, { log: 'kept' });
    try {
      await call(proxied.url, 'GET', '/api/health', { headers: { 'X-Forwarded-For': '198.51.100.7' } });
      expect(warnings(proxied)).toEqual([]);
    } finally {
      await proxied.stop();
    }
  });
});
