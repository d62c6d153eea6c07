/** Builds the four gateways from configuration. Unconfigured ones answer 'Payment method not available'. */
import type { Database } from '../db/database';
import type { GatewayName, Gateways, PaymentGateway } from './gateway';
import type { GatewayConfig } from './gateway-config';
import { gatewayNotConfigured } from './gateway-errors';
import { TestGateway } from './test-gateway';

class UnconfiguredGateway implements PaymentGateway {
  constructor(readonly name: GatewayName) {}
  async confirm(): Promise<never> {
    throw gatewayNotConfigured(this.name);
  }
}

export interface AllGateways extends Gateways {
  readonly config: GatewayConfig;
  readonly test: TestGateway;
  isConfigured(name: GatewayName): boolean;
}

export function createGateways(config: GatewayConfig, database: Database): AllGateways {
  const test = new TestGateway(database);
  const byName: Record<GatewayName, PaymentGateway> = {
    test,
    stripe: new UnconfiguredGateway('stripe'),
    paypal: new UnconfiguredGateway('paypal'),
    authorizenet: new UnconfiguredGateway('authorizenet'),
  };
  return {
    config,
    test,
    get: (name) => byName[name],
    isConfigured: (name) => !(byName[name] instanceof UnconfiguredGateway),
  };
}
