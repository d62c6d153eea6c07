/**
 * The account endpoints against an attacker: no session, another customer's ids, cross-site
 * requests riding the cookie, password guessing, reset links used twice or late, malformed bodies,
 * cookie flags, and secrets leaking into answers or log lines. Clocks are moved (vi.setSystemTime),
 * never waited for.
 *
 * @engines sqlite postgres: sessions and the wrong-password throttle are kept in the database.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, orderPayload, storeQuote } from '../api/commerce-test-kit';
import { answers, Browser, freePort, newCustomer, outbox, resetToken, savedAddress, signedUp } from '../api/my-account-test-kit';
import { attachOrderToCustomer } from '../orders/cart-orders';
import { attachQuoteToCustomer } from '../services/account-orders';
import { INVALID_CREDENTIALS, RESET_LINK_INVALID, RESET_REQUESTED_MESSAGE, SIGN_IN_CAPTCHA_MESSAGE } from '../services/account-service';
import { WRONG_PASSWORD_RUN_SECONDS } from '../services/account-throttle';
import { TEST_RECAPTCHA_TOKEN } from '../services/recaptcha';
import { QuoteService } from '../services/quote-service';
import { startTestServer, type TestServer } from '../testing/test-server';
import { scaledMs } from '../../scripts/test-calibration';

let server: TestServer;
/** Every password, session cookie, access token and reset token this file made: none may leak. */
const secrets = { passwords: new Set<string>(), cookies: new Set<string>(), accessTokens: new Set<string>(), resetTokens: new Set<string>() };

async function customer(overrides: Record<string, unknown> = {}) {
  const c = await signedUp(server.url, overrides);
  secrets.passwords.add(c.customer.password);
  secrets.cookies.add(c.browser.cookie!.split('=')[1]!);
  secrets.accessTokens.add(c.accessToken);
  return c;
}

beforeAll(async () => {
  // Visitors here are told apart by X-Forwarded-For, as behind the shop's load balancer.
  server = await startTestServer({ TRUST_PROXY: 'loopback' }, { log: 'kept' });
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  vi.useRealTimers();
});

function fakeClock() {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
}

/** Every endpoint that needs a session, with a plausible body. */
const sessionEndpoints: [string, string, unknown?][] = [
  ['GET', '/api/my-account/me'],
  ['GET', '/api/my-account/checkout-prefill'],
  ['GET', '/api/my-account/address'],
  ['POST', '/api/my-account/address', savedAddress],
  ['GET', '/api/my-account/address/1'],
  ['PATCH', '/api/my-account/address/1', { city: 'Dallas' }],
  ['DELETE', '/api/my-account/address/1'],
  ['GET', '/api/my-account/orders'],
  ['GET', '/api/my-account/orders/1'],
  ['GET', '/api/my-account/quotes'],
  ['GET', '/api/my-account/quotes/1'],
  ['POST', '/api/my-account/logout'],
];

describe('without a session', () => {
  it('every account endpoint answers 401: no credentials, a made-up cookie or token, an ended or expired session', async () => {
    const { browser, accessToken, customer: c } = await customer();
    await browser.call('POST', '/api/my-account/address', savedAddress);
    const ended = await customer();
    await ended.browser.call('POST', '/api/my-account/logout');
    const fake = 'A'.repeat(43);
    const attempts: Record<string, string>[] = [
      {},
      { Cookie: `showroom_session=${fake}` },
      { Cookie: 'showroom_session=../../etc' },
      { Authorization: `Bearer ${fake}` },
      { Authorization: 'Bearer' },
      { Authorization: `Basic ${Buffer.from(`${c.email}:${c.password}`).toString('base64')}` },
      { Cookie: ended.browser.cookie! },
      { Authorization: `Bearer ${ended.accessToken}` },
      // A bad bearer header is not rescued by a good cookie.
      { Authorization: `Bearer ${fake}`, Cookie: browser.cookie! },
    ];
    for (const headers of attempts) {
      for (const [method, path, body] of sessionEndpoints) {
        const res = await api(server.url, method, path, body, { Origin: new URL(server.url).origin, ...headers });
        expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.body).toEqual({ error: 'unauthorized', message: 'Please sign in to continue.' });
      }
    }
    // After 30 days the session is over even though nobody signed out.
    fakeClock();
    vi.setSystemTime(Date.now() + 30 * 24 * 3600_000 + 1000);
    expect((await browser.call('GET', '/api/my-account/me')).status).toBe(401);
    expect((await api(server.url, 'GET', '/api/my-account/me', undefined, { Authorization: `Bearer ${accessToken}` })).status).toBe(401);
    // The address the test saved is still there: nothing above changed anything.
    expect(await server.q.all(server.q.db.selectFrom('customer_address').select('city').where('city', '=', 'Dallas'))).toEqual([]);
  });
});

