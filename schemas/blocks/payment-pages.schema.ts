import type { FromSchema } from 'json-schema-to-ts';

/** Quote payment: the same component as <showroom-quote-payment> on other sites. */
export const quotePaymentBlockSchema = {
  type: 'object',
  title: 'Quote payment block',
  description:
    "The quote a payment link opens (?quoteId=&token=; keep a quote-link block on the page so the token leaves the address bar), with its cards, items and totals, the payment method selector and pay form, and the expired and not-found dead ends. The same component is <showroom-quote-payment> on other sites.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'quote-payment', description: 'Block type: quote-payment.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: "The page's main heading (h1). Default: 'Pay your quote'." },
    intro: { title: 'Intro', type: 'string', minLength: 1, description: 'A line under the heading, rendered on the server.' },
    successPath: { title: 'Page after success', type: 'string', pattern: '^/', description: 'Where the visitor goes once the quote is paid and converted to an order. Default: /order/success.' },
    contactPath: { title: 'Contact page', type: 'string', pattern: '^/', description: "Target of 'Contact Us' on the expired-link screen. Default: /contact." },
    className: { title: 'Style names', type: 'string', description: 'Names a designer gave this block\'s look in the site\'s styles; leave empty unless told.' },
  },
} as const;

/** Split payment: the same component as <showroom-split-payment> on other sites. */
export const splitPaymentBlockSchema = {
  type: 'object',
  title: 'Split payment block',
  description:
    'An order found by ?orderId=&email= (or the lookup form without them), with its payments and balance, paid in parts toward the due amount. The same component is <showroom-split-payment> on other sites.',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'split-payment', description: 'Block type: split-payment.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: "The page's main heading (h1). Default: 'Pay toward your order'." },
    intro: { title: 'Intro', type: 'string', minLength: 1, description: 'A line under the heading, rendered on the server.' },
    successPath: { title: 'Page after success', type: 'string', pattern: '^/', description: 'Where the visitor goes once the balance is zero. Default: /order/success.' },
    className: { title: 'Style names', type: 'string', description: 'Names a designer gave this block\'s look in the site\'s styles; leave empty unless told.' },
  },
} as const;

export type QuotePaymentBlock = FromSchema<typeof quotePaymentBlockSchema>;
export type SplitPaymentBlock = FromSchema<typeof splitPaymentBlockSchema>;
