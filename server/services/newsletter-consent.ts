/**
 * Newsletter double opt-in. Typing an address into a newsletter form subscribes nobody: it records
 * a consent request (newsletter_consent: when, which form and page, which client address) and
 * e-mails the address a confirmation link; only a click on that link, by whoever reads that inbox,
 * subscribes it. The visitor's answer is the same whatever the address's state (new, pending,
 * subscribed, unsubscribed, or over its mail cap), so the form tells nobody whether an address is
 * on the list, and an address that unsubscribed is subscribed again only by its owner.
 *
 * The link carries `{consent id}.{secret}`: the secret is 32 random bytes, the database keeps only
 * its SHA-256, compared in constant time (like the test gateway's authentication step), and the
 * link expires after CONFIRMATION_LIFETIME_MS.
 */
import crypto from 'node:crypto';
import type { Queries } from '../db/queries';
import { ApiError } from '../http/api-error';
import { renderNewsletterConfirmation } from '../mail/newsletter-confirmation-mail';
import { enqueueMail } from '../mail/outbox';
import { findSubscriberByEmail, normalizeEmail, type Subscriber } from './newsletter-subscribers';

/** The answer to every newsletter sign-up, word for word, whatever the address's state. */
export const NEWSLETTER_CHECK_INBOX = 'Check your inbox to confirm';
export const NEWSLETTER_CONFIRMED = 'Your subscription to our newsletter is confirmed.';

/** How long a confirmation link works: long enough for a weekend away from the inbox. */
export const CONFIRMATION_LIFETIME_MS = 48 * 60 * 60 * 1000;

const TOKEN_SHAPE = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{43})$/;

export interface ConsentRequest {
  email: string;
  /** The form's name. */
  sourceForm: string;
  /** The page the form was on (see sourcePageOf), or null. */
  sourcePage: string | null;
  /** The client address of the request. */
  client: string;
}

export interface NewsletterConsentDeps {
  q: Queries;
  publicUrl: string;
  /** The clock of expiry and of the records; tests give a fake one. */
  now?: () => Date;
}

const notFound = () => new ApiError(404, 'confirmation_not_found', 'This confirmation link is not valid.');

const sha256 = (value: string): Buffer => crypto.createHash('sha256').update(value, 'utf8').digest();

/** The page a form was sent from, from its Referer: origin and path only (no query, no token), at most 300 characters. */
export function sourcePageOf(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    // A page whose path carries a secret (an unsubscribe or confirmation link) is kept without it.
    const path = url.pathname.split('/').map((seg) => (/^[A-Za-z0-9_.%-]{20,}$/.test(seg) ? ':token' : seg)).join('/');
    return `${url.origin}${path}`.slice(0, 300);
  } catch {
    return null;
  }
}

export function confirmationPageUrl(publicUrl: string, token: string): string {
  return new URL(`/newsletter/confirm/${encodeURIComponent(token)}`, publicUrl).href;
}

export class NewsletterConsent {
  private readonly now: () => Date;

