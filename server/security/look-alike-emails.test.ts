/**
 * Attacker: "alice@example.com has an account. I register аlice@… (Cyrillic а), ａlice@…
 * (full-width), alice@exаmple.com (a homograph domain, typed or as punycode) and alice\u200b@…:
 * five accounts that read as hers, to phish her correspondents or take orders in her name. The same
 * at checkout, in a form and in the newsletter." Every path that takes an e-mail runs the one rule
 * (schemas/evaluators/email-address.ts): a look-alike is refused with the field's message and
 * stores nothing; a full-width spelling is her own address, not a new one.
 *
 * @engines sqlite: the e-mail rule is pure code.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES, FIELD_MESSAGES } from '../../schemas/evaluators/validation-messages';
import { api, billing, orderPayload } from '../api/commerce-test-kit';
import { freshAddress, postJson } from '../api/forms-test-kit';
import { Browser, newCustomer, outbox } from '../api/my-account-test-kit';
import { FORM_INVALID } from '../services/customer-service';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'loopback' }, { log: 'kept' });
});
afterAll(async () => {
  await server?.stop();
});

const MIXED = EMAIL_MESSAGES.mixedScripts;
const INVISIBLE = EMAIL_MESSAGES.invisibleCharacters;

/** Look-alikes of `local@domain` that the rule refuses, with the message each gets. */
function refusedLookAlikes(local: string, domain: string): [string, string][] {
  return [
    [`\u0430${local.slice(1)}@${domain}`, MIXED], // Cyrillic а
    [`${local}@\u0435${domain.slice(1)}`, MIXED], // Cyrillic е in a Latin label
    [`${local}@${domainToPunycodeHomograph(domain)}`, MIXED], // the same, as the punycode a mail client shows
    [`${local}\u200b@${domain}`, INVISIBLE], // zero-width space
    [`${local}\u202e@${domain}`, INVISIBLE], // right-to-left override
    [`${local.slice(0, 2)}\u00ad${local.slice(2)}@${domain}`, INVISIBLE], // soft hyphen
  ];
}

/** `example.com` with its first letter Cyrillic, in punycode ('xn--xample-2of.com'). */
function domainToPunycodeHomograph(domain: string): string {
  return new URL(`http://\u0435${domain.slice(1)}`).hostname;
}

const customers = () => server.q.all(server.q.db.selectFrom('customer').select(['email', 'email_normalized']));

describe('registration', () => {
  it('refuses each look-alike of an existing account with the e-mail field\'s message, and stores nothing', async () => {
    const alice = newCustomer();
    expect((await new Browser(server.url).call('POST', '/api/my-account/register', alice)).status).toBe(202);
    const [local, domain] = alice.email.split('@') as [string, string];
    const before = (await customers()).length;
    for (const [email, message] of refusedLookAlikes(local, domain)) {
      const res = await new Browser(server.url).call('POST', '/api/my-account/register', { ...newCustomer(), email }, freshAddress());
      expect(res.status, email).toBe(400);
      expect(res.body).toEqual({ error: 'validation_failed', message: FORM_INVALID, fields: { email: message } });
    }
    expect(await customers()).toHaveLength(before);
    expect((await outbox(server.q, alice.email)).map((m) => m.type)).toEqual(['account-welcome']);
  });

  it('takes a full-width or upper-case spelling as the same account: no second customer, and she can sign in with it', async () => {
    const alice = newCustomer();
    await new Browser(server.url).call('POST', '/api/my-account/register', alice);
    const [local, domain] = alice.email.split('@') as [string, string];
    const fullWidth = `${String.fromCodePoint(local.codePointAt(0)! + 0xfee0)}${local.slice(1)}@${domain.toUpperCase()}`;
    const again = await new Browser(server.url).call('POST', '/api/my-account/register', { ...newCustomer(), email: fullWidth }, freshAddress());
    // The same answer as any registration; the owner gets the "you already have an account" e-mail.
    expect(again.status).toBe(202);
    expect((await customers()).filter((c) => c.email_normalized === alice.email)).toHaveLength(1);
    expect((await customers()).some((c) => /[^\x00-\x7f]/.test(c.email))).toBe(false);
    expect((await outbox(server.q, alice.email)).map((m) => m.type)).toEqual(['account-welcome', 'account-exists']);
    const signIn = await new Browser(server.url).call('POST', '/api/my-account/login', { email: fullWidth, password: alice.password }, freshAddress());
    expect(signIn.status).toBe(200);
  });

  it('a whole-Cyrillic IDN domain is an address like any, and its punycode spelling is the same account', async () => {
    const ivan = newCustomer({ email: `ivan.${process.pid}@пример.рф` });
    expect((await new Browser(server.url).call('POST', '/api/my-account/register', ivan, freshAddress())).status).toBe(202);
    const punycode = `Ivan.${process.pid}@xn--e1afmkfd.xn--p1ai`;
    const signIn = await new Browser(server.url).call('POST', '/api/my-account/login', { email: punycode, password: ivan.password }, freshAddress());
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.customer.email).toBe(ivan.email);
  });
});

