import type Router from '@koa/router';
import { paymentMethodsEndpoint } from '../../schemas/api/payments';
import { offeredPaymentMethods } from '../../schemas/payment-method-selection';
import type { PaymentMethod } from '../../schemas/payment-methods.schema';
import type { Content } from '../content/load-content';
import type { GatewayName } from '../gateways/gateway';
import type { GatewayConfig } from '../gateways/gateway-config';
import { checkRequest } from '../http/contract';

type PublicConfig = NonNullable<PaymentMethod['config']>;

/** The public half of a gateway's keys, for the browser; secrets never leave gateway-config. */
export function publicGatewayConfig(gateway: GatewayName, config: GatewayConfig): PublicConfig | null {
  switch (gateway) {
    case 'test':
      return config.testGateway === false ? null : {};
    case 'stripe':
      return config.stripe && { publishableKey: config.stripe.publishableKey };
    case 'paypal':
      return config.paypal && { clientId: config.paypal.clientId };
    case 'authorizenet':
      return config.authorizeNet && { acceptJsUrl: config.authorizeNet.acceptJsUrl, clientKey: config.authorizeNet.clientKey, loginId: config.authorizeNet.loginId };
  }
}

/**
 * GET /api/payment-methods?scope=sample-order: the enabled methods of the definition for that scope,
 * each with its gateway's public client settings (`config`) and whether the gateway is configured
 * (a method whose gateway has no keys is still listed; the widget says 'PayPal configuration not
 * found' or 'Payment method not available', as the specification's client does).
 */
export function paymentMethodRoutes(router: Router, content: Content, gateways?: { config: GatewayConfig }): void {
  const noGateways: GatewayConfig = { stripe: null, paypal: null, authorizeNet: null };
  router.get('/api/payment-methods', (ctx) => {
    const { scope } = checkRequest(paymentMethodsEndpoint, ctx).query;
    const methods = offeredPaymentMethods(content.paymentMethods, scope);
    ctx.body = {
      success: true,
      paymentMethods: methods.map(({ scopes: _scopes, config, ...publicFields }) => {
        const fromEnv = publicGatewayConfig(publicFields.gateway, gateways?.config ?? noGateways);
        return { ...publicFields, configured: fromEnv !== null, config: { ...config, ...fromEnv } };
      }),
    };
  });
}
