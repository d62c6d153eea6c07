/**
 * The unlucky customer and the script kiddie against the order input:
 * - "my order's answer was lost, so my client posted it again": without an Idempotency-Key every
 *   retry placed another order for the same cart. A new order now needs the key, and the refusal
 *   names the header.
 * - "I sent qty -1, 0, 0.5, null or "1e400"": each was stored as 1. Each is now refused with the
 *   quantity's own message, by the cart totals and by the order, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPayload, skus } from '../api/commerce-test-kit';
import { QUANTITY_MESSAGE } from '../services/cart-totals';
import { IDEMPOTENCY_KEY_REQUIRED } from '../api/orders';
import { startShop, type Shop } from './scripted-shop';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.stop();
});

const orderCount = async () => (await shop.database.q.first(shop.database.q.db.selectFrom('sales_order').select((eb) => eb.fn.countAll<number>().as('c'))))!.c;

/** A raw POST, as a script sends it: only the headers named here. */
async function post(pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(shop.url + pathname, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('POST /api/order retried without an Idempotency-Key', () => {
  it('places no order, however often it is retried, and the answer names the header', async () => {
    const before = await orderCount();
    const payload = orderPayload();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const res = await post('/api/order', payload);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'idempotency_key_required', message: IDEMPOTENCY_KEY_REQUIRED, fields: { 'Idempotency-Key': IDEMPOTENCY_KEY_REQUIRED } });
    }
    expect(IDEMPOTENCY_KEY_REQUIRED).toContain('Idempotency-Key');
    expect(await orderCount()).toBe(before);
  });

  it('an empty or malformed key is refused too, naming the header', async () => {
    const before = await orderCount();
    for (const key of ['', 'short', 'x'.repeat(129), 'has spaces in it, sixteen+']) {
      const res = await post('/api/order', orderPayload(), { 'Idempotency-Key': key });
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(Object.keys(res.body.fields as object)).toEqual(['Idempotency-Key']);
    }
    expect(await orderCount()).toBe(before);
  });

  it('with the key, retries give one order', async () => {
    const before = await orderCount();
    const key = `retry-${crypto.randomUUID()}`;
    const first = await post('/api/order', orderPayload(), { 'Idempotency-Key': key });
    const again = await post('/api/order', orderPayload(), { 'Idempotency-Key': key });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.id).toBe(first.body.id);
    expect(await orderCount()).toBe(before + 1);
  });
});

describe('quantities that are not a whole number of at least 1', () => {
  const BAD: Array<[string, unknown]> = [
    ['-1', -1],
    ['0', 0],
    ['0.5', 0.5],
    ['null', null],
    ['"1e400"', '1e400'],
    ['"0x1"', '0x1'],
    ['"1.5"', '1.5'],
    ['"-1"', '-1'],
    ['true', true],
    ['[1]', [1]],
  ];

  it.each(BAD)('qty %s: the cart totals refuse it with the quantity message', async (_, qty) => {
    const [sku, other] = skus(2);
    const res = await post('/api/cart/totals', { items: [{ sku: other, qty: 1 }, { sku, qty }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: QUANTITY_MESSAGE, fields: { 'items.1.qty': QUANTITY_MESSAGE } });
  });

  it.each(BAD)('qty %s: no order is stored', async (_, qty) => {
    const before = await orderCount();
    const [sku] = skus(1);
    const res = await post('/api/order', orderPayload({ items: [{ sku, qty }] }), { 'Idempotency-Key': `qty-${crypto.randomUUID()}` });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_items', message: QUANTITY_MESSAGE, fields: { 'items.0.qty': QUANTITY_MESSAGE } });
    expect(await orderCount()).toBe(before);
  });

  it('1, "1" and no quantity at all are one sample', async () => {
    const [a, b, c] = skus(3);
    const res = await post('/api/cart/totals', { items: [{ sku: a, qty: 1 }, { sku: b, qty: '1' }, { sku: c }] });
    expect(res.status).toBe(200);
    expect((res.body.items as { qty: number }[]).map((i) => i.qty)).toEqual([1, 1, 1]);
  });
});
