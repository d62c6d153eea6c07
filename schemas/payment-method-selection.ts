/** Which payment methods are offered where, and which one is preselected. */
import type { PaymentMethod } from './payment-methods.schema';

export const PAYMENT_SCOPES = ['sample-order', 'convert-to-order', 'complete-order-payment'] as const;
export type PaymentScope = (typeof PAYMENT_SCOPES)[number];

/**
 * The enabled methods for a scope (all scopes when none is given), in sort order. Exactly one is
 * marked default: the enabled one flagged isDefault, otherwise the first.
 */
export function offeredPaymentMethods(methods: readonly PaymentMethod[], scope?: PaymentScope): PaymentMethod[] {
  const offered = methods
    .filter((m) => m.enabled && (!scope || !m.scopes || m.scopes.includes(scope)))
    .sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));
  const defaultName = (offered.find((m) => m.isDefault) ?? offered[0])?.name;
  return offered.map((m) => ({ ...m, isDefault: m.name === defaultName }));
}
