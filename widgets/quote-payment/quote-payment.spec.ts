/** <showroom-quote-payment>: the element's table, for the element base and the manifest. */
import { commonAttributes, commonParts, themeCssProperties } from '../element-base/common-spec';
import type { ElementSpec } from '../element-base/element-spec';
import { paymentPageEvents, paySectionParts, purchaseSummaryParts } from '../payment-summary/payment-page-spec';

export const quotePaymentSpec = {
  tagName: 'showroom-quote-payment',
  module: 'quote-payment',
  className: 'ShowroomQuotePayment',
  description:
    "A quote opened by its payment link: the quote's cards, items and totals, the payment method selector and pay form (with the split amount where the quote allows it), converted to an order once paid. The link's token is the only proof; it is sent as Authorization: Bearer and moved out of the address bar.",
  attributes: [
    ...commonAttributes,
    { name: 'quote-id', type: 'string', description: 'The quote to open.', default: "the page's ?quoteId=" },
    { name: 'token', type: 'string', description: "The quote link's token.", default: "the page's ?token=, then the one kept in sessionStorage" },
    { name: 'success-url', type: 'url', description: 'Where to go once the quote is paid (the order number is in localStorage `order-success`).', default: 'a success view inside the element' },
    { name: 'home-url', type: 'url', description: "Target of 'Go to Home Page' on the dead ends.", default: "the store's home page" },
    { name: 'contact-url', type: 'url', description: "Target of 'Contact Us' on the expired-link screen.", default: "the store's /contact" },
  ],
  properties: [],
  events: paymentPageEvents,
  parts: [
    ...commonParts,
    { name: 'page', description: 'The box around everything the element shows.' },
    { name: 'title', description: 'The title with the quote number and PO number.' },
    ...purchaseSummaryParts,
    ...paySectionParts,
    { name: 'field', description: 'The split amount field.' },
    { name: 'error', description: 'A payment or conversion error shown on the form.' },
    { name: 'dead-end', description: 'The expired-link or not-found screen with its buttons.' },
    { name: 'success', description: 'The success view (without success-url).' },
  ],
  cssProperties: themeCssProperties,
} satisfies ElementSpec;
