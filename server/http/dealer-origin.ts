/**
 * Widget calls on behalf of a dealer (issue 11): an element with `dealer="..."` sends
 * `X-Showroom-Dealer: {id}` on every API call. The server believes that header only from the pages
 * of that dealer: the call's Origin must be one of the dealer's `allowedOrigins` (dealers.json).
 * Otherwise another site could place orders in a dealer's name (or a dealer in another's), so the
 * call is refused with 403 and logged (dealer id and origin only: no personal data).
 *
 * A browser always sends Origin on a cross-origin fetch and a page cannot forge it; a call with the
 * header and no Origin at all (a script outside a browser) proves nothing and is refused too. A call
 * without the header is not a dealer's and goes on exactly as before.
 */
import type { Middleware } from 'koa';
import { DEALER_EXAMPLE_ORIGIN, type Dealer } from '../../schemas/dealers.schema';
import { ApiError } from './api-error';
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

  originsOf(dealer: Dealer): string[] {
    return dealer.allowedOrigins.flatMap((o) => (o === DEALER_EXAMPLE_ORIGIN ? [...this.exampleOrigins()] : [o]));
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
}

export function dealerOriginCheck(dealers: DealerDirectory, logger: Logger): Middleware<DealerState> {
  return async (ctx, next) => {
    const id = ctx.get(DEALER_HEADER);
    if (!id || ctx.method === 'OPTIONS') return next();
    const origin = ctx.get('Origin');
    // Only the shape of a dealer id goes to the log: the header is the caller's text.
    const loggedId = id.slice(0, 64);
    const dealer = dealers.get(id);
    if (!dealer) {
      logger.warn({ dealer: loggedId, origin: origin.slice(0, 200) || null, path: ctx.path }, 'widget call refused: unknown dealer');
      throw new ApiError(403, 'unknown_dealer', 'This widget names a dealer the store does not know. Please check its dealer attribute.');
    }
    if (!origin || !dealers.originsOf(dealer).includes(origin)) {
      logger.warn({ dealer: dealer.id, origin: origin.slice(0, 200) || null, path: ctx.path }, 'widget call refused: origin not allowed for dealer');
      throw new ApiError(403, 'dealer_origin_refused', 'This widget may be used only on the pages of its dealer.');
    }
    ctx.state.dealerId = dealer.id;
    return next();
  };
}