describe('another customer', () => {
  it("customer A gets 404 for each of customer B's addresses, orders and quotes, and changes nothing", async () => {
    const a = await customer();
    const b = await customer();
    await a.browser.call('POST', '/api/my-account/address', savedAddress);
    const bAddresses = [];
    for (const street1 of ['1 Oak St', '2 Pine St', '3 Elm St']) bAddresses.push((await b.browser.call('POST', '/api/my-account/address', { ...savedAddress, street1 })).body.data);
    const bOrders = [];
    for (let i = 0; i < 3; i += 1) {
      const order = (await api(server.url, 'POST', '/api/order', orderPayload())).body;
      await attachOrderToCustomer(server.q, order.id, b.customerId);
      bOrders.push(order);
    }
    const quotes = new QuoteService(server.q, server.url);
    const bQuotes = [await storeQuote(quotes), await storeQuote(quotes)];
    for (const q of bQuotes) await attachQuoteToCustomer(server.q, q.id, b.customerId);
    const bView = async () => JSON.stringify([(await b.browser.call('GET', '/api/my-account/me')).body, (await b.browser.call('GET', '/api/my-account/orders')).body]);
    const before = await bView();

    const asA = [a.browser, new Browser(server.url, null)];
    const tokenHeader = { Authorization: `Bearer ${a.accessToken}` };
    let walked = 0;
    for (const addr of bAddresses) {
      for (const [method, body] of [['GET'], ['PATCH', { city: 'Hacked', isDefault: true }], ['DELETE']] as [string, unknown?][]) {
        const byCookie = await asA[0]!.call(method, `/api/my-account/address/${addr.id}`, body);
        const byToken = await asA[1]!.call(method, `/api/my-account/address/${addr.id}`, body, tokenHeader);
        for (const res of [byCookie, byToken]) {
          expect(res.status, `${method} address ${addr.id}`).toBe(404);
          expect(res.body).toEqual({ error: 'addressNotExist', message: 'Address not found.' });
          walked += 1;
        }
      }
    }
    for (const order of bOrders) {
      for (const id of [order.id, order.orderIncrementId]) {
        for (const res of [await asA[0]!.call('GET', `/api/my-account/orders/${id}`), await asA[1]!.call('GET', `/api/my-account/orders/${id}`, undefined, tokenHeader)]) {
          expect(res.status).toBe(404);
          expect(res.body).toEqual({ error: 'orderNotExist', message: 'Order not found.' });
          walked += 1;
        }
      }
    }
    for (const quote of bQuotes) {
      for (const id of [quote.id, quote.increment_id]) {
        for (const res of [await asA[0]!.call('GET', `/api/my-account/quotes/${id}`), await asA[1]!.call('GET', `/api/my-account/quotes/${id}`, undefined, tokenHeader)]) {
          expect(res.status).toBe(404);
          expect(res.body).toEqual({ error: 'quoteNotExist', message: 'Quote not found.' });
          walked += 1;
        }
      }
    }
    expect(walked).toBe(3 * 3 * 2 + 3 * 2 * 2 + 2 * 2 * 2);
    // A's lists hold none of B's; B sees exactly what B had.
    const aMe = (await a.browser.call('GET', '/api/my-account/me')).body.data.customer;
    expect(aMe.addresses).toHaveLength(1);
    expect((await a.browser.call('GET', '/api/my-account/orders')).body.data).toMatchObject({ items: [], total: 0 });
    expect((await a.browser.call('GET', '/api/my-account/quotes')).body.data).toMatchObject({ items: [], total: 0 });
    expect(await bView()).toBe(before);
    expect((await b.browser.call('GET', '/api/my-account/orders')).body.data.total).toBe(3);
  });
});

