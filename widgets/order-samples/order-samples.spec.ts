/** <showroom-order-samples>: the element's table, for the element base and the manifest. */
import { commonAttributes, commonParts, themeCssProperties } from '../element-base/common-spec';
import type { ElementSpec } from '../element-base/element-spec';
import { showroomEventDescriptions } from '../showroom-events';
import { sampleCssProperties } from '../sample-ordering/sample-spec';

export const orderSamplesSpec = {
  tagName: 'showroom-order-samples',
  module: 'order-samples',
  className: 'ShowroomOrderSamples',
  description: "The door samples of one product style, read from the store's catalog, to tick and put in the sample cart ('Order Now').",
  attributes: [
    ...commonAttributes,
    { name: 'style-name', type: 'string', required: true, description: 'The product style whose samples are offered, e.g. "hartford-shaker".' },
    { name: 'heading', type: 'string', description: 'The heading above the samples.', default: 'Order {style title} door samples' },
    { name: 'expiry-hours', type: 'number', description: "How long the cart is kept after its last change (the store's LOCAL_CART_EXPIRY).", default: '24' },
  ],
  properties: [],
  events: [
    { name: 'showroom:sample-added', description: showroomEventDescriptions['showroom:sample-added'] },
    { name: 'showroom:cart-changed', description: showroomEventDescriptions['showroom:cart-changed'] },
  ],
  parts: [
    ...commonParts,
    { name: 'form', description: 'The box around the samples, the button and the messages.' },
    { name: 'item', description: 'One sample: its checkbox (when there are several), swatch, finish, SKU and price.' },
    { name: 'button', description: "The 'Order Now' button." },
    { name: 'messages', description: 'The result messages (shown 5 seconds).' },
    { name: 'empty', description: 'What is shown when the style has no samples.' },
  ],
  cssProperties: [...themeCssProperties, ...sampleCssProperties],
} satisfies ElementSpec;
