/**
 * The unlucky customer and the script kiddie against the order input:
 * - "my order's answer was lost, so my client posted it again": without an Idempotency-Key every
 *   retry placed another order for the same cart. A new order now needs the key, and the refusal
 *   names the header.
 * - "I sent qty -1, 0, 0.5, null or "1e400"": each was stored as 1. Each is now refused with the
 *   quantity's own message, by the cart totals and by the order, and nothing is stored.
 *
 * @engines sqlite: the order's input is checked before any query.
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

/**
 * What the contracts (schemas/api/orders.ts) refuse that the hand-written reading let through:
 * wrong types were ignored or guessed (an e-mail 123 fell back to the billing one, a ZIP 10010 became
 * "10010", an address "NY" priced as none, a subtotal "" as 0 and "1e3" as 1000). Each is now a 400
 * naming the field, and nothing is stored.
 */
describe('the contracts refuse what the old reading guessed', () => {
  const get = async (pathname: string) => {
    const res = await fetch(shop.url + pathname);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('an order with a non-string e-mail, ZIP or item option is refused, naming the field', async () => {
    const before = await orderCount();
    const base = orderPayload();
    const [billing, shipping] = base.addresses as Record<string, unknown>[];
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 123 }, 'email'],
      [{ addresses: [{ ...billing, zipCode: 10010 }, shipping] }, 'addresses.0.zipCode'],
      [{ items: [{ sku: skus(1)[0], qty: 1, finish: 'white' }] }, 'items.0.finish'],
      [{ poNumber: 'P'.repeat(101) }, 'poNumber'],
    ];
    for (const [override, field] of cases) {
      const res = await post('/api/order', orderPayload(override), { 'Idempotency-Key': `types-${crypto.randomUUID()}` });
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.fields as object), field).toEqual([field]);
    }
    expect((await post('/api/order', orderPayload({ email: 123 }), { 'Idempotency-Key': `types-${crypto.randomUUID()}` })).body).toMatchObject({ error: 'validation_failed', message: 'Invalid email address' });
    expect(await orderCount()).toBe(before);
  });

  it('a cart of more than 50 lines, or of no lines, keeps its own code', async () => {
    const [sku] = skus(1);
    const many = await post('/api/cart/totals', { items: Array.from({ length: 51 }, () => ({ sku })) });
    expect(many.body).toMatchObject({ error: 'too_many_items', message: 'A cart holds at most 50 samples.', fields: { items: 'A cart holds at most 50 samples.' } });
    const none = await post('/api/order', orderPayload({ items: [] }), { 'Idempotency-Key': `empty-${crypto.randomUUID()}` });
    expect(none.body).toMatchObject({ error: 'empty_cart', message: 'Please select at least one sample.', fields: { items: 'Please select at least one sample.' } });
  });

  it('cart totals for an address that is not an object are refused, not priced as none', async () => {
    const [sku] = skus(1);
    const res = await post('/api/cart/totals', { items: [{ sku }], address: 'NY' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields as object)).toEqual(['address']);
  });

  it.each(['', '1e3', '0x10', '-5', '1000000000'])('shipping rates for subtotal %j: Failed to calculate shipping', async (subtotal) => {
    const res = await get(`/api/shipping/rates?subtotal=${encodeURIComponent(subtotal)}&state=NY&zip=10010`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'validation_failed', message: 'Failed to calculate shipping', fields: { subtotal: 'Must be a valid number' } });
  });

  it('shipping rates for an item count that is not 0 to 10,000: Failed to calculate shipping', async () => {
    for (const itemCount of ['10001', '1.5', 'x']) {
      const res = await get(`/api/shipping/rates?subtotal=150&state=NY&zip=10010&itemCount=${itemCount}`);
      expect(res.body, itemCount).toEqual({ error: 'validation_failed', message: 'Failed to calculate shipping', fields: { itemCount: 'Must be a number' } });
    }
  });

  it('an order lookup with the e-mail twice in the address is refused', async () => {
    const res = await get('/api/order/100000001?email=a%40example.com&email=b%40example.com');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', message: 'Email is required', fields: { email: 'Email is required' } });
  });
});