  constructor(private readonly deps: NewsletterConsentDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Records a sign-up request and queues the confirmation e-mail (call inside the transaction that
   * stores the submission, with its handle). The subscriber's status never changes here: a new
   * address is 'pending'. Returns nothing, so a caller cannot tell the visitor anything that
   * depends on the address.
   */
  async request(tx: Queries, r: ConsentRequest): Promise<void> {
    const now = this.now();
    const at = now.toISOString();
    const address = normalizeEmail(r.email);
    // One subscriber row per address, whichever server signs it up first: the key lock makes the
    // other wait and then find the row; the unique email is the backstop.
    await tx.lockKey(`newsletter-subscriber:${address}`);
    let subscriber = await findSubscriberByEmail(tx, address);
    if (!subscriber) {
      const row = { email: address, status: 'pending' as const, unsubscribe_token: crypto.randomBytes(32).toString('base64url'), source: r.sourceForm, created_at: at, updated_at: at, unsubscribed_at: null };
      subscriber = { id: await tx.insertReturningId('newsletter_subscriber', row), ...row };
    }
    const secret = crypto.randomBytes(32).toString('base64url');
    const consentId = await tx.insertReturningId('newsletter_consent', {
      subscriber_id: subscriber.id,
      source_form: r.sourceForm.slice(0, 100),
      source_page: r.sourcePage,
      requested_at: at,
      requested_from: r.client.slice(0, 64),
      token_hash: sha256(secret).toString('hex'),
      expires_at: new Date(now.getTime() + CONFIRMATION_LIFETIME_MS).toISOString(),
      confirmed_at: null,
      confirmed_from: null,
    });
    const link = confirmationPageUrl(this.deps.publicUrl, `${consentId}.${secret}`);
    // The cap of mails an hour to one address (mail/recipient-cap.ts) may drop it: the answer is the same.
    await enqueueMail(
      tx,
      { type: 'newsletter-confirmation', orderId: null, recipient: subscriber.email, cc: [], dedupeKey: `newsletter-confirmation:${consentId}`, ...renderNewsletterConfirmation(link, CONFIRMATION_LIFETIME_MS / 3_600_000) },
      { now: this.now },
    );
  }

  /**
   * The owner's click: subscribes the address of the link's consent request and stamps the request
   * confirmed (when, from which client). Clicking the same link again while subscribed answers the
   * same; a used link never subscribes again an address that unsubscribed since (that withdrawal
   * stands until a new confirmation), and an expired or unknown link changes nothing.
   *
   * A link is used once even when two clicks reach two servers together: the stamp is a conditional
   * update (only while unconfirmed), and only the click whose update changed the row subscribes;
   * the other answers as a second click does.
   */
  async confirm(token: string, client: string): Promise<Subscriber> {
    const { q } = this.deps;
    return q.transaction(async (tx) => {
      const match = TOKEN_SHAPE.exec(token);
      const consent = match ? await tx.first(tx.db.selectFrom('newsletter_consent').selectAll().where('id', '=', Number(match[1]))) : undefined;
      // Hash both sides: the comparison has a fixed length and takes the same time for any secret.
      const expected = consent?.token_hash ? Buffer.from(consent.token_hash, 'hex') : crypto.randomBytes(32);
      const matches = crypto.timingSafeEqual(expected, sha256(match?.[2] ?? token));
      if (!consent || !consent.token_hash || !matches) throw notFound();
      const subscriberOf = async () => (await tx.first(tx.db.selectFrom('newsletter_subscriber').selectAll().where('id', '=', consent.subscriber_id))) as Subscriber | undefined;
      const used = async (): Promise<Subscriber> => {
        const subscriber = await subscriberOf();
        if (!subscriber) throw notFound();
        if (subscriber.status === 'subscribed') return subscriber;
        throw new ApiError(410, 'confirmation_used', 'This confirmation link has already been used. To receive our newsletter again, sign up again and confirm the new e-mail.');
      };
      if (consent.confirmed_at) return used();
      const now = this.now();
      if (Date.parse(consent.expires_at ?? '') <= now.getTime()) {
        throw new ApiError(410, 'confirmation_expired', 'This confirmation link has expired. Please sign up again to receive a new one.');
      }
      const at = now.toISOString();
      const stamped = await tx.run(tx.db.updateTable('newsletter_consent').set({ confirmed_at: at, confirmed_from: client.slice(0, 64) }).where('id', '=', consent.id).where('confirmed_at', 'is', null));
      if (stamped === 0) return used();
      const subscriber = await subscriberOf();
      if (!subscriber) throw notFound();
      await tx.run(tx.db.updateTable('newsletter_subscriber').set({ status: 'subscribed', updated_at: at, unsubscribed_at: null }).where('id', '=', subscriber.id));
      return { ...subscriber, status: 'subscribed', updated_at: at, unsubscribed_at: null };
    });
  }
}
