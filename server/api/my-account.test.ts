/**
 * The account endpoints working for their owner: register, sign in, me, addresses with their
 * defaults, sign out, the password rules, the e-mails, and the customer's orders and quotes.
 * The attacker's side is in ../security/accounts.test.ts.
 *
 * @engines sqlite postgres: accounts and sessions are rows the engine keeps and expires.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachOrderToCustomer } from '../orders/cart-orders';
import { attachQuoteToCustomer } from '../services/account-orders';
import { REGISTERED_MESSAGE } from '../services/account-service';
import { QuoteService } from '../services/quote-service';
import { api, orderPayload, storeQuote } from './commerce-test-kit';
import { Browser, newCustomer, outbox, savedAddress, signedUp } from './my-account-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { log: 'kept' });
});
afterAll(async () => {
  await server?.stop();
});

describe('register and sign in', () => {
  it('registers, signs in with any case of the e-mail, and shows the customer in me (002 §3)', async () => {
    const customer = newCustomer({ email: 'Mixed.Case@Example.com' });
    const browser = new Browser(server.url);
    const reg = await browser.call('POST', '/api/my-account/register', customer);
    expect(reg.status).toBe(202);
    expect(reg.body).toEqual({ success: true, message: REGISTERED_MESSAGE });
    expect(reg.headers.getSetCookie()).toEqual([]);
    // Kept as typed but for the domain, which the e-mail rule lower-cases.
    expect((await outbox(server.q, 'Mixed.Case@example.com')).map((m) => m.subject)).toEqual(['Welcome to your account']);

    const login = await browser.call('POST', '/api/my-account/login', { email: '  mixed.case@EXAMPLE.com ', password: customer.password });
    expect(login.status).toBe(200);
    expect(login.body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(login.body.tokenType).toBe('Bearer');
    expect(login.headers.get('cache-control')).toBe('no-store');

    const me = await browser.call('GET', '/api/my-account/me');
    expect(me.status).toBe(200);
    expect(me.body.success).toBe(true);
    expect(me.body.data.user).toEqual({ email: 'Mixed.Case@example.com', firstName: 'Casey', lastName: 'Builder', phone: '512-555-0142', customer: me.body.data.customer.id });
    expect(me.body.data.customer).toMatchObject({ firstName: 'Casey', lastName: 'Builder', phoneNumber: '512-555-0142', addresses: [], defaultShipping: null, defaultBilling: null });

    // The bearer token alone works too (API clients), without cookie or Origin.
    const byToken = await api(server.url, 'GET', '/api/my-account/me', undefined, { Authorization: `Bearer ${login.body.accessToken}` });
    expect(byToken.status).toBe(200);
    expect(byToken.body.data.customer.id).toBe(me.body.data.customer.id);
  });

  it('a taken e-mail (any case) gets the same answer, creates nothing and mails "you already have an account"', async () => {
    const { customer } = await signedUp(server.url);
    const before = (await server.q.all(server.q.db.selectFrom('customer').select('id'))).length;
    const again = await new Browser(server.url).call('POST', '/api/my-account/register', { ...customer, email: customer.email.toUpperCase(), password: 'Another-Long-Password-1' });
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ success: true, message: REGISTERED_MESSAGE });
    expect((await server.q.all(server.q.db.selectFrom('customer').select('id'))).length).toBe(before);
    expect((await outbox(server.q, customer.email)).map((m) => m.subject)).toEqual(['Welcome to your account', 'You already have an account']);
    // The old password still works; the one sent with the second registration does not.
    expect((await new Browser(server.url).call('POST', '/api/my-account/login', { email: customer.email, password: customer.password })).status).toBe(200);
    expect((await new Browser(server.url).call('POST', '/api/my-account/login', { email: customer.email, password: 'Another-Long-Password-1' })).status).toBe(401);
  });

  it('two registrations of one e-mail at once make one account: the other gets the taken-e-mail path', async () => {
    const customer = newCustomer();
    const both = await Promise.all([1, 2].map(() => new Browser(server.url).call('POST', '/api/my-account/register', customer)));
    expect(both.map((r) => r.status)).toEqual([202, 202]);
    const rows = await server.q.all(server.q.db.selectFrom('customer').select('id').where('email_normalized', '=', customer.email.toLowerCase()));
    expect(rows).toHaveLength(1);
    expect((await outbox(server.q, customer.email)).map((m) => m.subject).sort()).toEqual(['Welcome to your account', 'You already have an account']);
  });

  it('checks the fields: password length, common passwords, names, phone, e-mail', async () => {
    const browser = new Browser(server.url);
    const short = await browser.call('POST', '/api/my-account/register', newCustomer({ password: 'short1' }));
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ password: 'Password must be at least 10 characters' });
    for (const common of ['1234567890', 'qwertyuiop', 'Password123', 'BASKETBALL']) {
      const res = await browser.call('POST', '/api/my-account/register', newCustomer({ password: common }));
      expect(res.status, common).toBe(400);
      expect(res.body.fields.password).toBe('This password is too common. Please choose another one.');
    }
    const bad = await browser.call('POST', '/api/my-account/register', { email: 'nope', password: 'x'.repeat(10), firstName: 'J0hn', lastName: '', phone: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: 'validation_failed',
      message: 'Form validation failed. Please check your information.',
      fields: { email: 'Invalid email address', firstName: 'Only alphabets are allowed', lastName: 'This field is required', phone: 'Phone number must be at least 10 digits' },
    });
  });

  it('stores an argon2id hash, never the password', async () => {
    const { customer } = await signedUp(server.url);
    const row = (await server.q.first(server.q.db.selectFrom('customer').selectAll().where('email_normalized', '=', customer.email.toLowerCase())))!;
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(row)).not.toContain(customer.password);
  });

  it('gives a fresh session at every sign-in; sign-out ends it on the server', async () => {
    const { customer, browser } = await signedUp(server.url);
    const first = browser.cookie!;
    const again = await browser.call('POST', '/api/my-account/login', { email: customer.email, password: customer.password });
    expect(again.status).toBe(200);
    expect(browser.cookie).not.toBe(first);
    // The session the browser came with ended when the new one began.
    expect((await api(server.url, 'GET', '/api/my-account/me', undefined, { Cookie: first })).status).toBe(401);
    const second = browser.cookie!;
    const out = await browser.call('POST', '/api/my-account/logout');
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()[0]).toMatch(/^showroom_session=; .*Max-Age=0/);
    expect((await api(server.url, 'GET', '/api/my-account/me', undefined, { Cookie: second })).status).toBe(401);
    expect((await api(server.url, 'GET', '/api/my-account/me', undefined, { Authorization: `Bearer ${again.body.accessToken}` })).status).toBe(401);
  });
});

describe('saved addresses', () => {
  it('adds, lists, edits and deletes, with one default of each kind (000 §4)', async () => {
    const { browser } = await signedUp(server.url);
    const first = await browser.call('POST', '/api/my-account/address', savedAddress);
    expect(first.status).toBe(201);
    // The first address becomes the default of both kinds; its e-mail defaults to the account's.
    expect(first.body.data).toMatchObject({ ...savedAddress, isDefault: true, isDefaultShipping: true, isDefaultBilling: true });
    const second = await browser.call('POST', '/api/my-account/address', { ...savedAddress, street1: '1 Ranch Rd', company: '' });
    expect(second.body.data).toMatchObject({ street1: '1 Ranch Rd', isDefault: false, isDefaultShipping: false, isDefaultBilling: false });

    const made = await browser.call('PATCH', `/api/my-account/address/${second.body.data.id}`, { isDefault: true });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ isDefault: true, isDefaultShipping: true, isDefaultBilling: false });
    let me = (await browser.call('GET', '/api/my-account/me')).body.data.customer;
    expect(me.defaultShipping).toBe(second.body.data.id);
    expect(me.defaultBilling).toBe(first.body.data.id);
    expect(me.addresses.filter((a: { isDefaultShipping: boolean }) => a.isDefaultShipping)).toHaveLength(1);

    const billing = await browser.call('POST', '/api/my-account/address', { ...savedAddress, type: 'billing', street1: '9 Elm St', defaultBilling: true });
    me = (await browser.call('GET', '/api/my-account/me')).body.data.customer;
    expect(me.defaultBilling).toBe(billing.body.data.id);
    expect(me.addresses.map((a: { isDefault: boolean }) => a.isDefault)).toEqual([false, true, true]);

    const bad = await browser.call('PATCH', `/api/my-account/address/${first.body.data.id}`, { zipCode: '7870A', firstName: 'X', street1: 'Main St #4', type: 'home' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ zipCode: 'Only numbers are allowed', firstName: 'Name must be at least 2 characters', street1: 'Special characters are not allowed', type: 'Address type must be shipping or billing' });

    const list = await browser.call('GET', '/api/my-account/address');
    expect(list.body.data.map((a: { street1: string }) => a.street1)).toEqual(['400 Congress Ave', '1 Ranch Rd', '9 Elm St']);

    const both = (await browser.call('GET', '/api/my-account/checkout-prefill')).body.data;
    expect(both).toMatchObject({ bill_address_1: '9 Elm St', ship_address_1: '1 Ranch Rd', ship_first_name: 'Casey', ship_phone: '(512) 555-0142', same_as_billing: false });
    const del = await browser.call('DELETE', `/api/my-account/address/${second.body.data.id}`);
    expect(del.body).toEqual({ success: true, message: 'Address deleted.' });
    me = (await browser.call('GET', '/api/my-account/me')).body.data.customer;
    expect(me.defaultShipping).toBeNull();
    expect(me.addresses).toHaveLength(2);
    // The checkout prefill: billing from the default billing address, shipping falls back to it.
    const prefill = (await browser.call('GET', '/api/my-account/checkout-prefill')).body.data;
    expect(prefill).toMatchObject({ customerId: me.id, email: me.email, bill_address_1: '9 Elm St', ship_address_1: '9 Elm St', bill_email: me.email, bill_zip: '78701', bill_country: 'US', same_as_billing: true });
    const gone = await browser.call('DELETE', `/api/my-account/address/${second.body.data.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Address not found.');
  });
});

describe('orders and quotes of the customer', () => {
  it('lists only orders carrying the customer id: a guest order with the same e-mail is not attached', async () => {
    const { customer, browser, customerId } = await signedUp(server.url, { email: 'jane.doe@example.com' });
    const mine = await api(server.url, 'POST', '/api/order', orderPayload());
    const guest = await api(server.url, 'POST', '/api/order', orderPayload());
    expect(guest.body.email).toBe(customer.email);
    await attachOrderToCustomer(server.q, mine.body.id, customerId);

    const list = await browser.call('GET', '/api/my-account/orders');
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((o: { id: number }) => o.id)).toEqual([mine.body.id]);
    expect(list.body.data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(list.body.data.items[0]).toMatchObject({ orderIncrementId: mine.body.orderIncrementId, status: 'pending', total: mine.body.total });

    const detail = await browser.call('GET', `/api/my-account/orders/${mine.body.id}`);
    expect(detail.body.data).toMatchObject({ id: mine.body.id, customerIsGuest: false, customerId: String(customerId), items: mine.body.items, total: mine.body.total });
    const byIncrement = await browser.call('GET', `/api/my-account/orders/${mine.body.orderIncrementId}`);
    expect(byIncrement.body.data.id).toBe(mine.body.id);
    const other = await browser.call('GET', `/api/my-account/orders/${guest.body.id}`);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Order not found.');
  });

  it('an order placed while signed in belongs to the customer; one placed by a stranger with the e-mail does not', async () => {
    const { customer, browser, customerId } = await signedUp(server.url, { email: 'signed.in.buyer@example.com' });
    const placed = await browser.call('POST', '/api/order', orderPayload({ email: customer.email }));
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ customerIsGuest: false, customerId: String(customerId) });
    const stranger = await api(server.url, 'POST', '/api/order', orderPayload({ email: customer.email }));
    expect(stranger.body.customerIsGuest).toBe(true);
    // The session cookie on another site's request places a guest order, not one in the account.
    const crossSite = await browser.call('POST', '/api/order', orderPayload({ email: customer.email }), { Origin: 'https://evil.example' });
    expect(crossSite.body.customerIsGuest).toBe(true);

    const list = await browser.call('GET', '/api/my-account/orders');
    expect(list.body.data.items.map((o: { id: number }) => o.id)).toEqual([placed.body.id]);
  });

  it('lists and shows the customer quotes, with the payments only of its order', async () => {
    const { browser, customerId } = await signedUp(server.url);
    const quote = await storeQuote(new QuoteService(server.q, server.url));
    await attachQuoteToCustomer(server.q, quote.id, customerId);
    const list = await browser.call('GET', '/api/my-account/quotes');
    expect(list.body.data.items).toEqual([expect.objectContaining({ id: quote.id, quoteIncrementId: quote.increment_id, status: 'ready_to_order', poNumber: 'PO-7781' })]);
    const detail = await browser.call('GET', `/api/my-account/quotes/${quote.increment_id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id: quote.id, firstName: 'Sam', email: 'sam.carter@example.com', phone: '5125550199', payments: [] });
    expect(detail.body.data).not.toHaveProperty('expiresAt');
  });
});

describe('the contracts (schemas/api/accounts.ts)', () => {
  const FORM_INVALID = 'Form validation failed. Please check your information.';

  it('refuse bodies of the wrong types with the field\'s message, before any work', async () => {
    const browser = new Browser(server.url);
    const refused = async (path: string, body: unknown, fields: Record<string, string>) => {
      const res = await browser.call('POST', path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body).toEqual({ error: 'validation_failed', message: FORM_INVALID, fields });
    };
    // The old code read a number as a blank name, or a NoSQL-style object as a missing e-mail.
    await refused('/api/my-account/register', newCustomer({ firstName: 123 }), { firstName: 'firstName must be text' });
    await refused('/api/my-account/register', newCustomer({ phone: 5125550142 }), { phone: 'phone must be text' });
    const { password: _p, ...noPassword } = newCustomer();
    await refused('/api/my-account/register', noPassword, { password: 'This field is required' });
    await refused('/api/my-account/login', { email: { $ne: null }, password: { $gt: '' } }, { email: 'Invalid email address', password: 'This field is required' });
    await refused('/api/my-account/login', { email: 'a@example.com', password: 'x'.repeat(1001) }, { password: 'Invalid email or password.' });
    await refused('/api/my-account/login', { email: 'a@example.com', password: 'Some-Password-1', recaptchaToken: 42 }, { recaptchaToken: 'Please complete the reCAPTCHA verification' });
    await refused('/api/my-account/password-reset', {}, { email: 'This field is required' });
    await refused('/api/my-account/password-reset/confirm', { password: 'A-Brand-New-Walnut-Finish' }, { token: 'This password reset link is invalid or has expired.' });
    // A body that is not an object was invalid_body; now validation_failed, its message under the field `body`.
    for (const body of [[], '"x"', null]) await refused('/api/my-account/login', body, { body: 'The request body must be a JSON object.' });
  });

  it('refuse an address with a flag that is not true or false, or a field that is not text', async () => {
    const { browser } = await signedUp(server.url);
    const flag = await browser.call('POST', '/api/my-account/address', { ...savedAddress, isDefault: 'yes' });
    expect(flag.status).toBe(400);
    expect(flag.body).toEqual({ error: 'validation_failed', message: FORM_INVALID, fields: { isDefault: 'isDefault must be true or false' } });
    const zip = await browser.call('POST', '/api/my-account/address', { ...savedAddress, zipCode: 78701, street2: ['Suite 200'] });
    expect(zip.status).toBe(400);
    expect(zip.body.fields).toEqual({ zipCode: 'zipCode must be text', street2: 'street2 must be text' });
    expect((await browser.call('GET', '/api/my-account/address')).body.data).toEqual([]);
    // null stays "unchanged" for a flag, and "none" for an optional line.
    const saved = await browser.call('POST', '/api/my-account/address', { ...savedAddress, street2: null, company: null, isDefault: null });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({ street2: '', company: '', isDefaultShipping: true });
  });

  it('refuse a page that is not a whole number from 1, or a page size above 100 (the old code quietly used the first page)', async () => {
    const { browser } = await signedUp(server.url);
    for (const list of ['orders', 'quotes']) {
      for (const [query, field, message] of [
        ['page=0', 'page', 'page must be a whole number from 1'],
        ['page=abc', 'page', 'page must be a whole number from 1'],
        ['page=-1', 'page', 'page must be a whole number from 1'],
        ['pageSize=101', 'pageSize', 'pageSize must be a whole number from 1 to 100'],
        ['pageSize=0', 'pageSize', 'pageSize must be a whole number from 1 to 100'],
        ['page=1&page=2', 'page', 'page must be a whole number from 1'],
      ]) {
        const res = await browser.call('GET', `/api/my-account/${list}?${query}`);
        expect(res.status, `${list}?${query}`).toBe(400);
        expect(res.body).toEqual({ error: 'validation_failed', message, fields: { [field!]: message } });
      }
      const ok = await browser.call('GET', `/api/my-account/${list}?page=2&pageSize=100`);
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ items: [], page: 2, pageSize: 100 });
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes every account endpoint', async () => {
    const doc = await api(server.url, 'GET', '/api/openapi.json');
    const paths = doc.body.paths as Record<string, Record<string, unknown>>;
    const described = Object.entries(paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    for (const route of [
      'POST /api/my-account/register',
      'POST /api/my-account/login',
      'POST /api/my-account/logout',
      'POST /api/my-account/password-reset',
      'POST /api/my-account/password-reset/confirm',
      'GET /api/my-account/me',
      'GET /api/my-account/checkout-prefill',
      'GET /api/my-account/address',
      'POST /api/my-account/address',
      'GET /api/my-account/address/{id}',
      'PATCH /api/my-account/address/{id}',
      'DELETE /api/my-account/address/{id}',
      'GET /api/my-account/orders',
      'GET /api/my-account/orders/{id}',
      'GET /api/my-account/quotes',
      'GET /api/my-account/quotes/{id}',
    ]) {
      expect(described).toContain(route);
    }
  });
});
