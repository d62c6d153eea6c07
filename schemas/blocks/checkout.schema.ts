import type { FromSchema } from 'json-schema-to-ts';

/**
 * The checkout: the same component as <showroom-checkout>, on this site's sample cart
 * and API, with the signed-in customer's prefill; a paid order goes to `successUrl`.
 */
export const checkoutBlockSchema = {
  type: 'object',
  title: 'Checkout block',
  description:
    "The sample cart's checkout: billing and shipping addresses, the shipping method, the payment method with its card entry, and the cart summary. The same component is <showroom-checkout> on other sites.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'checkout', description: 'Block type: checkout.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: "The page's main heading. Default: Checkout." },
    intro: { title: 'Intro', type: 'string', description: 'A line under the heading, rendered by the server.' },
    continueShoppingUrl: { title: 'Continue shopping link', type: 'string', pattern: '^/', description: "Where 'Continue Shopping' leads. Default: /order-samples." },
    successUrl: { title: 'Page after success', type: 'string', pattern: '^/', description: 'Where a paid order goes (the order number is in the order-success storage item). Default: /order/success.' },
    className: { title: 'Style names', type: 'string', description: 'Names a designer gave this block\'s look in the site\'s styles; leave empty unless told.' },
  },
} as const;

export type CheckoutBlock = FromSchema<typeof checkoutBlockSchema>;
