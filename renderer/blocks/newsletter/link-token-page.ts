/**
 * What the pages a newsletter e-mail links to share (the unsubscribe page, the confirmation page):
 * the token comes from the route, and when the page opens it makes its one call with it. The call
 * is made from the page, not by the link's GET, so a mail scanner that fetches links changes nothing.
 */
import { useEffect } from 'react';
import type { BlockDataContext } from '../block-definition';

export interface LinkTokenData {
  /** The route's token ('' when the page was opened without one). */
  token: string;
}

/** The block's data: the token of the route parameter `param`. */
export function linkTokenFromRoute(ctx: Pick<BlockDataContext, 'params'>, param: string): LinkTokenData {
  return { token: ctx.params[param] ?? '' };
}

/**
 * Calls `call` with the token once, when the page opens, and hands its answer to `onAnswer` unless
 * the page went away meanwhile; without a token, `onNoToken` at once.
 */
export function useLinkTokenCall<A>(token: string, call: (token: string) => Promise<A>, onAnswer: (answer: A) => void, onNoToken: () => void): void {
  useEffect(() => {
    let live = true;
    if (!token) {
      onNoToken();
      return;
    }
    void call(token).then((answer) => {
      if (live) onAnswer(answer);
    });
    return () => {
      live = false;
    };
    // The token and texts come with the page: they do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
}
