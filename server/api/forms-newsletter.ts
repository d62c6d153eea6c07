/**
 * The newsletter's unsubscribe API, behind the /unsubscribe/{unsubscribeToken} page (001 §2): the
 * page reads the subscription, and its button toggles it through the server. The token is the one in
 * the link of every e-mail to the subscriber. An unknown token is a 404 with error
 * `subscription_not_found` (the page shows its configured failure message for it).
 *
 *   GET  /api/newsletter/subscription/{token}   {success, data: {email (masked), status, subscribed}}
 *   POST /api/newsletter/unsubscribe/{token}    also the List-Unsubscribe one-click target (RFC 8058)
 *   POST /api/newsletter/resubscribe/{token}
 * The POST bodies are not read (a mail client sends `List-Unsubscribe=One-Click` as a form).
 */
import type Router from '@koa/router';
import type { SyncQueries } from '../db/sync-query';
import { ApiError } from '../http/api-error';
import { findSubscriberByToken, maskEmail, setSubscription, type Subscriber } from '../services/newsletter-subscribers';

export const UNSUBSCRIBED_MESSAGE = 'You have been unsubscribed from our newsletter.';
export const RESUBSCRIBED_MESSAGE = 'You are subscribed to our newsletter again.';

function notFound(): ApiError {
  return new ApiError(404, 'subscription_not_found', 'This unsubscribe link is not valid: no subscription has this token.');
}

function view(s: Subscriber) {
  return { email: maskEmail(s.email), status: s.status, subscribed: s.status === 'subscribed' };
}

export function newsletterRoutes(router: Router, q: SyncQueries): void {
  router.get('/api/newsletter/subscription/:token', (ctx) => {
    const subscriber = findSubscriberByToken(q, ctx.params.token ?? '');
    if (!subscriber) throw notFound();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, data: view(subscriber) };
  });

  for (const [action, subscribed, message] of [
    ['unsubscribe', false, UNSUBSCRIBED_MESSAGE],
    ['resubscribe', true, RESUBSCRIBED_MESSAGE],
  ] as const) {
    router.post(`/api/newsletter/${action}/:token`, (ctx) => {
      const subscriber = setSubscription(q, ctx.params.token ?? '', subscribed);
      if (!subscriber) throw notFound();
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { success: true, message, data: view(subscriber) };
    });
  }
}
