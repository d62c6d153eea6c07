import type { FromSchema } from 'json-schema-to-ts';

/** Sample ordering for one style: the same component as <showroom-order-samples style-name="...">. */
export const orderSamplesBlockSchema = {
  type: 'object',
  title: 'Order samples block',
  description: 'The door samples of one style, ticked and put in the sample cart with Order Now. The same component is <showroom-order-samples style-name="..."> on other sites.',
  additionalProperties: false,
  required: ['type', 'styleName'],
  properties: {
    type: { title: 'Type', const: 'order-samples', description: 'Block type: order-samples.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    styleName: { title: 'Style name', type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$', description: 'Which product style, e.g. hartford-shaker.' },
    heading: { title: 'Heading', type: 'string', description: "The block's heading; by default 'Order {style title} door samples'." },
    className: { title: 'Style names', type: 'string', description: 'Names a designer gave this block\'s look in the site\'s styles; leave empty unless told.' },
  },
} as const;

/** The sample cart: the same component as <showroom-sample-cart>, linking to this site's /checkout. */
export const sampleCartBlockSchema = {
  type: 'object',
  title: 'Sample cart block',
  description: "The samples in this browser's sample cart, resolved against the catalog, with quantity, delete, clear and a link to checkout. The same component is <showroom-sample-cart> on other sites.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'sample-cart', description: 'Block type: sample-cart.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', description: 'Optional heading above the cart.' },
    className: { title: 'Style names', type: 'string', description: 'Names a designer gave this block\'s look in the site\'s styles; leave empty unless told.' },
  },
} as const;

export type OrderSamplesBlock = FromSchema<typeof orderSamplesBlockSchema>;
export type SampleCartBlock = FromSchema<typeof sampleCartBlockSchema>;
