/**
 * Attacker: "the store mails whatever address I type, with my text in it, from its own domain. I
 * rotate client addresses so the ten-a-minute limit never bites, and send a victim six
 * confirmations carrying my phishing link. And the newsletter form lets me subscribe anyone,
 * subscribe again someone who left, and tells me who is on the list."
 *
 * @engines sqlite: what the store mails is decided by its rules.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRows } from '../api/forms-test-kit';
import { RECIPIENT_MAILS_PER_HOUR } from '../mail/recipient-cap';
import { call, freshClient, type Answer } from './attacker-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const PHISH = 'Your order is on hold: confirm your card at https://evil.example/login';
/** Each post from a client address of its own: the per-client limit never sees the same one twice. */
const post = (form: string, envelope: Record<string, unknown>): Promise<Answer> => call(server.url, 'POST', `/api/forms/${form}`, { body: envelope, from: freshClient() });
const contact = (email: string, extra: Record<string, unknown> = {}) =>
  post('contact', { formData: { firstName: 'Click', lastName: 'https://evil.example', email, topic: 'other', message: PHISH, ...extra }, recaptchaToken: 'test-pass' });
const newsletter = (email: string) => post('newsletter', { formData: { email, newsletter: true }, recaptchaToken: 'test-pass' });
const estimate = (email: string, recaptchaToken?: string) =>
  post('kitchen-estimator', {
    formData: {
      kitchenSize: 'small', cabinetLine: 'assembled', doorStyle: 'shaker', finish: 'painted-white', countertop: 'quartz', backsplash: 'subway-tile',
      flooring: 'keep-existing', installation: 'no', firstName: 'Click', lastName: 'Here', email, zip: '78701', notes: PHISH,
    },
    honeypot: '',
    ...(recaptchaToken ? { recaptchaToken } : {}),
  });
const mailsTo = (email: string) => readRows<{ type: string; text: string; html: string; subject: string }>(server, sql`select * from mail_outbox where recipient = ${email} order by id`);
const subscriber = async (email: string) => (await readRows<{ status: string; unsubscribe_token: string }>(server, sql`select * from newsletter_subscriber where email = ${email}`))[0];

describe('no mail relay', () => {
  it('six posts from six clients: three confirmations reach the victim, none carries the typed text, and the seller still hears of all six', async () => {
    const admin = async () => (await readRows<{ n: number }>(server, sql`select count(*) as n from mail_outbox where type = 'form-notification'`))[0]!.n;
    const before = await admin();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await contact('victim.one@example.com'));
    // The same answer every time: the attacker cannot tell which posts mailed anyone.
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body.message)).size).toBe(1);
    const mails = await mailsTo('victim.one@example.com');
    expect(mails).toHaveLength(RECIPIENT_MAILS_PER_HOUR);
    for (const m of mails) {
      expect(m.text).not.toContain('evil.example');
      expect(m.html).not.toContain('evil.example');
      expect(m.text).not.toContain('on hold');
    }
    expect((await admin()) - before).toBe(6);
  });

  it('the cap holds across every kind of mail: form confirmations, estimates and newsletter confirmations share one hour', async () => {
    const victim = 'victim.two@example.com';
    const answers = [await contact(victim), await estimate(victim, 'test-pass'), await newsletter(victim), await newsletter(victim), await estimate(victim, 'test-pass'), await contact(victim)];
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect((await mailsTo(victim)).map((m) => m.type)).toEqual(['form-confirmation', 'form-confirmation', 'newsletter-confirmation']);
    // +tags reach the same inbox, so they share its hour.
    expect((await contact('victim.two+again@example.com')).status).toBe(201);
    expect(await mailsTo('victim.two+again@example.com')).toEqual([]);
  });

  it('a form that mails the typed address needs the captcha: the estimator without a passing token stores and sends nothing', async () => {
    const count = async () => (await readRows<{ n: number }>(server, sql`select count(*) as n from mail_outbox`))[0]!.n;
    const before = await count();
    for (const token of [undefined, 'forged']) {
      const res = await estimate('victim.three@example.com', token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'validation_failed', fields: { recaptchaToken: 'Please complete the reCAPTCHA verification' } });
    }
    expect(await count()).toBe(before);
  });
});