describe('cross-site requests', () => {
  it('a state-changing call with the cookie and a foreign or missing Origin is refused 403, and changes nothing', async () => {
    const { browser, accessToken } = await customer();
    const saved = (await browser.call('POST', '/api/my-account/address', savedAddress)).body.data;
    for (const origin of ['https://evil.example', 'null', `${server.url}.evil.example`, null]) {
      const attacker = new Browser(server.url, origin);
      attacker.cookie = browser.cookie;
      for (const [method, path, body] of [
        ['POST', '/api/my-account/address', { ...savedAddress, street1: '66 Evil Rd' }],
        ['PATCH', `/api/my-account/address/${saved.id}`, { street1: '66 Evil Rd' }],
        ['DELETE', `/api/my-account/address/${saved.id}`],
        ['POST', '/api/my-account/logout'],
      ] as [string, string, unknown?][]) {
        const res = await attacker.call(method, path, body);
        expect(res.status, `${method} ${path} from ${origin}`).toBe(403);
        expect(res.body).toEqual({ error: 'forbidden_origin', message: "This request must come from the store's own pages." });
      }
    }
    const list = (await browser.call('GET', '/api/my-account/address')).body.data;
    expect(list).toEqual([saved]);
    // Still signed in: the cross-site sign-out did nothing.
    expect((await browser.call('GET', '/api/my-account/me')).status).toBe(200);
    // An API client with its bearer token sends no Origin, and may.
    const byToken = await api(server.url, 'PATCH', `/api/my-account/address/${saved.id}`, { city: 'Dallas' }, { Authorization: `Bearer ${accessToken}` });
    expect(byToken.status).toBe(200);
    expect(byToken.body.data.city).toBe('Dallas');
  });

  it('another site cannot sign a visitor in, register or ask for resets through their browser', async () => {
    const c = newCustomer();
    const evil = new Browser(server.url, 'https://evil.example');
    for (const [path, body] of [
      ['/api/my-account/register', c],
      ['/api/my-account/login', { email: c.email, password: c.password }],
      ['/api/my-account/password-reset', { email: c.email }],
      ['/api/my-account/password-reset/confirm', { token: 'x', password: c.password }],
    ] as [string, unknown][]) {
      const res = await evil.call('POST', path, body);
      expect(res.status, path).toBe(403);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });
});

describe('the session cookie', () => {
  it('is httpOnly, SameSite=Lax, Path=/, holds a random id stored only as its sha256', async () => {
    const { browser } = await customer();
    const cookie = browser.setCookies[0]!;
    expect(cookie).toMatch(/^showroom_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    const id = cookie.split(';')[0]!.split('=')[1]!;
    const rows = await server.q.all(server.q.db.selectFrom('customer_session').selectAll());
    expect(JSON.stringify(rows)).not.toContain(id);
    const { createHash } = await import('node:crypto');
    expect(rows.map((r) => r.session_hash)).toContain(createHash('sha256').update(id).digest('hex'));
  });

  it('is Secure when PUBLIC_URL is https, and the Origin then has to be that https origin', async () => {
    const port = await freePort();
    const https = await startTestServer({ PUBLIC_URL: 'https://shop.example', PORT: String(port) });
    const listening = `http://127.0.0.1:${port}`;
    try {
      const c = newCustomer();
      const browser = new Browser(listening, 'https://shop.example');
      expect((await browser.call('POST', '/api/my-account/register', c)).status).toBe(202);
      const login = await browser.call('POST', '/api/my-account/login', { email: c.email, password: c.password });
      expect(login.status).toBe(200);
      expect(browser.setCookies[0]).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
      expect((await browser.call('POST', '/api/my-account/address', savedAddress)).status).toBe(201);
      browser.origin = listening;
      expect((await browser.call('POST', '/api/my-account/address', savedAddress)).status).toBe(403);
    } finally {
      await https.stop();
    }
  });
});

describe('password guessing', () => {
  it('past ten wrong passwords in a row the password is checked only with the captcha, and with it the right one signs in', async () => {
    fakeClock();
    const { customer: c } = await customer();
    const guesser = new Browser(server.url);
    for (let i = 1; i <= 9; i += 1) {
      const res = await guesser.call('POST', '/api/my-account/login', { email: c.email, password: `wrong-password-${i}` });
      expect(res.status, `attempt ${i}`).toBe(401);
      expect(res.body).toEqual({ error: 'invalid_credentials', message: INVALID_CREDENTIALS });
    }
    // The tenth is checked as usual, and its answer names the captcha the next attempt needs.
    const tenth = await guesser.call('POST', '/api/my-account/login', { email: c.email, password: 'wrong-password-10' });
    expect(tenth.status).toBe(401);
    expect(tenth.body).toEqual({ error: 'invalid_credentials', message: INVALID_CREDENTIALS, fields: { recaptchaToken: 'Please complete the reCAPTCHA verification' } });
    // Without a captcha (or with a wrong one) nothing is checked, the right password included, from any address.
    for (const captcha of [{}, { recaptchaToken: 'not-a-token' }, { recaptchaToken: '' }]) {
      const right = await new Browser(server.url).call('POST', '/api/my-account/login', { email: c.email.toUpperCase(), password: c.password, ...captcha }, { 'X-Forwarded-For': '10.9.9.9' });
      expect(right.status).toBe(400);
      expect(right.body).toEqual({ error: 'captcha_required', message: SIGN_IN_CAPTCHA_MESSAGE, fields: { recaptchaToken: 'Please complete the reCAPTCHA verification' } });
      expect(right.headers.getSetCookie()).toEqual([]);
    }
    // With the captcha a wrong password is an ordinary miss that still names the captcha...
    const wrong = await guesser.call('POST', '/api/my-account/login', { email: c.email, password: 'wrong-password-11', recaptchaToken: TEST_RECAPTCHA_TOKEN });
    expect(wrong.status).toBe(401);
    expect(wrong.body.fields).toEqual({ recaptchaToken: 'Please complete the reCAPTCHA verification' });
    // ...and the right one signs in, which ends the run.
    const owner = await new Browser(server.url).call('POST', '/api/my-account/login', { email: c.email, password: c.password, recaptchaToken: TEST_RECAPTCHA_TOKEN }, { 'X-Forwarded-For': '10.9.9.10' });
    expect(owner.status).toBe(200);
    expect((await guesser.call('POST', '/api/my-account/login', { email: c.email, password: c.password })).status).toBe(200);
    // A run not ended by a success is forgotten a day after its first miss.
    for (let i = 1; i <= 11; i += 1) await guesser.call('POST', '/api/my-account/login', { email: c.email, password: `again-wrong-${i}` });
    expect((await guesser.call('POST', '/api/my-account/login', { email: c.email, password: c.password })).status).toBe(400);
    vi.setSystemTime(Date.now() + WRONG_PASSWORD_RUN_SECONDS * 1000 + 1000);
    expect((await guesser.call('POST', '/api/my-account/login', { email: c.email, password: c.password })).status).toBe(200);
  }, scaledMs(60_000));

  it('a burst of 30 parallel guesses gets ten passwords checked without the captcha, no more', async () => {
    const { customer: c, customerId } = await customer();
    const b = new Browser(server.url);
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => b.call('POST', '/api/my-account/login', { email: c.email, password: `parallel-guess-${i}` }, { 'X-Forwarded-For': `10.30.0.${i}` })));
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(20);
    const checked = server.logLines.filter((l) => l.includes('"msg":"sign-in failed"') && l.includes(`"customerId":${customerId},`));
    expect(checked).toHaveLength(10);
    expect((await b.call('POST', '/api/my-account/login', { email: c.email, password: c.password })).body.error).toBe('captcha_required');
  }, scaledMs(60_000));

  it('a success ends the run: nine wrong, one right, nine wrong is never throttled', async () => {
    const { customer: c } = await customer();
    const b = new Browser(server.url);
    for (const round of [1, 2]) {
      for (let i = 1; i <= 9; i += 1) expect((await b.call('POST', '/api/my-account/login', { email: c.email, password: `nope-${round}-${i}-xx` })).status).toBe(401);
      expect((await b.call('POST', '/api/my-account/login', { email: c.email, password: c.password })).status).toBe(200);
    }
  }, scaledMs(60_000));

  it('an unknown e-mail gets the same answer, the same throttle, and takes as long as a wrong password', async () => {
    const { customer: c } = await customer();
    const unknown = `nobody.${Date.now()}@example.com`;
    const b = new Browser(server.url, null);
    const time = async (email: string) => {
      const t = performance.now();
      const res = await b.call('POST', '/api/my-account/login', { email, password: 'Some-Wrong-Password' }, { 'X-Forwarded-For': '10.7.7.7' });
      return { ms: performance.now() - t, res };
    };
    const known: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const k = await time(c.email);
      const u = await time(unknown);
      expect(u.res.status).toBe(k.res.status);
      expect(u.res.body).toEqual(k.res.body);
      known.push(k.ms);
      missing.push(u.ms);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[2]!;
    // Both run one argon2id verification (tens of ms); a shortcut for unknown e-mails would be ~1 ms.
    expect(median(missing) / median(known)).toBeGreaterThan(0.33);
    expect(median(missing) / median(known)).toBeLessThan(3);
    for (let i = 0; i < 4; i += 1) await time(unknown);
    const tenth = await time(unknown);
    expect(tenth.res.status).toBe(401);
    expect(tenth.res.body.fields).toEqual({ recaptchaToken: 'Please complete the reCAPTCHA verification' });
    const eleventh = await time(unknown);
    expect(eleventh.res.body).toEqual({ error: 'captcha_required', message: SIGN_IN_CAPTCHA_MESSAGE, fields: { recaptchaToken: 'Please complete the reCAPTCHA verification' } });
  }, scaledMs(60_000));

  it('one address trying many accounts is throttled at its hundredth wrong password', async () => {
    const b = new Browser(server.url);
    const from = { 'X-Forwarded-For': '10.66.0.1' };
    for (let i = 1; i <= 99; i += 1) expect((await b.call('POST', '/api/my-account/login', { email: `target${i}@example.com`, password: 'Guess-Password-1' }, from)).status).toBe(401);
    const hundredth = await b.call('POST', '/api/my-account/login', { email: 'target100@example.com', password: 'Guess-Password-1' }, from);
    expect(hundredth.status).toBe(429);
    expect(Number(hundredth.headers.get('retry-after'))).toBe(3600);
    // Other addresses are not affected.
    expect((await b.call('POST', '/api/my-account/login', { email: 'target1@example.com', password: 'Guess-Password-1' }, { 'X-Forwarded-For': '10.66.0.2' })).status).toBe(401);
  }, scaledMs(120_000));
});

