/**
 * Newsletter subscriptions: one row per lower-cased address, so a second sign-up is the same
 * subscription. A sign-up only asks the owner to confirm (./newsletter-consent.ts, double opt-in).
 * Each subscriber has a random unsubscribe token, used in the link of every e-mail to a subscribed
 * address; the link's page unsubscribes and resubscribes.
 */
import type { Queries } from '../db/queries';
import type { NewsletterSubscriberTable } from '../db/tables';
import { emailIdentity } from './email-address';
import { nowIso } from './request-input';

export type Subscriber = Omit<NewsletterSubscriberTable, 'id'> & { id: number };

/** Tokens are 32 random bytes in base64url (43 characters). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

export function normalizeEmail(email: string): string {
  return emailIdentity(email);
}

export function findSubscriberByEmail(q: Queries, email: string): Promise<Subscriber | undefined> {
  return q.firstBy('subscriber-by-email', (e: string) => q.db.selectFrom('newsletter_subscriber').selectAll().where('email', '=', e), normalizeEmail(email));
}

/** The subscribers among these addresses, by normalised address: one query for them all. */
export async function findSubscribersByEmails(q: Queries, emails: readonly string[]): Promise<Map<string, Subscriber>> {
  const wanted = [...new Set(emails.map(normalizeEmail))];
  const rows = await q.all(q.db.selectFrom('newsletter_subscriber').selectAll().where('email', 'in', wanted));
  return new Map(rows.map((r) => [r.email, r]));
}

export async function findSubscriberByToken(q: Queries, token: string): Promise<Subscriber | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  return q.firstBy('subscriber-by-token', (t: string) => q.db.selectFrom('newsletter_subscriber').selectAll().where('unsubscribe_token', '=', t), token);
}

/**
 * Sets the subscription of the token's subscriber; undefined for an unknown token. The token is in
 * the link of the e-mails sent to a subscribed address only, so its holder reads that inbox:
 * "Subscribe again" with it is the owner's consent, recorded like a confirmed sign-up. An address
 * still waiting for its first confirmation ('pending') is not changed by it. The subscriber's row is
 * locked while it is read and changed, so two clicks on two servers apply one after the other.
 */
export async function setSubscription(q: Queries, token: string, subscribed: boolean, client: string): Promise<Subscriber | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  return q.transaction(async (tx) => {
    const subscriber = (await tx.first(tx.lockRow(tx.db.selectFrom('newsletter_subscriber').selectAll().where('unsubscribe_token', '=', token)))) as Subscriber | undefined;
    if (!subscriber) return undefined;
    const status = subscribed ? 'subscribed' : 'unsubscribed';
    if (subscriber.status === status || subscriber.status === 'pending') return subscriber;
    const now = nowIso();
    const unsubscribed_at = subscribed ? null : now;
    await tx.run(tx.db.updateTable('newsletter_subscriber').set({ status, updated_at: now, unsubscribed_at }).where('id', '=', subscriber.id));
    if (subscribed) {
      await tx.insert('newsletter_consent', {
        subscriber_id: subscriber.id,
        source_form: UNSUBSCRIBE_PAGE_SOURCE,
        source_page: null,
        requested_at: now,
        requested_from: client.slice(0, 64),
        token_hash: null,
        expires_at: null,
        confirmed_at: now,
        confirmed_from: client.slice(0, 64),
      });
    }
    return { ...subscriber, status, updated_at: now, unsubscribed_at };
  });
}

/** The consent record's source of a "Subscribe again" on the unsubscribe page. */
export const UNSUBSCRIBE_PAGE_SOURCE = 'unsubscribe-page';

/** The /unsubscribe/{token} page (routes.json), linked from the foot of every e-mail to a subscriber. */
export function unsubscribePageUrl(publicUrl: string, token: string): string {
  return new URL(`/unsubscribe/${encodeURIComponent(token)}`, publicUrl).href;
}

/** The List-Unsubscribe target: a mail client's one-click POST unsubscribes at once (RFC 8058). */
export function oneClickUnsubscribeUrl(publicUrl: string, token: string): string {
  return new URL(`/api/newsletter/unsubscribe/${encodeURIComponent(token)}`, publicUrl).href;
}

/** The address as the unsubscribe page may show it to whoever holds the link: j***@example.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
