/**
 * The newsletter's API behind two pages. The /unsubscribe/{unsubscribeToken} page reads the
 * subscription, and its button toggles it through the server; the token is the one in the link of
 * every e-mail to a subscribed address. An unknown token is a 404 with error
 * `subscription_not_found` (the page shows its configured failure message for it). The
 * /newsletter/confirm/{token} page (double opt-in) confirms a sign-up with the token of
 * the confirmation e-mail (services/newsletter-consent.ts).
 *
 *   GET  /api/newsletter/subscription/{token}   {success, data: {email (masked), status, subscribed}}
 *   POST /api/newsletter/unsubscribe/{token}    also the List-Unsubscribe one-click target (RFC 8058)
 *   POST /api/newsletter/resubscribe/{token}
 *   POST /api/newsletter/confirm/{token}        {success, message, data}; 404 confirmation_not_found,
 *                                               410 confirmation_expired / confirmation_used
 * The POST bodies are not read (a mail client sends `List-Unsubscribe=One-Click` as a form). The
 * confirmation is a POST that the page's script sends, not the GET of the link: a mail scanner that
 * fetches every link of an e-mail does not subscribe anybody.
 */
import type Router from '@koa/router';
import type { Queries } from '../db/queries';
import { newsletterConfirmEndpoint, newsletterResubscribeEndpoint, newsletterSubscriptionEndpoint, newsletterUnsubscribeEndpoint } from '../../schemas/api/forms';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import { NEWSLETTER_CONFIRMED, type NewsletterConsent } from '../services/newsletter-consent';
import { findSubscriberByToken, maskEmail, setSubscription, type Subscriber } from '../services/newsletter-subscribers';

export const UNSUBSCRIBED_MESSAGE = 'You have been unsubscribed from our newsletter.';
export const RESUBSCRIBED_MESSAGE = 'You are subscribed to our newsletter again.';

function notFound(): ApiError {
  return new ApiError(404, 'subscription_not_found', 'This unsubscribe link is not valid: no subscription has this token.');
}

function view(s: Subscriber) {
  return { email: maskEmail(s.email), status: s.status, subscribed: s.status === 'subscribed' };
}

export function newsletterRoutes(router: Router, q: Queries, consent: NewsletterConsent): void {
  router.get('/api/newsletter/subscription/:token', async (ctx) => {
    const { params } = checkRequest(newsletterSubscriptionEndpoint, ctx);
    const subscriber = await findSubscriberByToken(q, params.token);
    if (!subscriber) throw notFound();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, data: view(subscriber) };
  });

  for (const [contract, subscribed, message] of [
    [newsletterUnsubscribeEndpoint, false, UNSUBSCRIBED_MESSAGE],
    [newsletterResubscribeEndpoint, true, RESUBSCRIBED_MESSAGE],
  ] as const) {
    router.post(contract.path, async (ctx) => {
      const { params } = checkRequest(contract, ctx);
      const subscriber = await setSubscription(q, params.token, subscribed, ctx.ip);
      if (!subscriber) throw notFound();
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { success: true, message, data: view(subscriber) };
    });
  }

  router.post('/api/newsletter/confirm/:token', async (ctx) => {
    const { params } = checkRequest(newsletterConfirmEndpoint, ctx);
    const subscriber = await consent.confirm(params.token.slice(0, 200), ctx.ip);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, message: NEWSLETTER_CONFIRMED, data: view(subscriber) };
  });
}