describe('password reset', () => {
  it('the link works once, ends every other session, and the old password stops working', async () => {
    const { customer: c, browser, accessToken } = await customer();
    const other = await signedUp(server.url, { email: `other.${c.email}` });
    const ask = await new Browser(server.url).call('POST', '/api/my-account/password-reset', { email: c.email.toUpperCase() });
    expect(ask.body).toEqual({ success: true, message: RESET_REQUESTED_MESSAGE });
    const token = await resetToken(server.q, c.email);
    secrets.resetTokens.add(token);
    expect((await outbox(server.q, c.email)).at(-1)!.text).toContain(`${server.url}/my-account/reset-password?token=${token}`);
    // Only the token's hash is stored.
    expect(JSON.stringify(await server.q.all(server.q.db.selectFrom('password_reset').selectAll()))).not.toContain(token);

    const weak = await new Browser(server.url).call('POST', '/api/my-account/password-reset/confirm', { token, password: 'password123' });
    expect(weak.status).toBe(400);
    expect(weak.body.fields.password).toBe('This password is too common. Please choose another one.');

    const newPassword = 'A-Brand-New-Walnut-Finish';
    secrets.passwords.add(newPassword);
    const done = await new Browser(server.url).call('POST', '/api/my-account/password-reset/confirm', { token, password: newPassword });
    expect(done.status).toBe(200);
    const twice = await new Browser(server.url).call('POST', '/api/my-account/password-reset/confirm', { token, password: 'Yet-Another-Password-2' });
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ error: 'invalid_token', message: RESET_LINK_INVALID });

    expect((await browser.call('GET', '/api/my-account/me')).status).toBe(401);
    expect((await api(server.url, 'GET', '/api/my-account/me', undefined, { Authorization: `Bearer ${accessToken}` })).status).toBe(401);
    expect((await other.browser.call('GET', '/api/my-account/me')).status).toBe(200);
    expect((await new Browser(server.url).call('POST', '/api/my-account/login', { email: c.email, password: c.password })).status).toBe(401);
    expect((await new Browser(server.url).call('POST', '/api/my-account/login', { email: c.email, password: newPassword })).status).toBe(200);
    expect((await outbox(server.q, c.email)).at(-1)!.subject).toBe('Your password was changed');
  });

  it('the link expires after an hour', async () => {
    fakeClock();
    const { customer: c } = await customer();
    await new Browser(server.url).call('POST', '/api/my-account/password-reset', { email: c.email });
    const token = await resetToken(server.q, c.email);
    secrets.resetTokens.add(token);
    vi.setSystemTime(Date.now() + 60 * 60_000 + 1000);
    const late = await new Browser(server.url).call('POST', '/api/my-account/password-reset/confirm', { token, password: 'Too-Late-For-This-One' });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(RESET_LINK_INVALID);
    expect((await new Browser(server.url).call('POST', '/api/my-account/login', { email: c.email, password: c.password })).status).toBe(200);
  });

  it('answers the same for an unknown e-mail and sends nothing; at most three e-mails an hour to one address', async () => {
    const unknown = `ghost.${Date.now()}@example.com`;
    const res = await new Browser(server.url).call('POST', '/api/my-account/password-reset', { email: unknown }, { 'X-Forwarded-For': '10.5.5.5' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: RESET_REQUESTED_MESSAGE });
    expect(await outbox(server.q, unknown)).toEqual([]);
    const { customer: c } = await customer();
    for (let i = 0; i < 5; i += 1) {
      const again = await new Browser(server.url).call('POST', '/api/my-account/password-reset', { email: c.email }, { 'X-Forwarded-For': '10.5.5.6' });
      expect(again.body).toEqual({ success: true, message: RESET_REQUESTED_MESSAGE });
    }
    // The welcome e-mail counted as one of the three.
    expect((await outbox(server.q, c.email)).filter((m) => m.type === 'password-reset')).toHaveLength(2);
    for (const m of await outbox(server.q, c.email)) {
      const t = /[?&]token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1];
      if (t) secrets.resetTokens.add(t);
    }
  });
});

