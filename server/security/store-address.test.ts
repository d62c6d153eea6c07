/**
 * The newcomer who follows the README: `npm start` with no PUBLIC_URL, then http://localhost:3000
 * (or http://127.0.0.1:3000, which the log used to print). Every payment that left the page was
 * refused there ('Form validation failed. Please check your information.': the return address "Is
 * not an address of this store"), and so was every sign-in. With PUBLIC_URL unset, every loopback
 * name of the listening address is the store; the address printed is the README's.
 *
 * And the attacker: a return address on another site (or another port of this machine) is still
 * refused, now in its own words, with one warning line for the operator; with PUBLIC_URL set, only
 * that origin is the store.
 *
 * @engines sqlite: the store's own address is the HTTP layer's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_ADDRESS_MESSAGES } from '../../schemas/evaluators/return-address-messages';
import { orderPayload } from '../api/commerce-test-kit';
import { Browser, signedUp } from '../api/my-account-test-kit';
import { defaultStoreOrigins } from '../http/store-origins';
import { bearer, call, card, CARD_NEEDS_AUTHENTICATION } from './attacker-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
let port: number;
let localhost: string;
let loopback: string;
beforeAll(async () => {
  server = await startTestServer({}, { log: 'kept' });
  port = Number(new URL(server.listenUrl).port);
  localhost = `http://localhost:${port}`;
  loopback = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server?.stop();
});

/** An order placed from a page at `origin`, with its token. */
async function orderFrom(origin: string): Promise<{ id: number; accessToken: string }> {
  const placed = await call(server.listenUrl, 'POST', '/api/order', { body: orderPayload(), headers: { Origin: origin, Host: new URL(origin).host } });
  expect(placed.status).toBe(201);
  return placed.body;
}

/** The test card that needs authentication, charged from a page at `pageOrigin` that asks to come back to `returnUrl`. */
function chargeFrom(pageOrigin: string, order: { id: number; accessToken: string }, returnUrl: string) {
  return call(server.listenUrl, 'POST', '/api/payment/test/charge', {
    body: { ...card(CARD_NEEDS_AUTHENTICATION), metadata: { orderId: String(order.id) }, returnUrl },
    headers: { ...bearer(order.accessToken), Origin: pageOrigin, Host: new URL(pageOrigin).host },
  });
}

const returnWarnings = () =>
  server.logLines.map((l) => JSON.parse(l) as { level: number; msg: string; origin?: string; settings?: string[] }).filter((l) => l.level === 40 && l.msg.startsWith('payment refused: its return address'));

