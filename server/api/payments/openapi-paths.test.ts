/**
 * @engines sqlite: a route test with a scripted orders room.
 */
import Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../schemas/api';
import { paymentEndpoints } from '../../../schemas/api/payments';
import type { AllGateways } from '../../gateways/create-gateways';
import { paymentMethodRoutes } from '../payment-methods';
import { paymentVerifyRoutes } from '../payment-verify';
import { paymentRoutes } from '../payments';
import type { Content } from '../../content/load-content';
import type { Commerce } from '../../services/commerce';
import { inertHolds } from './payments-test-app';

/** The payment routes' OpenAPI paths come from their contracts (schemas/api/payments.ts); none is written by hand. */
describe('the payment contracts', () => {
  it('cover every payment route that is registered, and no other', () => {
    const router = new Router();
    const unused = async () => {
      throw new Error('not called');
    };
    paymentRoutes(router, { gateways: {} as AllGateways, chargeAmount: unused, onConfirmedPayment: unused, holds: inertHolds() });
    paymentMethodRoutes(router, { paymentMethods: [] } as unknown as Content);
    paymentVerifyRoutes(router, {} as Commerce);
    const registered = router.stack
      .filter((layer) => layer.methods.length > 0)
      .flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${layer.path}`));
    const contracted = paymentEndpoints.filter((e) => !e.path.startsWith('/api/webhooks/')).map((e) => `${e.method} ${e.path}`);
    expect(contracted.sort()).toEqual(registered.sort());
  });

  it('describe each webhook provider, and are all in the registry', () => {
    expect(paymentEndpoints.filter((e) => e.path.startsWith('/api/webhooks/')).map((e) => `${e.method} ${e.path}`).sort()).toEqual(['POST /api/webhooks/authorize-net', 'POST /api/webhooks/paypal', 'POST /api/webhooks/stripe']);
    for (const e of paymentEndpoints) expect(endpoints, `${e.method} ${e.path}`).toContain(e);
  });
});
