/**
 * A failure nobody planned for (a bug, a broken dependency) is still a clean answer, never a 500 with a stack.
 *
 * @engines sqlite: a route test with a scripted orders room.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import type { AllGateways } from '../../gateways/create-gateways';
import { errorHandler } from '../../http/error-handler';
import { createLogger } from '../../logger';
import { paymentRoutes } from '../payments';
import { inertHolds } from './payments-test-app';

describe('payment routes on an unexpected failure', () => {
  it('answer 502 with the payment message (the PayPal one on PayPal routes)', async () => {
    const logger = createLogger('silent');
    const boom = async () => {
      throw new Error('database is on fire');
    };
    const gateways = { test: {}, paypal: {}, config: {} } as unknown as AllGateways;
    const app = new Koa();
    app.use(errorHandler(logger));
    const router = new Router();
    paymentRoutes(router, { gateways, chargeAmount: boom, onConfirmedPayment: boom, holds: inertHolds(), logger });
    app.use(router.routes());
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const card = await fetch(`${url}/api/payment/test/charge`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ cardNumber: '4242424242424242', expMonth: '12', expYear: String(new Date().getUTCFullYear() + 2), cardCode: '123', orderId: '1' }),
      });
      expect(card.status).toBe(502);
      expect(await card.json()).toEqual({ error: 'payment_error', message: 'An error occurred while processing your payment. Please try again.' });
      const paypal = await fetch(`${url}/api/payment/paypal/order`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ additionalData: { orderId: '1' } }) });
      expect(paypal.status).toBe(502);
      expect((await paypal.json()).message).toBe('An error occurred during the PayPal transaction. Please try again.');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
