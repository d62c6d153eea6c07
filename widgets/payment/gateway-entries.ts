/**
 * Each gateway's browser client, loaded only when its method is chosen: every `import()` is its own
 * chunk, so a customer paying with the test card never downloads Stripe's or PayPal's client code.
 */
import type { ComponentType } from 'react';
import type { OfferedPaymentMethod, GatewayEntryProps } from './payment-types';

type Gateway = OfferedPaymentMethod['gateway'];
type EntryLoader = () => Promise<ComponentType<GatewayEntryProps>>;

export const gatewayEntries: Record<Gateway, EntryLoader> = {
  test: () => import('./test-gateway/TestGatewayEntry').then((m) => m.TestGatewayEntry),
  stripe: () => import('./stripe/StripeEntry').then((m) => m.StripeEntry),
  paypal: () => import('./paypal/PayPalEntry').then((m) => m.PayPalEntry),
  authorizenet: () => import('./authorize-net/AcceptJsEntry').then((m) => m.AuthorizeNetEntry),
};
