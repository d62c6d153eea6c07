/** <showroom-split-payment>: the element's table, for the element base and the manifest. */
import { commonAttributes, commonParts, themeCssProperties } from '../element-base/common-spec';
import type { ElementSpec } from '../element-base/element-spec';
import { paymentPageEvents, paySectionParts, purchaseSummaryParts } from '../payment-summary/payment-page-spec';

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
  events: paymentPageEvents,
  parts: [
    ...commonParts,
    { name: 'page', description: 'The box around everything the element shows.' },
    { name: 'lookup', description: 'The lookup form: Order ID, Email, Fetch Order.' },
    { name: 'title', description: 'The title with the order number.' },
    ...purchaseSummaryParts,
    { name: 'payments', description: 'The payments made so far.' },
    { name: 'balance', description: 'Order total, paid and balance due.' },
    { name: 'message', description: "'Payment successful!' or an error, shown for 5 seconds." },
    ...paySectionParts,
    { name: 'field', description: 'The payment amount field.' },
    { name: 'dead-end', description: "'Order not found.' or a failed lookup, with Go Back." },
    { name: 'success', description: 'The success view (without success-url).' },
  ],
  cssProperties: themeCssProperties,
} satisfies ElementSpec;
