/**
 * @engines sqlite postgres: consent is written by two connections at once.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createTestDatabaseUrl, openTestDatabase, testEngine } from '../testing/test-database';
import { CONFIRMATION_LIFETIME_MS, NewsletterConsent, sourcePageOf } from './newsletter-consent';
import { findSubscriberByEmail, setSubscription } from './newsletter-subscribers';

async function setup() {
  const database = await openTestDatabase();
  const q = database.q;
  let t = Date.parse('2030-03-01T09:00:00.000Z');
  const clock = { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
  const consent = new NewsletterConsent({ q, publicUrl: 'https://shop.example', now: clock.now });
  /** The token of the latest confirmation e-mail to the address, read from its link. */
  const lastToken = async (email: string) => {
    const mail = await q.first(q.db.selectFrom('mail_outbox').select('text').where('recipient', '=', email).where('type', '=', 'newsletter-confirmation').orderBy('id', 'desc'));
    const m = /https:\/\/shop\.example\/newsletter\/confirm\/(\S+)/.exec(mail?.text ?? '');
    return m ? decodeURIComponent(m[1]!) : undefined;
  };
  const ask = (email: string, client = '203.0.113.7') => consent.request(q, { email, sourceForm: 'newsletter', sourcePage: 'https://shop.example/about-us', client });
  return { database, q, clock, consent, lastToken, ask };
}

