/**
 * The browser's side of the newsletter API (docs/forms-api.md "Newsletter and unsubscribe"): read
 * the subscription of an unsubscribe link's token and toggle it, and confirm a sign-up with the
 * token of a confirmation link. Never throws: a network failure is a result with `error: 'network'`.
 */
import type { ResponseBody } from '../../../schemas/api/endpoint';
import type { newsletterConfirmEndpoint, newsletterSubscriptionEndpoint } from '../../../schemas/api/forms';

/** The subscription of a link's token (its address masked, e.g. j***@example.com), as the API's contract says. */
export type SubscriptionView = ResponseBody<typeof newsletterSubscriptionEndpoint, 200>['data'];
type Answer = Partial<ResponseBody<typeof newsletterConfirmEndpoint, 200>> & { error?: unknown };

export type SubscriptionResult = { ok: true; subscription: SubscriptionView; message: string | null } | { ok: false; error: string };

async function call(path: string, method: 'GET' | 'POST', doFetch: typeof fetch): Promise<SubscriptionResult> {
  try {
    const res = await doFetch(path, { method, headers: { Accept: 'application/json' } });
    const body = (await res.json().catch(() => ({}))) as Answer;
    if (!res.ok || body.success !== true || !body.data) return { ok: false, error: typeof body.error === 'string' ? body.error : 'server_error' };
    return { ok: true, subscription: body.data, message: typeof body.message === 'string' ? body.message : null };
  } catch {
    return { ok: false, error: 'network' };
  }
}

export function readSubscription(token: string, doFetch: typeof fetch = globalThis.fetch): Promise<SubscriptionResult> {
  return call(`/api/newsletter/subscription/${encodeURIComponent(token)}`, 'GET', doFetch);
}

export function setSubscribed(token: string, subscribed: boolean, doFetch: typeof fetch = globalThis.fetch): Promise<SubscriptionResult> {
  return call(`/api/newsletter/${subscribed ? 'resubscribe' : 'unsubscribe'}/${encodeURIComponent(token)}`, 'POST', doFetch);
}

/** The double opt-in's click: the confirmation page posts its link's token. */
export function confirmSubscription(token: string, doFetch: typeof fetch = globalThis.fetch): Promise<SubscriptionResult> {
  return call(`/api/newsletter/confirm/${encodeURIComponent(token)}`, 'POST', doFetch);
}
