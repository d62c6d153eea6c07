/**
 * A signed-in customer's checkout prefill: `GET
 * /api/my-account/checkout-prefill` on the main site, where the session cookie travels with the
 * call. 401 means a guest: nothing is filled, and `onGuest` is told (the block clears the account
 * pages' stale signed-in hint with it, so the next visit does not ask again). Only the form's own
 * fields are taken; customerId is never sent back, since the server attaches the customer from the
 * session itself.
 */
import { useEffect, useRef, useState } from 'react';
import type { checkoutPrefillEndpoint } from '../../schemas/api/accounts';
import type { ResponseBody } from '../../schemas/api/endpoint';
import { ApiRequestError, type ApiClient } from '../api-client';

type Prefill = ResponseBody<typeof checkoutPrefillEndpoint, 200>;

export function usePrefill(
  api: ApiClient,
  enabled: boolean,
  fill: (data: Prefill['data']) => void,
  setSameAsBilling: (same: boolean) => void,
  onGuest?: () => void,
): boolean {
  const [signedIn, setSignedIn] = useState(false);
  const callbacks = useRef({ fill, setSameAsBilling, onGuest });
  callbacks.current = { fill, setSameAsBilling, onGuest };
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    api.get<Prefill>('/api/my-account/checkout-prefill').then(
      (answer) => {
        if (!current) return;
        callbacks.current.fill(answer.data);
        callbacks.current.setSameAsBilling(answer.data.same_as_billing);
        setSignedIn(true);
      },
      (err: unknown) => {
        // 401: a guest checkout; any other failure also leaves the form to be filled by hand.
        if (current && err instanceof ApiRequestError && err.status === 401) callbacks.current.onGuest?.();
      },
    );
    return () => {
      current = false;
    };
  }, [api, enabled]);
  return signedIn;
}
