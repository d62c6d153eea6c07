/**
 * The unlucky customer and the script kiddie against the order input:
 * - "my order's answer was lost, so my client posted it again": without an Idempotency-Key every
 *   retry placed another order for the same cart. A new order now needs the key, and the refusal
 *   names the header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPayload, skus } from '../api/commerce-test-kit';
import { IDEMPOTENCY_KEY_REQUIRED } from '../api/orders';
import { startShop, type Shop } from './scripted-shop';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.stop();
});

const orderCount = () => (shop.database.sqlite.prepare('select count(*) as c from sales_order').get() as { c: number }).c;

/** A raw POST, as a script sends it: only the headers named here. */
async function post(pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(shop.url + pathname, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('POST /api/order retried without an Idempotency-Key', () => {
  it('places no order, however often it is retried, and the answer names the header', async () => {
    const before = orderCount();
    const payload = orderPayload();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const res = await post('/api/order', payload);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'idempotency_key_required', message: IDEMPOTENCY_KEY_REQUIRED, fields: { 'Idempotency-Key': IDEMPOTENCY_KEY_REQUIRED } });
    }
    expect(IDEMPOTENCY_KEY_REQUIRED).toContain('Idempotency-Key');
    expect(orderCount()).toBe(before);
  });

  it('an empty or malformed key is refused too, naming the header', async () => {
    const before = orderCount();
    for (const key of ['', 'short', 'x'.repeat(129), 'has spaces in it, sixteen+']) {
      const res = await post('/api/order', orderPayload(), { 'Idempotency-Key': key });
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(Object.keys(res.body.fields as object)).toEqual(['Idempotency-Key']);
    }
    expect(orderCount()).toBe(before);
  });

  it('with the key, retries give one order', async () => {
    const before = orderCount();
    const key = `retry-${crypto.randomUUID()}`;
    const first = await post('/api/order', orderPayload(), { 'Idempotency-Key': key });
    const again = await post('/api/order', orderPayload(), { 'Idempotency-Key': key });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.id).toBe(first.body.id);
    expect(orderCount()).toBe(before + 1);
  });
});
