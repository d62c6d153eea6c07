/**
 * Attacker: "tax and shipping rules are keyed by state and ZIP; give the order a state no rule
 * knows (or a ZIP of a cheaper state) and it ships with no sales tax."
 *
 * @engines sqlite: tax and shipping rules are the server's arithmetic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, billing, orderPayload } from '../api/commerce-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const order = (address: Record<string, unknown>, shipping?: Record<string, unknown>) =>
  api(server.url, 'POST', '/api/order', orderPayload({ addresses: [{ ...billing, ...address }, { ...billing, type: 'shipping', ...(shipping ?? address) }] }));

describe('a made-up state or a ZIP of another state', () => {
  it.each(['ZZ', '*', 'Texas', 'tx', 'constructor'])('refuses the state %j with the catalogue message, and makes no order', async (state) => {
    const res = await order({ state });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', message: 'Form validation failed. Please check your information.' });
    expect(res.body.fields).toMatchObject({ 'billing.state': 'Invalid selection', 'shipping.state': 'Invalid selection' });
    expect(res.body.id).toBeUndefined();
  });

  it('refuses a Texas ZIP under a state with no sales tax rule, only on the address that lies', async () => {
    const res = await order({ state: 'TX', zipCode: '78701' }, { state: 'OR', zipCode: '78701' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ 'shipping.zipCode': 'ZIP/Postal code does not match the state' });
  });

  it('answers a US ZIP of the wrong length in the specification\'s words', async () => {
    const res = await order({ zipCode: '78a01' });
    expect(res.body.fields).toMatchObject({ 'billing.zipCode': 'Only numbers are allowed' });
    const short = await order({ zipCode: '787' });
    expect(short.body.fields).toMatchObject({ 'billing.zipCode': 'ZIP/Postal code seems too short' });
  });

  it('still takes a real address, and taxes it', async () => {
    const res = await order({ state: 'TX', zipCode: '78701' });
    expect(res.status).toBe(201);
    expect(res.body.items[0].taxPercent).toBeGreaterThan(0);
  });

  it('prices a cart with a made-up state as an address not yet entered, not as a tax-free one', async () => {
    const items = (orderPayload().items as { sku: string }[]).map((i) => ({ sku: i.sku, qty: 1 }));
    const real = await api(server.url, 'POST', '/api/cart/totals', { items, address: { state: 'TX', zipCode: '78701' } });
    expect(Number(real.body.taxAmount)).toBeGreaterThan(0);
    const fake = await api(server.url, 'POST', '/api/cart/totals', { items, address: { state: 'ZZ', zipCode: '78701' } });
    expect(fake.body).toMatchObject({ shippingAvailable: false, shippingMessage: 'Shipping will be calculated after entering address.' });
  });
});