describe('npm start without PUBLIC_URL', () => {
  it('prints the README\'s address, http://localhost:{PORT}', () => {
    expect(server.url).toBe(localhost);
    const listening = server.logLines.map((l) => JSON.parse(l) as { msg: string; url?: string; alsoAt?: string[] }).find((l) => l.msg === 'main site listening');
    expect(listening).toMatchObject({ url: localhost, alsoAt: [loopback] });
  });

  it.each([
    ['http://localhost:{PORT}', () => localhost],
    ['http://127.0.0.1:{PORT}', () => loopback],
  ])('a visitor at %s pays with authentication and comes back to the same address', async (_, originOf) => {
    const origin = originOf();
    const order = await orderFrom(origin);
    const held = await chargeFrom(origin, order, `${origin}/payment/verify/test`);
    expect(held.status, JSON.stringify(held.body)).toBe(402);
    expect(held.body).toMatchObject({ status: 'on_hold', nextAction: { type: 'redirect_to_url' } });
    // The authentication page is on the visitor's own address, so the way back keeps their session storage.
    const step = new URL(held.body.nextAction.url as string);
    expect(step.origin).toBe(origin);
    const page = await call(server.listenUrl, 'GET', step.pathname + step.search, { headers: { Host: step.host } });
    expect(page.status).toBe(200);
    const done = await call(server.listenUrl, 'POST', '/api/payment/test/authenticate', {
      body: { transactionId: step.searchParams.get('transactionId'), secret: step.searchParams.get('secret'), outcome: 'complete' },
      headers: { Host: step.host },
    });
    expect(done.status).toBe(303);
    expect(new URL(done.headers.location!).origin).toBe(origin);
    expect(returnWarnings()).toEqual([]);
  });

  it('an order from either address is the store\'s own, not a dealer\'s', async () => {
    for (const origin of [localhost, loopback]) {
      const order = await orderFrom(origin);
      const row = (await server.q.first(server.q.db.selectFrom('sales_order').select('dealer_origin').where('id', '=', order.id)))!;
      expect(row.dealer_origin, origin).toBeNull();
    }
  });

  it('a customer signs in and saves an address at either address', async () => {
    for (const origin of [localhost, loopback]) {
      // Registration, sign-in and a cookie-authenticated change, each with that page's Origin.
      const { browser } = await signedUp(origin);
      const saved = await browser.call('POST', '/api/my-account/address', { firstName: 'Ada', lastName: 'Lovelace', street1: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701', countryId: 'US', phoneNumber: '5125550100' });
      expect(saved.status, `${origin}: ${JSON.stringify(saved.body)}`).toBe(201);
      const login = await new Browser(server.listenUrl, origin).call('POST', '/api/my-account/login', { email: 'nobody@example.com', password: 'wrong-password-1' });
      expect(login.status, origin).toBe(401);
    }
  });
});

describe('a return address that is not the store\'s', () => {
  it('is refused in its own words, with one warning naming the origin and the settings', async () => {
    const elsewhere = `http://localhost:${port === 65535 ? 65534 : port + 1}`;
    for (const attempt of [1, 2]) {
      const order = await orderFrom(localhost);
      const refused = await chargeFrom(localhost, order, `${elsewhere}/payment/verify/test`);
      expect(refused.status, `attempt ${attempt}`).toBe(400);
      expect(refused.body).toEqual({ error: 'return_url_refused', message: RETURN_ADDRESS_MESSAGES.refused(elsewhere), fields: { returnUrl: RETURN_ADDRESS_MESSAGES.field } });
    }
    const warned = returnWarnings();
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ origin: elsewhere, settings: ['PUBLIC_URL', 'dealers.json'] });
    expect(warned[0]!.msg).toContain(elsewhere);
    expect(warned[0]!.msg).toMatch(/PUBLIC_URL.*dealers\.json/);
  });

  it('is refused for another site, and a forged Host does not make it the store', async () => {
    const order = await orderFrom(localhost);
    const forged = await call(server.listenUrl, 'POST', '/api/payment/test/charge', {
      body: { ...card(CARD_NEEDS_AUTHENTICATION), metadata: { orderId: String(order.id) }, returnUrl: 'https://evil.example/payment/verify/test' },
      headers: { ...bearer(order.accessToken), Host: 'evil.example' },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.fields).toEqual({ returnUrl: RETURN_ADDRESS_MESSAGES.field });
  });
});

describe('with PUBLIC_URL set', () => {
  it('only that origin is the store: a loopback return address is refused', async () => {
    const shop = await startTestServer({ PUBLIC_URL: 'https://shop.example' }, { log: 'kept' });
    try {
      expect(shop.url).toBe('https://shop.example');
      const placed = await call(shop.listenUrl, 'POST', '/api/order', { body: orderPayload() });
      const refused = await call(shop.listenUrl, 'POST', '/api/payment/test/charge', {
        body: { ...card(CARD_NEEDS_AUTHENTICATION), metadata: { orderId: String(placed.body.id) }, returnUrl: `${shop.listenUrl}/payment/verify/test` },
        headers: bearer(placed.body.accessToken),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('return_url_refused');
    } finally {
      await shop.stop();
    }
  });
});

describe('the default store origins of a listening address', () => {
  it('are its loopback names, the printed one first; only the bound address otherwise', () => {
    expect(defaultStoreOrigins('127.0.0.1', '127.0.0.1', 3000)).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(defaultStoreOrigins('localhost', '127.0.0.1', 3000)).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(defaultStoreOrigins('0.0.0.0', '0.0.0.0', 3000)).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(defaultStoreOrigins('::', '::', 3000)).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']);
    expect(defaultStoreOrigins('::1', '::1', 3000)).toEqual(['http://localhost:3000', 'http://[::1]:3000']);
    expect(defaultStoreOrigins('127.0.0.2', '127.0.0.2', 3000)).toEqual(['http://127.0.0.2:3000']);
    expect(defaultStoreOrigins('shop.lan', '192.168.1.5', 3000)).toEqual(['http://shop.lan:3000', 'http://192.168.1.5:3000']);
  });

  it('an IPv6 loopback server is the store at http://[::1]:{PORT} too', async () => {
    const v6 = await startTestServer({ HOST: '::1' }, { log: 'kept' });
    try {
      expect(v6.url).toMatch(/^http:\/\/localhost:\d+$/);
      const ipv6 = `http://[::1]:${new URL(v6.url).port}`;
      const health = await fetch(`${ipv6}/api/health`);
      expect(health.status).toBe(200);
      const { browser } = await signedUp(ipv6);
      expect(browser.cookie).toBeDefined();
    } finally {
      await v6.stop();
    }
  });
});
