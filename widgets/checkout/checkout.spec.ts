/** <showroom-checkout>: the element's table, for the element base and the manifest. */
import { commonAttributes, commonParts, themeCssProperties } from '../element-base/common-spec';
import type { ElementSpec } from '../element-base/element-spec';
import { showroomEventDescriptions } from '../showroom-events';

export const checkoutSpec = {
  tagName: 'showroom-checkout',
  module: 'checkout',
  className: 'ShowroomCheckout',
  description:
    "The checkout of the sample cart (the same cart as <showroom-sample-cart> with the same api-base and dealer): billing and shipping addresses, the server's shipping and totals, the payment method with its card entry, and the order placed and paid on the store, carrying the dealer.",
  attributes: [
    ...commonAttributes,
    { name: 'continue-shopping-url', type: 'url', description: "Where 'Continue Shopping' leads (the empty cart and the summary).", default: "the store's /order-samples" },
    { name: 'heading', type: 'string', description: "The heading above the checkout form. heading=\"\" shows none, for a page that has its own.", default: 'Checkout' },
    { name: 'success-url', type: 'url', description: 'Where a paid order goes; the order number is in the order-success localStorage item. Without it, the element shows the order number in place.' },
  ],
  properties: [],
  events: [
    { name: 'showroom:order-placed', description: showroomEventDescriptions['showroom:order-placed'] },
    { name: 'showroom:payment-completed', description: showroomEventDescriptions['showroom:payment-completed'] },
    { name: 'showroom:payment-failed', description: showroomEventDescriptions['showroom:payment-failed'] },
  ],
  parts: [
    ...commonParts,
    { name: 'checkout', description: 'The checkout: the form beside the cart summary.' },
    { name: 'summary', description: 'The cart summary (a slide-in panel on phones and tablets).' },
    { name: 'form-error', description: "The form's error box (validation, the order's refusal)." },
    { name: 'payment-error', description: "A payment's failure, shown for 10 seconds." },
    { name: 'success', description: 'The order number after payment, when no success-url is set.' },
    { name: 'empty', description: 'The empty-cart view.' },
  ],
  cssProperties: [...themeCssProperties, { name: '--showroom-on-accent', description: 'Text colour on buttons.', default: '#fff' }],
} satisfies ElementSpec;
