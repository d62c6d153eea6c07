/** The custom properties the sample elements add to the theme's. */
import type { CssPropertySpec } from '../element-base/element-spec';

export const sampleCssProperties: readonly CssPropertySpec[] = [
  { name: '--showroom-on-accent', description: 'Text colour on accent-coloured buttons.', default: '#fff' },
  { name: '--showroom-success', description: 'Colour of success messages.', default: '#1f7a3a' },
];
