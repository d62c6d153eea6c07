/**
 * Attacker: "the order lookup is limited per client address, and the client address is whatever
 * X-Forwarded-For says: rotate it and guess e-mails forever. And once the limiter holds 10,000 keys
 * it scans them all on each new key, so a flood of keys slows every request."
 *
 * @engines sqlite postgres: the rate limits are kept in the database, shared by every server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../api/commerce-test-kit';
import { LOOKUPS_PER_MINUTE } from '../services/commerce';
import { RateLimiter } from '../services/rate-limiter';
import { startTestServer, type TestServer } from '../testing/test-server';

async function lookups(url: string, count: number, forwardedFor: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  // A different order id and e-mail each time, so only the per-client limit can stop the guesses.
  for (let i = 0; i < count; i++) {
    const res = await api(url, 'GET', `/api/order/${900000 + i}?email=guess${i}@example.com`, undefined, { 'X-Forwarded-For': forwardedFor(i) });
    statuses.push(res.status);
  }
  return statuses;
}

describe('a client is its socket address unless TRUST_PROXY names the proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('rotating X-Forwarded-For does not escape the lookup limit when no proxy is trusted', async () => {
    const statuses = await lookups(server.url, LOOKUPS_PER_MINUTE + 3, (i) => `198.51.100.${i}`);
    expect(statuses.slice(0, LOOKUPS_PER_MINUTE).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(LOOKUPS_PER_MINUTE)).toEqual([429, 429, 429]);
  });
});

describe('behind a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The test's own requests come from loopback: loopback plays the proxy.
    server = await startTestServer({ TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('believes the address the proxy appended, not one the client put before it', async () => {
    // The client sends "X-Forwarded-For: <made up>"; the proxy appends the real client, 203.0.113.7.
    const statuses = await lookups(server.url, LOOKUPS_PER_MINUTE + 2, (i) => `198.51.100.${i}, 203.0.113.7`);
    expect(statuses.slice(LOOKUPS_PER_MINUTE)).toEqual([429, 429]);
  });

  it('tells two real clients apart', async () => {
    const first = await lookups(server.url, LOOKUPS_PER_MINUTE, () => '203.0.113.20');
    const second = await lookups(server.url, LOOKUPS_PER_MINUTE, () => '203.0.113.21');
    expect([...first, ...second].every((s) => s === 404)).toBe(true);
  });

  it('does not believe a proxy it was not told about', async () => {
    const other = await startTestServer({ TRUST_PROXY: '10.0.0.1' });
    try {
      const statuses = await lookups(other.url, LOOKUPS_PER_MINUTE + 1, (i) => `198.51.100.${i}`);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await other.stop();
    }
  });
});

describe('the limiter costs the same however many keys it holds', () => {
  /** Milliseconds for `count` hits on fresh keys. */
  async function newKeys(limiter: RateLimiter, prefix: string, count: number): Promise<number> {
    const start = performance.now();
    for (let i = 0; i < count; i++) await limiter.consume(`${prefix}${i}`);
    return performance.now() - start;
  }

  it('a new key with 100,000 keys held costs about what it costs with none', async () => {
    const limiter = new RateLimiter(5, 60_000);
    const empty = await newKeys(limiter, 'warm-', 2_000);
    // A flood of addresses (or order ids, or e-mails), all inside one window.
    for (let i = 0; i < 100_000; i++) await limiter.consume(`flood-${i}`);
    const full = await newKeys(limiter, 'after-', 2_000);
    // A scan of every key on each new key would be 2,000 x 100,000 steps: seconds, not milliseconds.
    expect(full).toBeLessThan(Math.max(10 * empty, 250));
  });

  it('still limits: the sixth hit of a key in its window is refused', async () => {
    const limiter = new RateLimiter(5, 60_000);
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await limiter.consume('k'));
    expect(results).toEqual([true, true, true, true, true, false]);
    expect(await limiter.consume('other')).toBe(true);
  });
});
