/**
 * Every /api/payment/... route of the specification except verify (the orders room owns
 * POST /api/payment/{method}/verify): the offline test gateway, Stripe, PayPal and Authorize.net.
 * The amount charged always comes from `chargeAmount` (the server's own order or quote), never
 * from the browser.
 */
import type Router from '@koa/router';
import { ApiError } from '../http/api-error';
import { apiErrorOf } from '../http/error-handler';
import { PAYPAL_MESSAGES } from '../../schemas/evaluators/paypal-messages';
import { acceptHostedRoutes } from './payments/accept-hosted-routes';
import { authorizeNetRoutes } from './payments/authorize-net-routes';
import type { PaymentRouteDeps } from './payments/payment-deps';
import { paypalRoutes } from './payments/paypal-routes';
import { stripeRoutes } from './payments/stripe-routes';
import { testPaymentRoutes } from './payments/test-payment-routes';
import { waitingPaymentRoutes } from './payments/waiting-payments';

export type { Charge, ChargeAmount, ChargeRequest, OnConfirmedPayment, PaymentRouteDeps } from './payments/payment-deps';

export function paymentRoutes(router: Router, deps: PaymentRouteDeps): void {
  // A provider's surprise (a malformed answer, a bug of ours) is still a clean answer, never a stack trace.
  router.use('/api/payment', async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      // The e-mail check of a split payment shares the order lookup's rate limits.
      if (apiErrorOf(err)?.status === 429) ctx.set('Retry-After', '60');
      if (apiErrorOf(err) || (typeof err === 'object' && err !== null && typeof (err as { status?: unknown }).status === 'number' && (err as { status: number }).status < 500)) throw err;
      deps.logger?.error({ err, path: ctx.path }, 'payment route failed');
      const message = ctx.path.startsWith('/api/payment/paypal/') ? PAYPAL_MESSAGES.transactionError : 'An error occurred while processing your payment. Please try again.';
      throw new ApiError(502, 'payment_error', message);
    }
  });
  testPaymentRoutes(router, deps);
  stripeRoutes(router, deps);
  paypalRoutes(router, deps);
  authorizeNetRoutes(router, deps);
  acceptHostedRoutes(router, deps);
  waitingPaymentRoutes(router, deps);
}
