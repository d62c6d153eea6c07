/** <showroom-split-payment>: the element's table, for the element base and the manifest. */
import { commonAttributes, commonParts, themeCssProperties } from '../element-base/common-spec';
import type { ElementSpec } from '../element-base/element-spec';
import { showroomEventDescriptions } from '../showroom-events';

export const splitPaymentSpec = {
  tagName: 'showroom-split-payment',
  module: 'split-payment',
  className: 'ShowroomSplitPayment',
  description:
    'An order paid in parts: found by its id and e-mail (a lookup form without them), with its payments and balance due, paid toward the balance with the e-mail as proof; once the balance is zero it stores the order number and goes to success-url.',
  attributes: [
    ...commonAttributes,
    { name: 'order-id', type: 'string', description: 'The order (its number or id).', default: "the page's ?orderId=, else the lookup form" },
    { name: 'email', type: 'string', description: "The order's e-mail, the proof of ownership.", default: "the page's ?email=, else the lookup form" },
    { name: 'success-url', type: 'url', description: 'Where to go once the balance is zero (the order number is in localStorage `order-success`).', default: 'a success view inside the element' },
  ],
  properties: [],
  events: [
    { name: 'showroom:payment-method-selected', description: showroomEventDescriptions['showroom:payment-method-selected'] },
    { name: 'showroom:payment-completed', description: showroomEventDescriptions['showroom:payment-completed'] },
    { name: 'showroom:payment-failed', description: showroomEventDescriptions['showroom:payment-failed'] },
  ],
  parts: [
    ...commonParts,
    { name: 'page', description: 'The box around everything the element shows.' },
    { name: 'lookup', description: 'The lookup form: Order ID, Email, Fetch Order.' },
    { name: 'title', description: 'The title with the order number.' },
    { name: 'summary-card', description: 'A card: customer, billing address, shipping address, shipping method.' },
    { name: 'items', description: 'The item table with its footer rows.' },
    { name: 'payments', description: 'The payments made so far.' },
    { name: 'balance', description: 'Order total, paid and balance due.' },
    { name: 'message', description: "'Payment successful!' or an error, shown for 5 seconds." },
    { name: 'pay', description: 'The payment section: methods, amount, card entry and Pay Now.' },
    { name: 'methods', description: 'The fieldset around the payment methods.' },
    { name: 'method', description: 'One payment method.' },
    { name: 'field', description: 'The payment amount field.' },
    { name: 'dead-end', description: "'Order not found.' or a failed lookup, with Go Back." },
    { name: 'success', description: 'The success view (without success-url).' },
  ],
  cssProperties: themeCssProperties,
} satisfies ElementSpec;
