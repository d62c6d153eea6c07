/**
 * @engines sqlite postgres: the mail queue is the engine's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Queries } from '../db/queries';
import { createLogger } from '../logger';
import { NewsletterConsent } from '../services/newsletter-consent';
import { findSubscriberByEmail, setSubscription, type Subscriber } from '../services/newsletter-subscribers';
import { openTestDatabase } from '../testing/test-database';
import { mailConfigFromEnv } from './mail-config';
import { deliverDueMail, type MailMessage, type MailSender } from './mail-worker';
import { enqueueMail } from './outbox';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-unsub-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function outbox() {
  const database = await openTestDatabase(dir);
  return { database, q: database.q };
}

const mail = (recipient: string, key: string) => ({
  type: 'order-confirmation' as const,
  orderId: null,
  recipient,
  cc: [],
  dedupeKey: key,
  subject: 'Order Confirmation #1',
  html: '<!doctype html><html><body><p>hi</p></body></html>',
  text: 'hi',
});

/** Signs the address up and confirms it with the link of its confirmation e-mail, as its owner would. */
async function confirmedSubscriber(q: Queries, email: string): Promise<Subscriber> {
  const consent = new NewsletterConsent({ q, publicUrl: 'https://shop.example' });
  await consent.request(q, { email, sourceForm: 'newsletter', sourcePage: null, client: '127.0.0.1' });
  const confirmation = (await q.first(q.db.selectFrom('mail_outbox').select('text').where('type', '=', 'newsletter-confirmation').orderBy('id', 'desc')))!;
  const token = /\/newsletter\/confirm\/(\S+)/.exec(confirmation.text)![1]!;
  await consent.confirm(decodeURIComponent(token), '127.0.0.1');
  await q.run(q.db.deleteFrom('mail_outbox'));
  return (await findSubscriberByEmail(q, email))!;
}

describe('List-Unsubscribe on every e-mail to a subscriber', () => {
  it('adds the link and the headers for a subscriber only, and hands headers and attachments to the sender', async () => {
    const { q, database } = await outbox();
    const subscriber = await confirmedSubscriber(q, 'Sub@Example.com');
    await enqueueMail(q, mail('sub@example.com', 'a'), { publicUrl: 'https://shop.example' });
    await enqueueMail(q, mail('other@example.com', 'b'), { publicUrl: 'https://shop.example' });
    const file = path.join(dir, 'plan.pdf');
    fs.writeFileSync(file, '%PDF-1.7');
    await enqueueMail(q, { ...mail('admin@example.com', 'c'), attachments: [{ filename: 'plan.pdf', path: file, contentType: 'application/pdf' }, { filename: 'gone.jpg', path: path.join(dir, 'gone.jpg'), contentType: 'image/jpeg' }] });

    const sent: MailMessage[] = [];
    const sender: MailSender = { send: async (m) => void sent.push(m) };
    expect(await deliverDueMail(q, sender, mailConfigFromEnv({}), createLogger('silent'))).toBe(3);
    const [toSubscriber, toOther, toAdmin] = sent;
    expect(toSubscriber!.headers).toEqual({
      'List-Unsubscribe': `<https://shop.example/api/newsletter/unsubscribe/${subscriber.unsubscribe_token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(toSubscriber!.html).toMatch(new RegExp(`<a href="https://shop.example/unsubscribe/${subscriber.unsubscribe_token}"[^>]*>Unsubscribe</a></p></body>`));
    expect(toSubscriber!.text).toContain(`Unsubscribe: https://shop.example/unsubscribe/${subscriber.unsubscribe_token}`);
    expect(toOther!.headers).toEqual({});
    expect(toOther!.html).not.toContain('Unsubscribe');
    // A file that is gone is left out rather than holding the message back.
    expect(toAdmin!.attachments).toEqual([{ filename: 'plan.pdf', path: file, contentType: 'application/pdf' }]);
    await database.close();
  });

  it('an unsubscribed address gets no link', async () => {
    const { q, database } = await outbox();
    const subscriber = await confirmedSubscriber(q, 'gone@example.com');
    await setSubscription(q, subscriber.unsubscribe_token, false, '127.0.0.1');
    await enqueueMail(q, mail('gone@example.com', 'd'), { publicUrl: 'https://shop.example' });
    const row = (await q.first(q.db.selectFrom('mail_outbox').select(['headers', 'html'])))!;
    expect(JSON.parse(row.headers)).toEqual({});
    await database.close();
  });

  it('an address that signed up but has not confirmed gets no link either', async () => {
    const { q, database } = await outbox();
    await new NewsletterConsent({ q, publicUrl: 'https://shop.example' }).request(q, { email: 'maybe@example.com', sourceForm: 'newsletter', sourcePage: null, client: '127.0.0.1' });
    expect((await findSubscriberByEmail(q, 'maybe@example.com'))?.status).toBe('pending');
    await enqueueMail(q, mail('maybe@example.com', 'e'), { publicUrl: 'https://shop.example' });
    const rows = await q.all(q.db.selectFrom('mail_outbox').select(['headers', 'html', 'type']).orderBy('id'));
    expect(rows.map((r) => r.type)).toEqual(['newsletter-confirmation', 'order-confirmation']);
    for (const r of rows) expect(r.html).not.toContain('/unsubscribe/');
    await database.close();
  });
});
