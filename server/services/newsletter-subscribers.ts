/**
 * Newsletter subscriptions (issue 10, 001 §2 "Unsubscribe page"): one row per lower-cased address,
 * so a second sign-up is the same subscription. Each subscriber has a random unsubscribe token, used
 * in the link of every e-mail to the address; the link's page unsubscribes and resubscribes.
 */
import crypto from 'node:crypto';
import type { SyncQueries } from '../db/sync-query';
import type { NewsletterSubscriberTable } from '../db/tables';
import { emailIdentity } from './email-address';
import { nowIso } from './request-input';

export type Subscriber = Omit<NewsletterSubscriberTable, 'id'> & { id: number };

/** Tokens are 32 random bytes in base64url (43 characters). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

export function normalizeEmail(email: string): string {
  return emailIdentity(email);
}

export function findSubscriberByEmail(q: SyncQueries, email: string): Subscriber | undefined {
  return q.firstBy('subscriber-by-email', (e: string) => q.db.selectFrom('newsletter_subscriber').selectAll().where('email', '=', e), normalizeEmail(email));
}

export function findSubscriberByToken(q: SyncQueries, token: string): Subscriber | undefined {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  return q.firstBy('subscriber-by-token', (t: string) => q.db.selectFrom('newsletter_subscriber').selectAll().where('unsubscribe_token', '=', t), token);
}

export interface SubscribeResult {
  subscriber: Subscriber;
  /** 'new': first sign-up; 'resubscribed': had unsubscribed and signed up again; 'already': no change. */
  change: 'new' | 'resubscribed' | 'already';
}

/**
 * Subscribes an address (call inside the transaction that stores the consent). Signing up again
 * after unsubscribing is a new, explicit consent, so it subscribes the address again.
 */
export function subscribe(q: SyncQueries, email: string, source: string): SubscribeResult {
  const address = normalizeEmail(email);
  const existing = findSubscriberByEmail(q, address);
  const now = nowIso();
  if (existing) {
    if (existing.status === 'subscribed') return { subscriber: existing, change: 'already' };
    q.run(q.db.updateTable('newsletter_subscriber').set({ status: 'subscribed', updated_at: now, unsubscribed_at: null }).where('id', '=', existing.id));
    return { subscriber: { ...existing, status: 'subscribed', updated_at: now, unsubscribed_at: null }, change: 'resubscribed' };
  }
  const row = { email: address, status: 'subscribed' as const, unsubscribe_token: crypto.randomBytes(32).toString('base64url'), source, created_at: now, updated_at: now, unsubscribed_at: null };
  const id = q.insertReturningId('newsletter_subscriber', row);
  return { subscriber: { id, ...row }, change: 'new' };
}

/** Sets the subscription of the token's subscriber; undefined for an unknown token. */
export function setSubscription(q: SyncQueries, token: string, subscribed: boolean): Subscriber | undefined {
  return q.transaction(() => {
    const subscriber = findSubscriberByToken(q, token);
    if (!subscriber) return undefined;
    const status = subscribed ? 'subscribed' : 'unsubscribed';
    if (subscriber.status === status) return subscriber;
    const now = nowIso();
    const unsubscribed_at = subscribed ? null : now;
    q.run(q.db.updateTable('newsletter_subscriber').set({ status, updated_at: now, unsubscribed_at }).where('id', '=', subscriber.id));
    return { ...subscriber, status, updated_at: now, unsubscribed_at };
  });
}

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