describe('sign-in and password reset', () => {
  it('a look-alike gets the field\'s message, not a password check', async () => {
    for (const [email, message] of refusedLookAlikes('alice', 'example.com')) {
      for (const path of ['/api/my-account/login', '/api/my-account/password-reset']) {
        const res = await new Browser(server.url).call('POST', path, { email, password: 'Some-Password-1' }, freshAddress());
        expect(res.status, `${path} ${email}`).toBe(400);
        expect(res.body.fields).toEqual({ email: message });
      }
    }
  });
});

describe('checkout', () => {
  it('an order with a look-alike billing e-mail is refused with the field\'s message and not stored', async () => {
    const orders = async () => (await server.q.all(server.q.db.selectFrom('sales_order').select('id'))).length;
    const before = await orders();
    for (const [email, message] of refusedLookAlikes('jane.doe', 'example.com')) {
      const res = await api(server.url, 'POST', '/api/order', orderPayload({ email: undefined, addresses: [{ ...billing, email }, { ...billing, type: 'shipping' }] }), { 'Idempotency-Key': crypto.randomUUID(), ...freshAddress() });
      expect(res.status, email).toBe(400);
      expect((res.body as { fields: Record<string, string> }).fields['billing.email']).toBe(message);
    }
    expect(await orders()).toBe(before);
  });

  it('a full-width billing e-mail is stored as the plain address, and the order lookup finds it by either spelling', async () => {
    const res = await api(server.url, 'POST', '/api/order', orderPayload({ email: undefined, addresses: [{ ...billing, email: 'ｊａｎｅ.doe@EXAMPLE.com' }, { ...billing, type: 'shipping' }] }), { 'Idempotency-Key': crypto.randomUUID(), ...freshAddress() });
    expect(res.status).toBe(201);
    const id = (res.body as { id: number }).id;
    const stored = (await server.q.first(server.q.db.selectFrom('sales_order').select('email').where('id', '=', id)))!;
    expect(stored.email).toBe('jane.doe@example.com');
    for (const email of ['jane.doe@example.com', 'ｊａｎｅ.doe@example.com', 'Jane.Doe@Example.com']) {
      const found = await api(server.url, 'GET', `/api/order/${id}?email=${encodeURIComponent(email)}`, undefined, freshAddress());
      expect(found.status, email).toBe(200);
    }
    // A look-alike in the lookup is refused as a look-alike, and finds nothing.
    const lookAlike = await api(server.url, 'GET', `/api/order/${id}?email=${encodeURIComponent('j\u0430ne.doe@example.com')}`, undefined, freshAddress());
    expect(lookAlike.status).toBe(400);
    expect(lookAlike.body).toMatchObject({ fields: { email: MIXED } });
  });
});

describe('forms and the newsletter', () => {
  it('the contact form and the newsletter refuse a look-alike with the field\'s message; nothing is stored or subscribed', async () => {
    const submissions = async () => (await server.q.all(server.q.db.selectFrom('form_submission').select('id'))).length;
    const subscribers = () => server.q.all(server.q.db.selectFrom('newsletter_subscriber').select('email'));
    const before = { submissions: await submissions(), subscribers: (await subscribers()).length };
    for (const [email, message] of refusedLookAlikes('nora', 'example.com')) {
      const newsletter = await postJson(server.url, 'newsletter', { formData: { email, newsletter: true }, recaptchaToken: 'test-pass' }, freshAddress());
      expect(newsletter.status, email).toBe(400);
      expect(newsletter.body.fields).toEqual({ email: message });
      const contact = await postJson(server.url, 'contact', { formData: { firstName: 'Nora', lastName: 'Ng', email, topic: 'samples', message: 'Do you ship samples to Canada?', newsletter: true }, recaptchaToken: 'test-pass' }, freshAddress());
      expect(contact.status, email).toBe(400);
      expect(contact.body.fields).toEqual({ email: message });
    }
    expect(await submissions()).toBe(before.submissions);
    expect(await subscribers()).toHaveLength(before.subscribers);
  });

  it('a full-width spelling of a subscriber is the same subscriber', async () => {
    await postJson(server.url, 'newsletter', { formData: { email: 'nora.lee@example.com', newsletter: true }, recaptchaToken: 'test-pass' }, freshAddress());
    await postJson(server.url, 'newsletter', { formData: { email: 'ｎｏｒａ.lee@example.com', newsletter: true }, recaptchaToken: 'test-pass' }, freshAddress());
    const rows = (await server.q.all(server.q.db.selectFrom('newsletter_subscriber').select('email'))).filter((r) => r.email.normalize('NFKC') === 'nora.lee@example.com');
    expect(rows).toEqual([{ email: 'nora.lee@example.com' }]);
  });
});

describe('the rule and its messages', () => {
  it('the catalogue message stays the one for a malformed address', async () => {
    const res = await new Browser(server.url).call('POST', '/api/my-account/register', { ...newCustomer(), email: 'alice@example' }, freshAddress());
    expect(res.body.fields).toEqual({ email: FIELD_MESSAGES.email });
  });
});
