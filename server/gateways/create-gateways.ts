/** Builds the four gateways from configuration. Unconfigured ones answer 'Payment method not available'. */
import type { Database } from '../db/database';
import { AuthorizeNetGateway } from './authorize-net-gateway';
import type { GatewayName, Gateways, PaymentGateway } from './gateway';
import type { GatewayConfig } from './gateway-config';
import { gatewayNotConfigured } from './gateway-errors';
import { PayPalGateway } from './paypal-gateway';
import { StripeGateway } from './stripe-gateway';
import { TestGateway } from './test-gateway';

class UnconfiguredGateway implements PaymentGateway {
  constructor(readonly name: GatewayName) {}
  async confirm(): Promise<never> {
    throw gatewayNotConfigured(this.name);
  }
  /** A gateway without keys cannot reach its provider: thrown like confirm, never a failed refund that looks like the provider's answer. */
  async refund(): Promise<never> {
    throw gatewayNotConfigured(this.name);
  }
}

/** The gateways with their own operations (charge, create intent, capture ...), for the payment routes. */
export interface AllGateways extends Gateways {
  readonly config: GatewayConfig;
  /** Null when the test gateway is off (production). */
  readonly test: TestGateway | null;
  readonly stripe: StripeGateway | null;
  readonly paypal: PayPalGateway | null;
  readonly authorizeNet: AuthorizeNetGateway | null;
  isConfigured(name: GatewayName): boolean;
}

export interface GatewayOptions {
  /** Replaces global fetch for PayPal and Authorize.net (tests). */
  fetch?: typeof fetch;
}

export function createGateways(config: GatewayConfig, database: Database, options: GatewayOptions = {}): AllGateways {
  const test = config.testGateway === false ? null : new TestGateway(database);
  const stripe = config.stripe ? new StripeGateway(config.stripe) : null;
  const paypal = config.paypal ? new PayPalGateway(config.paypal, options.fetch) : null;
  const authorizeNet = config.authorizeNet ? new AuthorizeNetGateway(config.authorizeNet, options.fetch) : null;
  const byName: Record<GatewayName, PaymentGateway> = {
    test: test ?? new UnconfiguredGateway('test'),
    stripe: stripe ?? new UnconfiguredGateway('stripe'),
    paypal: paypal ?? new UnconfiguredGateway('paypal'),
    authorizenet: authorizeNet ?? new UnconfiguredGateway('authorizenet'),
  };
  return {
    config,
    test,
    stripe,
    paypal,
    authorizeNet,
    // Own properties only: a name from a request such as "constructor" is not a gateway.
    get: (name) => {
      const gateway = Object.hasOwn(byName, name) ? byName[name] : undefined;
      if (!gateway) throw gatewayNotConfigured(name);
      return gateway;
    },
    isConfigured: (name) => Object.hasOwn(byName, name) && !(byName[name] instanceof UnconfiguredGateway),
  };
}
