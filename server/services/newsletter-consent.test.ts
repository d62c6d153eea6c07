import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { SyncQueries } from '../db/sync-query';
import { CONFIRMATION_LIFETIME_MS, NewsletterConsent, sourcePageOf } from './newsletter-consent';
import { findSubscriberByEmail, setSubscription } from './newsletter-subscribers';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-consent-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function setup() {
  const database = openDatabase(path.join(dir, `${Math.random()}.db`));
  await migrateToLatest(database.db);
  const q = new SyncQueries(database.db, database.sqlite);
  let t = Date.parse('2030-03-01T09:00:00.000Z');
  const clock = { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
  const consent = new NewsletterConsent({ q, publicUrl: 'https://shop.example', now: clock.now });
  /** The token of the latest confirmation e-mail to the address, read from its link. */
  const lastToken = (email: string) => {
    const mail = q.first(q.db.selectFrom('mail_outbox').select('text').where('recipient', '=', email).where('type', '=', 'newsletter-confirmation').orderBy('id', 'desc'));
    const m = /https:\/\/shop\.example\/newsletter\/confirm\/(\S+)/.exec(mail?.text ?? '');
    return m ? decodeURIComponent(m[1]!) : undefined;
  };
  const ask = (email: string, client = '203.0.113.7') => consent.request({ email, sourceForm: 'newsletter', sourcePage: 'https://shop.example/about-us', client });
  return { database, q, clock, consent, lastToken, ask };
}

describe('newsletter double opt-in', () => {
  it('a sign-up subscribes nobody; the link of the e-mail does, and the consent is recorded (when, form, page, client, confirmation)', async () => {
    const { database, q, clock, consent, lastToken, ask } = await setup();
    ask('Owner@Example.com');
    expect(findSubscriberByEmail(q, 'owner@example.com')?.status).toBe('pending');
    const token = lastToken('owner@example.com')!;
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    // Only a hash of the secret is stored.
    const stored = q.first(q.db.selectFrom('newsletter_consent').selectAll())!;
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token.split('.')[1]!);

    clock.advance(5 * 60_000);
    expect(consent.confirm(token, '198.51.100.9').status).toBe('subscribed');
    expect(findSubscriberByEmail(q, 'owner@example.com')?.status).toBe('subscribed');
    expect(q.first(q.db.selectFrom('newsletter_consent').selectAll())).toMatchObject({
      source_form: 'newsletter',
      source_page: 'https://shop.example/about-us',
      requested_at: '2030-03-01T09:00:00.000Z',
      requested_from: '203.0.113.7',
      confirmed_at: '2030-03-01T09:05:00.000Z',
      confirmed_from: '198.51.100.9',
    });
    // A second click on the same link answers the same and changes nothing.
    expect(consent.confirm(token, '198.51.100.9').status).toBe('subscribed');
    await database.close();
  });

  it('refuses a wrong, forged or expired link without subscribing', async () => {
    const { database, q, clock, consent, lastToken, ask } = await setup();
    ask('late@example.com');
    const token = lastToken('late@example.com')!;
    const [id, secret] = token.split('.') as [string, string];
    const flipped = `${id}.${secret[0] === 'A' ? 'B' : 'A'}${secret.slice(1)}`;
    for (const bad of [flipped, `${Number(id) + 1}.${secret}`, secret, '', '1.x', `${id}.${secret}x`]) {
      expect(() => consent.confirm(bad, '198.51.100.9')).toThrow(expect.objectContaining({ status: 404, code: 'confirmation_not_found' }));
    }
    clock.advance(CONFIRMATION_LIFETIME_MS);
    expect(() => consent.confirm(token, '198.51.100.9')).toThrow(expect.objectContaining({ status: 410, code: 'confirmation_expired' }));
    expect(findSubscriberByEmail(q, 'late@example.com')?.status).toBe('pending');
    await database.close();
  });

  it('an address that unsubscribed is not subscribed again by a stranger, nor by an old link; a new confirmation by its owner does', async () => {
    const { database, q, consent, lastToken, ask } = await setup();
    ask('quit@example.com');
    const first = lastToken('quit@example.com')!;
    consent.confirm(first, '198.51.100.9');
    const subscriber = findSubscriberByEmail(q, 'quit@example.com')!;
    setSubscription(q, subscriber.unsubscribe_token, false, '198.51.100.9');

    ask('quit@example.com', '192.0.2.66'); // a stranger
    expect(findSubscriberByEmail(q, 'quit@example.com')?.status).toBe('unsubscribed');
    expect(() => consent.confirm(first, '198.51.100.9')).toThrow(expect.objectContaining({ status: 410, code: 'confirmation_used' }));
    expect(findSubscriberByEmail(q, 'quit@example.com')?.status).toBe('unsubscribed');

    consent.confirm(lastToken('quit@example.com')!, '198.51.100.9');
    expect(findSubscriberByEmail(q, 'quit@example.com')?.status).toBe('subscribed');
    await database.close();
  });

  it('"Subscribe again" on the unsubscribe page is recorded as the owner\'s consent; a pending address is not subscribed by its token', async () => {
    const { database, q, consent, lastToken, ask } = await setup();
    ask('back@example.com');
    consent.confirm(lastToken('back@example.com')!, '198.51.100.9');
    const token = findSubscriberByEmail(q, 'back@example.com')!.unsubscribe_token;
    setSubscription(q, token, false, '198.51.100.9');
    expect(setSubscription(q, token, true, '198.51.100.10')?.status).toBe('subscribed');
    const records = q.all(q.db.selectFrom('newsletter_consent').select(['source_form', 'confirmed_from']).orderBy('id'));
    expect(records).toEqual([
      { source_form: 'newsletter', confirmed_from: '198.51.100.9' },
      { source_form: 'unsubscribe-page', confirmed_from: '198.51.100.10' },
    ]);

    ask('never@example.com');
    const pending = findSubscriberByEmail(q, 'never@example.com')!;
    expect(setSubscription(q, pending.unsubscribe_token, true, '192.0.2.66')?.status).toBe('pending');
    await database.close();
  });

  it('keeps only the origin and path of the page a form was sent from', () => {
    expect(sourcePageOf('https://shop.example/blogs/kitchens?utm=x#top')).toBe('https://shop.example/blogs/kitchens');
    expect(sourcePageOf('https://shop.example/unsubscribe/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde')).toBe('https://shop.example/unsubscribe/:token');
    expect(sourcePageOf('javascript:alert(1)')).toBeNull();
    expect(sourcePageOf('not a url')).toBeNull();
    expect(sourcePageOf(undefined)).toBeNull();
  });
});
