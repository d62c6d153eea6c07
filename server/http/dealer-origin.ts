/**
 * Widget calls on behalf of a dealer: an element with `dealer="..."` sends
 * `X-Showroom-Dealer: {id}` on every API call. The server believes that header only from the pages
 * of that dealer: the call's Origin must be one of the dealer's `allowedOrigins` (dealers.json).
 * Otherwise another site could place orders in a dealer's name (or a dealer in another's), so the
 * call is refused with 403 and logged (dealer id and origin only: no personal data; at most once per
 * dealer and origin every 10 minutes). The refusal names the origin and the dealer and is readable by
 * the refused page (./cors.ts answers its preflight), so the dealer sees what to ask the store for.
 *
 * A browser always sends Origin on a cross-origin fetch and a page cannot forge it; a call with the
 * header and no Origin at all (a script outside a browser) proves nothing and is refused too. A call
 * without the header is not a dealer's and goes on exactly as before.
 *
 * A script outside a browser can send any Origin, though, so a dealer's origin is the visitor's
 * browser's word, not proof. A dealer's own server proves who it is with its key instead
 * (`X-Showroom-Dealer-Key`, whose SHA-256 is the dealer's `keySha256`): a call with the right key is
 * the dealer's whatever its Origin, one with a wrong key is refused. ctx.state.dealerAttribution says
 * which of the two a request's dealer rests on, and an order records it (sales_order.dealer_attribution),
 * so a commission can rest on proof (docs/dealers.md, "What an order's dealer rests on").
 */
import crypto from 'node:crypto';
import type { Middleware } from 'koa';
import { DEALER_EXAMPLE_ORIGIN, DEALER_KEY_HEADER, type Dealer, type DealerAttribution } from '../../schemas/dealers.schema';
import { ApiError } from './api-error';
import { exposeRefusalTo } from './cors';
import { OncePerWindow } from './once-per-window';
import type { Logger } from '../logger';

export const DEALER_HEADER = 'X-Showroom-Dealer';

/** The dealers by id with their origins; `dealer-example` entries read the dealer example's origins when asked. */
export class DealerDirectory {
  private readonly byId = new Map<string, Dealer>();

  constructor(
    dealers: readonly Dealer[],
    /** The dealer example server's origins; known only once it listens, hence a function. */
    private readonly exampleOrigins: () => readonly string[] = () => [],
  ) {
    for (const dealer of dealers) if (!this.byId.has(dealer.id)) this.byId.set(dealer.id, dealer);
  }

  get(id: string): Dealer | undefined {
    return this.byId.get(id);
  }

  /** The dealer's origins as browsers send them: written with a trailing slash or capitals, an origin still counts. */
  originsOf(dealer: Dealer): string[] {
    return dealer.allowedOrigins.flatMap((o) => (o === DEALER_EXAMPLE_ORIGIN ? [...this.exampleOrigins()] : [browserOrigin(o)]));
  }

  /** Whether any dealer's page may call the API from this origin (for CORS). */
  isDealerOrigin(origin: string): boolean {
    for (const dealer of this.byId.values()) if (this.originsOf(dealer).includes(origin)) return true;
    return false;
  }
}

/** The dealer id a checked request carries (ctx.state.dealerId), for what the request records. */
export interface DealerState {
  dealerId?: string;
  /** What dealerId rests on: its page's Origin, or its key. */
  dealerAttribution?: DealerAttribution;
}

export interface DealerOriginCheckOptions {
  /** The clock of the refusal log's window; default Date.now. */
  now?: () => number;
}

/** A refused origin is logged at most once per dealer and origin in this window. */
export const REFUSAL_LOG_WINDOW_MS = 10 * 60_000;

const DEALER_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * What the refused page is told: which origin was refused for which dealer, and what to ask the
 * store. The origin and id are the caller's own (its browser's Origin, its element's attribute),
 * echoed back to it only; an id that is not an id's shape is not repeated.
 */
export function originRefusedMessage(dealerId: string, origin: string): string {
  if (!origin) return 'This widget may be used only on the pages of its dealer.';
  if (origin === 'null') return `This page has no origin the store can allow (a file or a sandboxed frame), so it may not use the widgets of dealer ${dealerId}. Serve it from your site's address.`;
  return `The store does not allow this page's origin, ${origin}, for dealer ${dealerId}. Ask the store to add ${origin} to dealer ${dealerId} in dealers.json.`;
}

export function dealerKeyRefusedMessage(dealerId: string): string {
  return `The key sent is not dealer ${dealerId}'s key. Send the key the store gave dealer ${dealerId}, or leave the key out on the dealer's own pages.`;
}

/** Whether `key` is the dealer's: its SHA-256 against the stored one, in constant time. */
export function isDealerKey(dealer: Dealer, key: string): boolean {
  if (!dealer.keySha256) return false;
  const presented = crypto.createHash('sha256').update(key, 'utf8').digest();
  return crypto.timingSafeEqual(presented, Buffer.from(dealer.keySha256, 'hex'));
}

export function unknownDealerMessage(dealerId: string): string {
  const named = DEALER_ID.test(dealerId) ? ` "${dealerId}"` : '';
  return `This widget names a dealer${named} the store does not know. Please check its dealer attribute.`;
}

export function dealerOriginCheck(dealers: DealerDirectory, logger: Logger, options: DealerOriginCheckOptions = {}): Middleware<DealerState> {
  const refusalLog = new OncePerWindow({ windowMs: REFUSAL_LOG_WINDOW_MS, now: options.now });
  const logRefusal = (message: string, dealer: string, origin: string, path: string) => {
    const logged = refusalLog.take(`${message} ${dealer} ${origin}`);
    if (logged) logger.warn({ dealer, origin: origin || null, path, ...(logged.heldBack ? { refusedSinceLastLine: logged.heldBack } : {}) }, message);
  };
  return async (ctx, next) => {
    const id = ctx.get(DEALER_HEADER);
    if (!id || ctx.method === 'OPTIONS') return next();
    // The caller's texts: only their shape goes to the log and back to the page.
    const origin = ctx.get('Origin').slice(0, 200);
    const loggedId = id.slice(0, 64);
    const dealer = dealers.get(id);
    if (!dealer) {
      logRefusal('widget call refused: unknown dealer', loggedId, origin, ctx.path);
      exposeRefusalTo(ctx, origin);
      throw new ApiError(403, 'unknown_dealer', unknownDealerMessage(loggedId));
    }
    const key = ctx.get(DEALER_KEY_HEADER);
    if (key) {
      if (!isDealerKey(dealer, key)) {
        logRefusal('dealer call refused: wrong key', dealer.id, origin, ctx.path);
        throw new ApiError(403, 'dealer_key_refused', dealerKeyRefusedMessage(dealer.id));
      }
      ctx.state.dealerId = dealer.id;
      ctx.state.dealerAttribution = 'key';
      return next();
    }
    if (!origin || !dealers.originsOf(dealer).includes(origin)) {
      logRefusal('widget call refused: origin not allowed for dealer', dealer.id, origin, ctx.path);
      exposeRefusalTo(ctx, origin);
      throw new ApiError(403, 'dealer_origin_refused', originRefusedMessage(dealer.id, origin));
    }
    ctx.state.dealerId = dealer.id;
    ctx.state.dealerAttribution = 'origin';
    return next();
  };
}

/** "https://Riverside-Home.com/" -> "https://riverside-home.com": the Origin header a browser sends from that site. */
export function browserOrigin(written: string): string {
  try {
    return new URL(written).origin;
  } catch {
    return written;
  }
}
