/** <showroom-estimator>: the element's table, for the element base and the manifest. */
import { commonAttributes, commonParts, themeCssProperties } from '../element-base/common-spec';
import type { ElementSpec } from '../element-base/element-spec';
import { showroomEventDescriptions } from '../showroom-events';

export const estimatorSpec = {
  tagName: 'showroom-estimator',
  module: 'estimator',
  className: 'ShowroomEstimator',
  description:
    "The project price estimator: an estimator template's sections as accordions or popups, a live '$min - $max' price summary, a PDF download and sending the estimate to the store, which prices it again.",
  attributes: [
    ...commonAttributes,
    { name: 'template', type: 'string', required: true, description: "The estimator template's name in the store's content (estimator/{name}.json), e.g. kitchen-estimator." },
    {
      name: 'recaptcha-site-key',
      type: 'string',
      description:
        "The store's reCAPTCHA site key (RECAPTCHA_SITE_KEY; the page's domain must be one of the key's domains), for a template with googleReCaptcha. Without it, the store's offline test captcha shows.",
    },
  ],
  properties: [],
  events: [
    { name: 'showroom:estimate-changed', description: showroomEventDescriptions['showroom:estimate-changed'] },
    { name: 'showroom:estimate-submitted', description: showroomEventDescriptions['showroom:estimate-submitted'] },
  ],
  parts: [
    ...commonParts,
    { name: 'estimator', description: 'The whole estimator: its sections and its summary.' },
    { name: 'section', description: 'One section (an accordion, or the button that opens a popup section).' },
    { name: 'popup', description: 'The overlay of an open popup section.' },
    { name: 'summary', description: 'The price summary (sidebar or top).' },
    { name: 'print', description: 'The Print (PDF) button.' },
    { name: 'submit', description: 'The Submit button.' },
    { name: 'reset', description: 'The Reset button.' },
    { name: 'message-result', description: "The result message shown for 5 seconds ('Email sent successfully', ...)." },
  ],
  cssProperties: [...themeCssProperties, { name: '--showroom-surface', description: 'Background of the summary, inputs and popups.', default: '#fff' }],
} satisfies ElementSpec;