describe('newsletter consent that sticks', () => {
  it('a stranger who signs someone up subscribes nobody: the address only gets the confirmation link, in the store\'s words', async () => {
    const res = await newsletter('someone.else@example.com');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Check your inbox to confirm');
    expect((await subscriber('someone.else@example.com'))!.status).toBe('pending');
    const [mail] = await mailsTo('someone.else@example.com');
    expect(mail!.subject).toBe('Confirm your newsletter subscription');
    expect(mail!.text).toContain(`${server.url}/newsletter/confirm/`);
  });

  it('the answer is the same whatever the address\'s state: unknown, waiting, subscribed or unsubscribed', async () => {
    // Bring addresses into each state as their owners would.
    const confirmLink = async (email: string) => /\/newsletter\/confirm\/(\S+)/.exec((await mailsTo(email)).filter((m) => m.type === 'newsletter-confirmation').at(-1)!.text)![1]!;
    await newsletter('waiting@example.com');
    await newsletter('member@example.com');
    expect((await call(server.url, 'POST', `/api/newsletter/confirm/${await confirmLink('member@example.com')}`, { from: freshClient() })).status).toBe(200);
    await newsletter('leaver@example.com');
    await call(server.url, 'POST', `/api/newsletter/confirm/${await confirmLink('leaver@example.com')}`, { from: freshClient() });
    await call(server.url, 'POST', `/api/newsletter/unsubscribe/${(await subscriber('leaver@example.com'))!.unsubscribe_token}`, { from: freshClient() });
    const statuses = [];
    for (const n of ['waiting', 'member', 'leaver']) statuses.push((await subscriber(`${n}@example.com`))!.status);
    expect(statuses).toEqual(['pending', 'subscribed', 'unsubscribed']);

    const probe = async (email: string) => {
      const a = await newsletter(email);
      return { status: a.status, body: { ...a.body, data: { ...a.body.data, id: 0 } }, headers: Object.keys(a.headers).sort() };
    };
    const answers = [await probe('never.seen@example.com'), await probe('waiting@example.com'), await probe('member@example.com'), await probe('leaver@example.com')];
    for (const a of answers.slice(1)) expect(a).toEqual(answers[0]);
    expect(answers[0]!.body).not.toHaveProperty('newsletter.alreadySubscribed');

    // The contact form's newsletter box answers the same way.
    const viaContact = [await contact('never.seen.2@example.com', { newsletter: true }), await contact('member@example.com', { newsletter: true })].map((a) => ({ ...a.body, data: null }));
    expect(viaContact[1]).toEqual(viaContact[0]);
  });

  it('an address that unsubscribed is not subscribed again by the next stranger', async () => {
    await newsletter('left.for.good@example.com');
    const link = /\/newsletter\/confirm\/(\S+)/.exec((await mailsTo('left.for.good@example.com'))[0]!.text)![1]!;
    await call(server.url, 'POST', `/api/newsletter/confirm/${link}`, { from: freshClient() });
    await call(server.url, 'POST', `/api/newsletter/unsubscribe/${(await subscriber('left.for.good@example.com'))!.unsubscribe_token}`, { from: freshClient() });
    for (let i = 0; i < 3; i++) expect((await newsletter('left.for.good@example.com')).status).toBe(201);
    expect((await subscriber('left.for.good@example.com'))!.status).toBe('unsubscribed');
    // The owner's old confirmation link does not undo the unsubscription either.
    expect((await call(server.url, 'POST', `/api/newsletter/confirm/${link}`, { from: freshClient() })).body).toMatchObject({ error: 'confirmation_used' });
    expect((await subscriber('left.for.good@example.com'))!.status).toBe('unsubscribed');
  });

  it('guessed or forged confirmation tokens subscribe nobody', async () => {
    await newsletter('guessme@example.com');
    const real = decodeURIComponent(/\/newsletter\/confirm\/(\S+)/.exec((await mailsTo('guessme@example.com'))[0]!.text)![1]!);
    const [id] = real.split('.');
    const guesses = [`${id}.${'A'.repeat(43)}`, `${id}.`, `${id}`, `0.${real.split('.')[1]}`, `${id}.${real.split('.')[1]}%00`, '../../etc/passwd', `${id}.${real.split('.')[1]!.toLowerCase()}`];
    for (const guess of guesses) {
      const res = await call(server.url, 'POST', `/api/newsletter/confirm/${encodeURIComponent(guess)}`, { from: freshClient() });
      expect(res.status, guess).toBe(404);
      expect(res.body).toEqual({ error: 'confirmation_not_found', message: 'This confirmation link is not valid.' });
    }
    expect((await subscriber('guessme@example.com'))!.status).toBe('pending');
  });
});

describe('POST /api/email/send-email takes no mail of mine', () => {
  it('a body its contract does not take is the same 403 as any other use: no 400 that says what it wants', async () => {
    const forbidden = { error: 'forbidden', message: "This endpoint only re-sends the store's own order e-mails." };
    for (const body of ['[1]', '"mail"', { type: 'newsletter', recipient: 'victim@example.com', html: PHISH }, { type: 'order-confirmation', data: 'x', orderId: 1 }, { type: 'order-confirmation', data: { orderId: { $gt: 0 } } }, { type: 'order-confirmation', orderId: 1.5 }]) {
      const res = await call(server.url, 'POST', '/api/email/send-email', { body, from: freshClient() });
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body, JSON.stringify(body)).toEqual(forbidden);
    }
  });
});
