/**
 * The rows the money pages' element tables (<showroom-quote-payment>, <showroom-split-payment>)
 * share, since both are a purchase summary above the same pay section.
 */
import type { EventSpec, PartSpec } from '../element-base/element-spec';
import { showroomEventDescriptions } from '../showroom-events';

/** The pay section's events: a method chosen, a payment made or refused. */
export const paymentPageEvents: readonly EventSpec[] = (['showroom:payment-method-selected', 'showroom:payment-completed', 'showroom:payment-failed'] as const).map((name) => ({
  name,
  description: showroomEventDescriptions[name],
}));

/** The purchase summary (PurchaseSummaryView). */
export const purchaseSummaryParts: readonly PartSpec[] = [
  { name: 'summary-card', description: 'A card: customer, billing address, shipping address, shipping method.' },
  { name: 'items', description: 'The item table with its footer rows.' },
];

/** The pay section (PaySection) and its method list. */
export const paySectionParts: readonly PartSpec[] = [
  { name: 'pay', description: 'The payment section: methods, amount, card entry and Pay Now.' },
  { name: 'methods', description: 'The fieldset around the payment methods.' },
  { name: 'method', description: 'One payment method.' },
];
