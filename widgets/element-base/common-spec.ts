/**
 * What every element has in common, spread into each element's table: the `api-base` and `dealer`
 * attributes, the `message` part that shows a configuration error, and the theme's custom properties.
 */
import type { AttributeSpec, CssPropertySpec, PartSpec } from './element-spec';

export const commonAttributes: readonly AttributeSpec[] = [
  {
    name: 'api-base',
    type: 'url',
    description: "The store's URL the element calls. Defaults to the origin the widget script was loaded from.",
    default: "the widget script's origin",
  },
  {
    name: 'dealer',
    type: 'string',
    description: "The dealer's id from the store's dealers file: sent with every API call (X-Showroom-Dealer header) so estimates and orders are attributed to that dealer.",
  },
];

export const commonParts: readonly PartSpec[] = [
  { name: 'message', description: "The box that explains a configuration error (an unknown value, bad JSON), the store's refusal of the page for its dealer, or a failure inside the element." },
];

export const themeCssProperties: readonly CssPropertySpec[] = [
  { name: '--showroom-font', description: 'Font family of the element.', default: 'system-ui, sans-serif' },
  { name: '--showroom-ink', description: 'Text colour.', default: '#1f2421' },
  { name: '--showroom-muted', description: 'Secondary text colour (status lines, descriptions).', default: '#5b625e' },
  { name: '--showroom-accent', description: 'Accent colour (selected controls, buttons).', default: '#7a4e2d' },
  { name: '--showroom-line', description: 'Border colour.', default: '#e4e0d8' },
  { name: '--showroom-radius', description: 'Corner radius of boxes.', default: '6px' },
  { name: '--showroom-danger', description: 'Colour of error messages.', default: '#b42318' },
];
