import Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import type { AllGateways } from '../../gateways/create-gateways';
import { paymentMethodRoutes } from '../payment-methods';
import { paymentRoutes } from '../payments';
import type { Content } from '../../content/load-content';
import { paymentOpenApiPaths } from './openapi-paths';
import { inertHolds } from './payments-test-app';

describe('paymentOpenApiPaths', () => {
  it('describes every payment route that is registered, and no other', () => {
    const router = new Router();
    const unused = async () => {
      throw new Error('not called');
    };
    paymentRoutes(router, { gateways: {} as AllGateways, chargeAmount: unused, onConfirmedPayment: unused, holds: inertHolds() });
    paymentMethodRoutes(router, { paymentMethods: [] } as unknown as Content);
    const registered = router.stack
      .filter((layer) => layer.methods.length > 0)
      .flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${layer.path}`));
    const documented = Object.entries(paymentOpenApiPaths)
      .filter(([path]) => !path.startsWith('/api/webhooks/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(registered.sort());
  });
});
