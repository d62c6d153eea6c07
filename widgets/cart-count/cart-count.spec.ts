/** <showroom-cart-count>: the element's table, for the element base and the manifest. */
import { commonAttributes, commonParts, themeCssProperties } from '../element-base/common-spec';
import type { ElementSpec } from '../element-base/element-spec';

export const cartCountSpec = {
  tagName: 'showroom-cart-count',
  module: 'cart-count',
  className: 'ShowroomCartCount',
  description: 'How many samples the cart holds, for a page header; a link when href is given. Follows every change of the cart, in any element or tab.',
  attributes: [
    ...commonAttributes,
    { name: 'href', type: 'string', description: 'Where the count links to (the page with the sample cart). Without it, plain text.' },
    { name: 'label', type: 'string', description: 'The text before the number.', default: 'Samples' },
  ],
  properties: [],
  events: [],
  parts: [
    ...commonParts,
    { name: 'link', description: 'The link (or text) around the label and the number.' },
    { name: 'count', description: 'The number.' },
  ],
  cssProperties: themeCssProperties,
} satisfies ElementSpec;