describe('newsletter double opt-in', () => {
  it('a sign-up subscribes nobody; the link of the e-mail does, and the consent is recorded (when, form, page, client, confirmation)', async () => {
    const { database, q, clock, consent, lastToken, ask } = await setup();
    await ask('Owner@Example.com');
    expect((await findSubscriberByEmail(q, 'owner@example.com'))?.status).toBe('pending');
    const token = (await lastToken('owner@example.com'))!;
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    // Only a hash of the secret is stored.
    const stored = (await q.first(q.db.selectFrom('newsletter_consent').selectAll()))!;
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token.split('.')[1]!);

    clock.advance(5 * 60_000);
    expect((await consent.confirm(token, '198.51.100.9')).status).toBe('subscribed');
    expect((await findSubscriberByEmail(q, 'owner@example.com'))?.status).toBe('subscribed');
    expect(await q.first(q.db.selectFrom('newsletter_consent').selectAll())).toMatchObject({
      source_form: 'newsletter',
      source_page: 'https://shop.example/about-us',
      requested_at: '2030-03-01T09:00:00.000Z',
      requested_from: '203.0.113.7',
      confirmed_at: '2030-03-01T09:05:00.000Z',
      confirmed_from: '198.51.100.9',
    });
    // A second click on the same link answers the same and changes nothing.
    expect((await consent.confirm(token, '198.51.100.9')).status).toBe('subscribed');
    await database.close();
  });

  it('refuses a wrong, forged or expired link without subscribing', async () => {
    const { database, q, clock, consent, lastToken, ask } = await setup();
    await ask('late@example.com');
    const token = (await lastToken('late@example.com'))!;
    const [id, secret] = token.split('.') as [string, string];
    const flipped = `${id}.${secret[0] === 'A' ? 'B' : 'A'}${secret.slice(1)}`;
    for (const bad of [flipped, `${Number(id) + 1}.${secret}`, secret, '', '1.x', `${id}.${secret}x`]) {
      await expect(consent.confirm(bad, '198.51.100.9')).rejects.toThrow(expect.objectContaining({ status: 404, code: 'confirmation_not_found' }));
    }
    clock.advance(CONFIRMATION_LIFETIME_MS);
    await expect(consent.confirm(token, '198.51.100.9')).rejects.toThrow(expect.objectContaining({ status: 410, code: 'confirmation_expired' }));
    expect((await findSubscriberByEmail(q, 'late@example.com'))?.status).toBe('pending');
    await database.close();
  });

  it('an address that unsubscribed is not subscribed again by a stranger, nor by an old link; a new confirmation by its owner does', async () => {
    const { database, q, consent, lastToken, ask } = await setup();
    await ask('quit@example.com');
    const first = (await lastToken('quit@example.com'))!;
    await consent.confirm(first, '198.51.100.9');
    const subscriber = (await findSubscriberByEmail(q, 'quit@example.com'))!;
    await setSubscription(q, subscriber.unsubscribe_token, false, '198.51.100.9');

    await ask('quit@example.com', '192.0.2.66'); // a stranger
    expect((await findSubscriberByEmail(q, 'quit@example.com'))?.status).toBe('unsubscribed');
    await expect(consent.confirm(first, '198.51.100.9')).rejects.toThrow(expect.objectContaining({ status: 410, code: 'confirmation_used' }));
    expect((await findSubscriberByEmail(q, 'quit@example.com'))?.status).toBe('unsubscribed');

    await consent.confirm((await lastToken('quit@example.com'))!, '198.51.100.9');
    expect((await findSubscriberByEmail(q, 'quit@example.com'))?.status).toBe('subscribed');
    await database.close();
  });

  it('"Subscribe again" on the unsubscribe page is recorded as the owner\'s consent; a pending address is not subscribed by its token', async () => {
    const { database, q, consent, lastToken, ask } = await setup();
    await ask('back@example.com');
    await consent.confirm((await lastToken('back@example.com'))!, '198.51.100.9');
    const token = (await findSubscriberByEmail(q, 'back@example.com'))!.unsubscribe_token;
    await setSubscription(q, token, false, '198.51.100.9');
    expect((await setSubscription(q, token, true, '198.51.100.10'))?.status).toBe('subscribed');
    const records = await q.all(q.db.selectFrom('newsletter_consent').select(['source_form', 'confirmed_from']).orderBy('id'));
    expect(records).toEqual([
      { source_form: 'newsletter', confirmed_from: '198.51.100.9' },
      { source_form: 'unsubscribe-page', confirmed_from: '198.51.100.10' },
    ]);

    await ask('never@example.com');
    const pending = (await findSubscriberByEmail(q, 'never@example.com'))!;
    expect((await setSubscription(q, pending.unsubscribe_token, true, '192.0.2.66'))?.status).toBe('pending');
    await database.close();
  });

  it('on two servers at once: two sign-ups of a new address make one subscriber, and two clicks on one link use it once', async () => {
    // Two servers on PostgreSQL: two pools on one database. SQLite is one process: both share its handle.
    const url = await createTestDatabaseUrl();
    const one = openDatabase(url);
    await migrateToLatest(one.db);
    const two = testEngine() === 'postgres' ? openDatabase(url) : one;
    const consents = [one, two].map((d) => new NewsletterConsent({ q: d.q, publicUrl: 'https://shop.example' }));
    const signUp = (i: number) => [one, two][i]!.q.transaction((tx) => consents[i]!.request(tx, { email: 'twice@example.com', sourceForm: 'newsletter', sourcePage: null, client: `192.0.2.${i}` }));
    await Promise.all([signUp(0), signUp(1), signUp(0), signUp(1)]);
    expect(await one.q.all(one.q.db.selectFrom('newsletter_subscriber').select('email'))).toEqual([{ email: 'twice@example.com' }]);
    expect(await one.q.all(one.q.db.selectFrom('newsletter_consent').select('id'))).toHaveLength(4);

    const mail = (await one.q.first(one.q.db.selectFrom('mail_outbox').select('text').where('type', '=', 'newsletter-confirmation').orderBy('id')))!;
    const token = decodeURIComponent(/\/newsletter\/confirm\/(\S+)/.exec(mail.text)![1]!);
    const clicks = await Promise.all([consents[0]!.confirm(token, '198.51.100.1'), consents[1]!.confirm(token, '198.51.100.2')]);
    expect(clicks.map((c) => c.status)).toEqual(['subscribed', 'subscribed']);
    const stamped = await one.q.all(one.q.db.selectFrom('newsletter_consent').select('confirmed_from').where('confirmed_at', 'is not', null));
    expect(stamped).toHaveLength(1);
    if (two !== one) await two.close();
    await one.close();
  });

  it('keeps only the origin and path of the page a form was sent from', () => {
    expect(sourcePageOf('https://shop.example/blogs/kitchens?utm=x#top')).toBe('https://shop.example/blogs/kitchens');
    expect(sourcePageOf('https://shop.example/unsubscribe/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde')).toBe('https://shop.example/unsubscribe/:token');
    expect(sourcePageOf('javascript:alert(1)')).toBeNull();
    expect(sourcePageOf('not a url')).toBeNull();
    expect(sourcePageOf(undefined)).toBeNull();
  });
});
