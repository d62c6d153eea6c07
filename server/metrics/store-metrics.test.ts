/**
 * /metrics: never public. On the store's own port it answers only the holder of METRICS_TOKEN
 * (anyone else, a wrong token, a token in the query string, another method: the store's 404); on
 * METRICS_PORT it is the only thing served. A scrape after a checkout shows the order, the payment
 * and the request histogram of the order's route, with the mail queue, the content version, the
 * database pool and the event-loop lag.
 *
 * @engines sqlite postgres: the figures are read from each engine's tables and pool.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../build-output';
import { orderPayload, skus } from '../api/commerce-test-kit';
import { bearer, call, card } from '../security/attacker-kit';
import { testEngine } from '../testing/test-database';
import { startTestServer, type TestServer } from '../testing/test-server';

const TOKEN = 'metrics-token-for-the-test-0123456789';
let withToken: TestServer;
let withPort: TestServer;

beforeAll(async () => {
  [withToken, withPort] = await Promise.all([startTestServer({ METRICS_TOKEN: TOKEN }), startTestServer({ METRICS_PORT: '0' })]);
});
afterAll(async () => {
  await Promise.all([withToken?.stop(), withPort?.stop()]);
});

/** The value of one series of a scrape (its name with its labels, as Prometheus prints them). */
function sample(scrape: string, series: string): number | undefined {
  const line = scrape.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics behind a token', () => {
  it('answers nobody else: no token, a wrong one, one in the query string, another method', async () => {
    const refusals = [
      await call(withToken.url, 'GET', '/metrics'),
      await call(withToken.url, 'GET', '/metrics', { headers: { Authorization: 'Bearer metrics-token-for-the-test-012345678X' } }),
      await call(withToken.url, 'GET', '/metrics', { headers: { Authorization: TOKEN } }),
      await call(withToken.url, 'GET', `/metrics?token=${TOKEN}`),
      await call(withToken.url, 'POST', '/metrics', { headers: { Authorization: `Bearer ${TOKEN}` }, body: {} }),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain('showroom_');
    }
  });

  it('after a checkout, shows the order, the payment and the request histogram of its routes', async () => {
    const order = await call(withToken.url, 'POST', '/api/order', { body: orderPayload({}, skus(2)), headers: { 'Idempotency-Key': 'metrics-order-0001' } });
    expect(order.status).toBe(201);
    const paid = await call(withToken.url, 'POST', '/api/payment/test/charge', { body: { ...card(), metadata: { orderId: String(order.body.id) } }, headers: { ...bearer(order.body.accessToken), 'Idempotency-Key': 'metrics-payment-0001' } });
    expect(paid.status).toBe(200);

    const scrape = await call(withToken.url, 'GET', '/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(scrape.status).toBe(200);
    expect(scrape.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(scrape.headers['cache-control']).toBe('no-store');
    const text = scrape.text;
    expect(sample(text, 'showroom_orders{source="cart"}')).toBe(1);
    expect(sample(text, 'showroom_payments{gateway="test",status="completed"}')).toBe(1);
    const stored = await withToken.q.first(withToken.q.db.selectFrom('sales_order').select('total_cents').where('id', '=', Number(order.body.id)));
    expect(sample(text, 'showroom_payments_dollars{gateway="test"}')).toBe(stored!.total_cents / 100);
    expect(sample(text, 'showroom_http_request_duration_seconds_count{method="POST",route="/api/order",status="201"}')).toBe(1);
    expect(sample(text, 'showroom_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/order",status="201"}')).toBe(1);
    expect(sample(text, 'showroom_http_request_duration_seconds_count{method="POST",route="/api/payment/test/charge",status="200"}')).toBe(1);
    // The refused scrapes above, counted under their own route and never under a raw path.
    expect(sample(text, 'showroom_http_request_duration_seconds_count{method="GET",route="/metrics",status="404"}')).toBeGreaterThanOrEqual(4);
    // The order's e-mails wait in the outbox (no SMTP_URL here).
    expect(sample(text, 'showroom_mail_queue_depth')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'showroom_mail_queue_oldest_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'showroom_content_version')).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (testEngine() === 'postgres') expect(sample(text, 'showroom_db_pool_connections{engine="postgres",state="total"}')).toBeGreaterThanOrEqual(1);
    else expect(sample(text, 'showroom_db_pool_connections{engine="sqlite",state="total"}')).toBe(1);
  });
});

describe('the database pool', () => {
  it('counts no client waiting on an idle store: the scrape’s own queries are not waiting clients', async () => {
    const scrape = async () => (await call(withToken.url, 'GET', '/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } })).text;
    // The first scrape grows the pool to its own queries; the next ones find it idle.
    await scrape();
    for (let i = 0; i < 3; i++) {
      const text = await scrape();
      if (testEngine() !== 'postgres') {
        expect(sample(text, 'showroom_db_pool_connections{engine="sqlite",state="total"}')).toBe(1);
        continue;
      }
      const total = sample(text, 'showroom_db_pool_connections{engine="postgres",state="total"}')!;
      expect(total).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'showroom_db_pool_connections{engine="postgres",state="waiting"}')).toBe(0);
      expect(sample(text, 'showroom_db_pool_connections{engine="postgres",state="idle"}')).toBeLessThanOrEqual(total);
    }
  });
});

describe('/metrics on a port of its own', () => {
  it('is served there only, and nothing else is', async () => {
    expect(withPort.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const scrape = await fetch(withPort.metricsUrl!);
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toContain('# TYPE showroom_http_request_duration_seconds histogram');
    const origin = new URL(withPort.metricsUrl!).origin;
    expect((await fetch(`${origin}/`)).status).toBe(404);
    expect((await fetch(`${origin}/api/health`)).status).toBe(404);
    expect((await fetch(withPort.metricsUrl!, { method: 'POST' })).status).toBe(404);
    // The store's own port has none.
    expect((await fetch(`${withPort.url}/metrics`)).status).toBe(404);
  });
});

describe("docs/deployment.md's alert rules and Grafana dashboard", () => {
  it('name only metrics the store exports, and the dashboard is JSON', async () => {
    const doc = fs.readFileSync(path.join(projectRoot, 'docs', 'deployment.md'), 'utf8');
    const block = (heading: string, lang: string) => new RegExp(`### ${heading}[\\s\\S]*?\`\`\`${lang}\n([\\s\\S]*?)\n\`\`\``).exec(doc)?.[1];
    const rules = block('Alert rules', 'yaml')!;
    const dashboard = JSON.parse(block('Grafana dashboard', 'json')!) as { panels: { targets: { expr: string }[] }[] };
    const expressions = [rules, ...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr))].join('\n');
    const named = new Set([...expressions.matchAll(/\b(?:showroom|nodejs|process)_[a-z0-9_]+/g)].map((m) => m[0].replace(/_(bucket|count|sum)$/, '')));
    expect(named.size).toBeGreaterThan(8);
    const scrape = await (await fetch(withPort.metricsUrl!)).text();
    const exported = new Set([...scrape.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    expect([...named].filter((name) => !exported.has(name))).toEqual([]);
  });
});
