/**
 * For tests: the payment and webhook routes alone in a Koa app (with the real error handler), the
 * three providers as local fakes, and a scripted `chargeAmount` standing in for orders and quotes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import type { Database } from '../../db/database';
import { createGateways, type AllGateways } from '../../gateways/create-gateways';
import { startFakeAuthorizeNet, type FakeAuthorizeNet } from '../../gateways/fakes/fake-authorize-net';
import { startFakePayPal, type FakePayPal } from '../../gateways/fakes/fake-paypal';
import { startFakeStripe, type FakeStripe } from '../../gateways/fakes/fake-stripe';
import type { ConfirmedPayment } from '../../gateways/gateway';
import type { GatewayConfig } from '../../gateways/gateway-config';
import { ApiError } from '../../http/api-error';
import { errorHandler } from '../../http/error-handler';
import { responseCheck, responseChecksOn } from '../../http/response-check';
import { createLogger } from '../../logger';
import { openTestDatabase } from '../../testing/test-database';
import { paymentRoutes, type ChargeRequest } from '../payments';
import type { PaymentHoldsDeps } from './payment-deps';
import { webhookRoutes } from '../webhooks';

export const STRIPE_WEBHOOK_SECRET = 'whsec_test_routes';
export const ANET_SIGNATURE_KEY = 'ABCDEF0123456789'.repeat(8);

/** What the scripted orders room knows: due amounts in cents by order id and quote id. */
export const DUE = { orders: { '7': 4_250, '8': 100_000 } as Record<string, number>, quotes: { '31': 9_900 } as Record<string, number> };

/**
 * Holds for route tests without an orders room: attempts are remembered, none is ever open, nothing
 * waits. The real holds (server/orders/payment-holds.ts) are tested through the whole server.
 */
export function inertHolds(): PaymentHoldsDeps {
  const states = new Map<string, 'open' | 'voided' | 'settled'>();
  return {
    held: async () => ({ waiting: [], attempts: [] }),
    openAttempts: async () => [],
    recordAttempt: async (attempt) => void states.set(attempt.providerReference, 'open'),
    markAttempt: async (reference, state) => void states.set(reference, state),
    attemptState: async (reference) => states.get(reference),
    onVoidedPayment: async () => false,
  };
}

export interface PaymentsTestApp {
  url: string;
  gateways: AllGateways;
  stripe: FakeStripe;
  paypal: FakePayPal;
  anet: FakeAuthorizeNet;
  charges: ChargeRequest[];
  confirmed: ConfirmedPayment[];
  stop(): Promise<void>;
}

export async function startPaymentsTestApp(options: { providers?: boolean } = {}): Promise<PaymentsTestApp> {
  const withProviders = options.providers ?? true;
  const stripe = await startFakeStripe({ secretKey: 'sk_test_routes' });
  const paypal = await startFakePayPal({ clientId: 'pp-client', clientSecret: 'pp-secret' });
  const anet = await startFakeAuthorizeNet({ loginId: 'anet-login', transactionKey: 'anet-key' });
  const config: GatewayConfig = withProviders
    ? {
        stripe: { secretKey: 'sk_test_routes', publishableKey: 'pk_test_routes', webhookSecret: STRIPE_WEBHOOK_SECRET, apiBase: stripe.url },
        paypal: { clientId: 'pp-client', clientSecret: 'pp-secret', webhookId: '1JE4291016473214C', apiBase: paypal.url },
        authorizeNet: { loginId: 'anet-login', transactionKey: 'anet-key', clientKey: 'anet-client', signatureKey: ANET_SIGNATURE_KEY, apiBase: anet.url, acceptJsUrl: 'https://jstest.authorize.net/v1/Accept.js', production: false },
      }
    : { stripe: null, paypal: null, authorizeNet: null };

  const database: Database = await openTestDatabase();
  const gateways = createGateways(config, database);
  const charges: ChargeRequest[] = [];
  const confirmed: ConfirmedPayment[] = [];
  const logger = createLogger('silent');

  const deps = {
    gateways,
    logger,
    holds: inertHolds(),
    chargeAmount: async (request: ChargeRequest) => {
      charges.push(request);
      if (request.orderId !== undefined) {
        const due = DUE.orders[request.orderId];
        if (due === undefined) throw new ApiError(404, 'orderNotExist', 'Order not found.');
        // Split payments: less than due is allowed here; the real rules live in the orders room.
        const amountCents = request.requestedAmount !== undefined && Math.round(request.requestedAmount * 100) < due ? Math.round(request.requestedAmount * 100) : due;
        return { amountCents, currency: 'USD', metadata: { orderId: request.orderId, orderIncrementId: `00000000${request.orderId}` }, target: { orderId: Number(request.orderId) } };
      }
      if (request.quoteId !== undefined) {
        const due = DUE.quotes[request.quoteId];
        if (due === undefined) throw new ApiError(404, 'quoteNotExist', 'Quote not found.');
        return { amountCents: due, currency: 'USD', metadata: { quoteId: request.quoteId, quoteIncrementId: `Q-${request.quoteId}` }, target: { quoteId: Number(request.quoteId) } };
      }
      throw new ApiError(400, 'validation_failed', 'A payment needs an orderId or a quoteId.', { orderId: 'Order ID is required' });
    },
    onConfirmedPayment: async (payment: ConfirmedPayment) => {
      confirmed.push(payment);
    },
  };

  const app = new Koa();
  // As in the whole server under Vitest: every answer is checked against its route's contract.
  if (responseChecksOn()) app.use(responseCheck(logger));
  app.use(errorHandler(logger));
  app.use(webhookRoutes(deps));
  const router = new Router();
  paymentRoutes(router, deps);
  app.use(router.routes());
  app.use(router.allowedMethods());
  app.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) throw new ApiError(404, 'not_found', 'No such API endpoint.');
  });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    gateways,
    stripe,
    paypal,
    anet,
    charges,
    confirmed,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await Promise.all([stripe.close(), paypal.close(), anet.close()]);
      await database.close();
    },
  };
}
