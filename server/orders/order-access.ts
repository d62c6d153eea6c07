/**
 * The one place that decides who may touch an order. Every browser call that names an order or a
 * quote proves it owns it: an order by its access token, a quote by its valid, unexpired link token
 * (which also owns the order made from it), a split payment by the order's e-mail under the
 * lookup's limits. An id, or a provider's transaction id, proves nothing: they are sequential or
 * travel in URLs. A caller who is not the owner gets the same answer as for an id that does not
 * exist, and nothing is read or written.
 */
import type { Queries } from '../db/queries';
import type { QuoteService } from '../services/quote-service';
import type { OrderAccessTokens } from '../services/secrets';
import { OrderError, orderNotFound } from './order-errors';
import { findOrderByRef, type OrderRow } from './order-view';

export const SPLIT_NOT_ENABLED = 'Split payment is not enabled for this order.';

/** What a request presents as proof that its caller owns the order or quote it names. */
export interface OwnerProof {
  /** `Authorization: Bearer ...`: an order's access token or a quote's link token. */
  token?: string;
  /** The order's e-mail (the split-payment page's proof, with the order id); rate limited. */
  email?: string;
  /** Who asks (the client's address), for the rate limits of the e-mail check. */
  client: string;
}

/**
 * What the caller proved it owns: an order, a quote not yet ordered, or a quote and its order.
 * `by` says how; only the access token and the quote link may learn the order's access token.
 */
export interface Owned {
  orderId?: number;
  quoteId?: number;
  by: 'access-token' | 'quote-link' | 'email';
  /** The order's row as read to prove it (not locked: a command that changes it locks and reads it again). */
  order?: OrderRow;
}

/** A hit counter for one key: the lookup's rate limiters (server/services/rate-limiter.ts) fit it. */
export interface HitLimiter {
  /** Counts a hit; false once the key is over its limit. */
  consume(key: string): Promise<boolean>;
  /** Whether the key has used all its hits, without counting one. */
  spent(key: string): Promise<boolean>;
}

export function tooManyLookups(): OrderError {
  return new OrderError('too_many', 'too_many_requests', 'Too many order lookups. Please try again in a minute.');
}

/**
 * The limits of an order id + e-mail check, shared by the lookup, the split-payment endpoint and a
 * payment proven by e-mail. What they stop is guessing, so what they count is misses (a wrong id or
 * a wrong e-mail), per client: once a client's budget of misses is spent, its every check is
 * refused, right or wrong. A check that fits costs only the client's larger budget of checks, so a
 * customer paying an order in parts, or retrying a declined card, is never told to wait after the
 * money was taken.
 *
 * There is no budget per order or per e-mail across clients: twenty strangers' misses used to lock
 * an order's lookup and split payment for its owner too. The limits are the clients' own, so one
 * client's guesses never lock out another (docs/accounts.md, "Order lookup").
 */
export class OrderEmailLimits {
  constructor(
    private readonly missesPerClient: HitLimiter,
    private readonly checksPerClient: HitLimiter,
  ) {}

  /**
   * Runs one check: too many when the client's budget is spent; `check` throws orderNotFound() on a
   * miss, which is counted. The order and e-mail checked are named by the callers but no longer
   * count (see above).
   */
  async guard<T>(client: string, _orderRef: string, _email: string, check: () => T | Promise<T>): Promise<T> {
    const key = `lookup:${client.slice(0, 64)}`;
    if (!(await this.checksPerClient.consume(key))) throw tooManyLookups();
    if (await this.missesPerClient.spent(key)) throw tooManyLookups();
    try {
      return await check();
    } catch (err) {
      if (err instanceof OrderError && err.kind === 'not_found') await this.missesPerClient.consume(key);
      throw err;
    }
  }
}

function present(value: string | number | undefined | null): value is string | number {
  return value !== undefined && value !== null && String(value).trim() !== '';
}

export class OrderAccess {
  constructor(
    private readonly q: Queries,
    private readonly quotes: QuoteService,
    private readonly tokens: OrderAccessTokens,
    readonly emailLimits: OrderEmailLimits,
  ) {}

  /**
   * Proves that the caller owns the order (or the quote) named. With an order id: its access token,
   * the link token of the quote it was made from, or (split payment only) its e-mail. With only a
   * quote id: the quote's link token, valid and unexpired (or, once the quote is ordered, that
   * order's access token). Anything else: the answer of an unknown id ('Order not found.', or the
   * quote link's 'Quote not found. The link may be incorrect.'). Both ids named: they must agree.
   */
  async authorize(target: { orderId?: string | number; quoteId?: string | number }, proof: OwnerProof | undefined): Promise<Owned> {
    if (present(target.orderId)) {
      const raw = String(target.orderId);
      const order = await findOrderByRef(this.q, raw);
      const owned = await this.ownOrder(raw, order, proof);
      if (present(target.quoteId) && order!.quote_id !== Number(target.quoteId)) {
        throw new OrderError('invalid', 'payment_mismatch', 'This payment belongs to another order.');
      }
      return owned;
    }
    if (present(target.quoteId)) {
      const raw = String(target.quoteId).trim();
      // A quote already ordered is also its order's: that order's access token proves it.
      const viaOrder = await this.quoteOrderOwnedBy(raw, proof?.token);
      if (viaOrder) return viaOrder;
      // The same check as the quote page: quoteNotExist for an unknown id or a wrong token, tokenExpired after expiry.
      const access = await this.quotes.checkToken(raw, proof?.token);
      return { quoteId: access.id, ...(access.orderId !== null ? { orderId: access.orderId } : {}), by: 'quote-link' };
    }
    throw new OrderError('invalid', 'validation_failed', 'A payment needs an orderId or a quoteId.', { orderId: 'Order ID is required' });
  }

  private async ownOrder(raw: string, order: OrderRow | undefined, proof: OwnerProof | undefined): Promise<Owned> {
    const token = proof?.token;
    if (order && token) {
      if (this.tokens.verify(order.id, token)) return { orderId: order.id, by: 'access-token', order };
      if (order.quote_id !== null && (await this.quoteLinkOpens(order.quote_id, token))) {
        return { orderId: order.id, quoteId: order.quote_id, by: 'quote-link', order };
      }
    }
    const email = proof?.email;
    if (email === undefined) throw orderNotFound();
    // Under the lookup's limits: a wrong id or e-mail is a miss and counts, as the lookup's do.
    return this.emailLimits.guard(proof!.client, order ? String(order.id) : raw, email, () => {
      if (!order || order.email.toLowerCase() !== email.trim().toLowerCase()) throw orderNotFound();
      // The e-mail is the split-payment page's proof, and only that page's.
      if (order.split_payment_enabled !== 1) throw new OrderError('invalid', 'splitPaymentNotEnabled', SPLIT_NOT_ENABLED);
      return { orderId: order.id, by: 'email' as const, order };
    });
  }

  private async quoteOrderOwnedBy(raw: string, token: string | undefined): Promise<Owned | undefined> {
    if (!token || !/^\d{1,12}$/.test(raw)) return undefined;
    const quote = await this.quotes.row(Number(raw));
    if (!quote || quote.order_id === null || !this.tokens.verify(quote.order_id, token)) return undefined;
    return { quoteId: quote.id, orderId: quote.order_id, by: 'access-token' };
  }

  private async quoteLinkOpens(quoteId: number, token: string): Promise<boolean> {
    try {
      await this.quotes.checkToken(String(quoteId), token);
      return true;
    } catch {
      return false;
    }
  }
}