describe('malformed requests', () => {
  it('300 random bodies to the account endpoints give no 5xx, and every 4xx has {error, message}', async () => {
    const { browser, accessToken } = await customer();
    const addressId = (await browser.call('POST', '/api/my-account/address', savedAddress)).body.data.id as number;
    const segment = fc.oneof(fc.constantFrom(String(addressId), '0', '-1', '99999999999999', 'abc', '%20', '..', '1e3', 'Q100001', '💥', "1'--"), fc.string({ maxLength: 10 }).map((s) => encodeURIComponent(s) || 'x'));
    const endpoints: fc.Arbitrary<[string, string]> = fc.oneof(
      fc.constantFrom<[string, string]>(
        ['POST', '/api/my-account/register'],
        ['POST', '/api/my-account/login'],
        ['POST', '/api/my-account/password-reset'],
        ['POST', '/api/my-account/password-reset/confirm'],
        ['GET', '/api/my-account/me'],
        ['GET', '/api/my-account/checkout-prefill'],
        ['GET', '/api/my-account/address'],
        ['POST', '/api/my-account/address'],
        ['PUT', '/api/my-account/address'],
      ),
      segment.map((s): [string, string] => ['PATCH', `/api/my-account/address/${s}`]),
      segment.map((s): [string, string] => ['DELETE', `/api/my-account/address/${s}`]),
      segment.map((s): [string, string] => ['GET', `/api/my-account/orders/${s}`]),
      segment.map((s): [string, string] => ['GET', `/api/my-account/quotes/${s}`]),
      fc.tuple(segment, segment).map(([p, n]): [string, string] => ['GET', `/api/my-account/orders?page=${p}&pageSize=${n}`]),
    );
    const fieldNames = fc.constantFrom('email', 'password', 'firstName', 'lastName', 'phone', 'token', 'type', 'street1', 'street2', 'city', 'state', 'zipCode', 'countryId', 'phoneNumber', 'company', 'isDefault', 'defaultShipping', 'defaultBilling', '__proto__', 'constructor');
    const nearValid = { ...newCustomer(), ...savedAddress, token: 'A'.repeat(43) };
    const bodies = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 60 }),
      fc.constantFrom('', '{', '[]', 'null', '"x"', '{"email":{"$ne":null},"password":{"$gt":""}}', `{"email":"a@b.co","password":"${'x'.repeat(5000)}"}`),
      fc.record({ key: fieldNames, value: fc.jsonValue({ maxDepth: 2 }) }).map(({ key, value }) => JSON.stringify({ ...nearValid, [key]: value })),
    );
    const auths = fc.constantFrom<Record<string, string>>({ Cookie: browser.cookie!, Origin: new URL(server.url).origin }, { Authorization: `Bearer ${accessToken}` }, { Cookie: browser.cookie! }, {});
    const contentTypes = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', '');
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(endpoints, bodies, auths, contentTypes, async ([method, path], body, auth, type) => {
        const headers: Record<string, string> = { 'X-Forwarded-For': '10.201.0.1', ...auth };
        if (type) headers['Content-Type'] = type;
        const res = await fetch(server.url + path, { method, headers, body: method === 'GET' ? undefined : body });
        const text = await res.text();
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        answers.push({ method, path, text });
        expect(res.status, `${method} ${path} ${body.slice(0, 200)} -> ${text.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) {
          const parsed = JSON.parse(text) as { error?: unknown; message?: unknown };
          expect(typeof parsed.error, `${method} ${path}: ${text.slice(0, 200)}`).toBe('string');
          expect(typeof parsed.message).toBe('string');
        }
      }),
      { numRuns: 300 },
    );
    expect([...seen.keys()].some((s) => s >= 400)).toBe(true);
    expect([...seen.keys()].some((s) => s < 300)).toBe(true);
  }, scaledMs(180_000));
});

describe('secrets', () => {
  it('no password, hash, session id or reset token is in any answer but its own, nor in any log line', async () => {
    const hashes = (await server.q.all(server.q.db.selectFrom('customer').select('password_hash'))).map((r) => r.password_hash);
    const sessionHashes = (await server.q.all(server.q.db.selectFrom('customer_session').select(['session_hash', 'token_hash']))).flatMap((r) => [r.session_hash, r.token_hash]);
    const resetHashes = (await server.q.all(server.q.db.selectFrom('password_reset').select('token_hash'))).map((r) => r.token_hash);
    const everywhere = [...secrets.passwords, ...secrets.cookies, ...secrets.resetTokens, ...hashes, ...sessionHashes, ...resetHashes];
    expect(secrets.passwords.size).toBeGreaterThan(10);
    expect(secrets.resetTokens.size).toBeGreaterThan(2);
    expect(hashes.length).toBeGreaterThan(10);
    expect(answers.length).toBeGreaterThan(300);
    expect(server.logLines.length).toBeGreaterThan(20);
    expect(server.logLines.some((l) => l.includes('sign-in failed'))).toBe(true);
    for (const secret of everywhere) {
      for (const a of answers) expect(a.text.includes(secret), `${a.method} ${a.path} shows a secret`).toBe(false);
      for (const line of server.logLines) expect(line.includes(secret), `log line shows a secret: ${line.slice(0, 200)}`).toBe(false);
    }
    // An access token shows only in the sign-in answer that made it.
    for (const token of secrets.accessTokens) {
      const shownIn = answers.filter((a) => a.text.includes(token));
      expect(shownIn.map((a) => a.path)).toEqual(['/api/my-account/login']);
      for (const line of server.logLines) expect(line.includes(token)).toBe(false);
    }
  });
});
