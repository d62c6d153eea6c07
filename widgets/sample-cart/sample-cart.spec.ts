/** <showroom-sample-cart>: the element's table, for the element base and the manifest. */
import { commonAttributes, commonParts, themeCssProperties } from '../element-base/common-spec';
import type { ElementSpec } from '../element-base/element-spec';
import { showroomEventDescriptions } from '../showroom-events';
import { sampleCssProperties } from '../sample-ordering/sample-spec';

export const sampleCartSpec = {
  tagName: 'showroom-sample-cart',
  module: 'sample-cart',
  className: 'ShowroomSampleCart',
  description: "The samples in the cart, resolved against the store's catalog, with quantity, remove, clear and a link to checkout.",
  attributes: [
    ...commonAttributes,
    { name: 'checkout-url', type: 'url', description: "Where 'Checkout' leads: the dealer's own checkout page.", default: "the store's /checkout" },
    { name: 'expiry-hours', type: 'number', description: "How long the cart is kept after its last change (the store's LOCAL_CART_EXPIRY).", default: '24' },
  ],
  properties: [],
  events: [{ name: 'showroom:cart-changed', description: showroomEventDescriptions['showroom:cart-changed'] }],
  parts: [
    ...commonParts,
    { name: 'cart', description: 'The box around the cart.' },
    { name: 'item', description: 'One sample: swatch, style and finish, quantity, price and its Remove button.' },
    { name: 'remove', description: "A sample's Remove button." },
    { name: 'total', description: 'The subtotal line.' },
    { name: 'checkout', description: 'The Checkout link.' },
    { name: 'clear', description: "The 'Clear cart' button." },
    { name: 'empty', description: "'Your sample cart is empty.'" },
  ],
  cssProperties: [...themeCssProperties, ...sampleCssProperties],
} satisfies ElementSpec;
