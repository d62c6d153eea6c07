import type Router from '@koa/router';
import { offeredPaymentMethods, PAYMENT_SCOPES, type PaymentScope } from '../../schemas/payment-method-selection';
import type { Content } from '../content/load-content';
import { ApiError } from '../http/api-error';

/** GET /api/payment-methods?scope=sample-order: the enabled methods of the definition for that scope. */
export function paymentMethodRoutes(router: Router, content: Content): void {
  router.get('/api/payment-methods', (ctx) => {
    const scope = ctx.query.scope;
    if (scope !== undefined && (typeof scope !== 'string' || !PAYMENT_SCOPES.includes(scope as PaymentScope))) {
      throw new ApiError(400, 'invalid_scope', 'Unknown payment scope.', {
        scope: `Must be one of ${PAYMENT_SCOPES.join(', ')}`,
      });
    }
    const methods = offeredPaymentMethods(content.paymentMethods, scope as PaymentScope | undefined);
    ctx.body = {
      success: true,
      paymentMethods: methods.map(({ scopes: _scopes, ...publicFields }) => publicFields),
    };
  });
}
