/** <showroom-payment-methods>: the element's table, for the element base and the manifest. */
import { commonAttributes, commonParts, themeCssProperties } from '../element-base/common-spec';
import type { ElementSpec } from '../element-base/element-spec';
import { showroomEventDescriptions } from '../showroom-events';

export const PAYMENT_SCOPES = ['sample-order', 'convert-to-order', 'complete-order-payment'] as const;

export const paymentMethodsSpec = {
  tagName: 'showroom-payment-methods',
  module: 'payment-methods',
  className: 'ShowroomPaymentMethods',
  description: 'The payment methods the store offers for a purchase scope, as a radio group with the default one preselected.',
  attributes: [
    ...commonAttributes,
    { name: 'scope', type: PAYMENT_SCOPES, description: 'Which purchase the methods are for. Without it, every enabled method.' },
  ],
  properties: [],
  events: [{ name: 'showroom:payment-method-selected', description: showroomEventDescriptions['showroom:payment-method-selected'] }],
  parts: [
    ...commonParts,
    { name: 'methods', description: 'The fieldset around the methods.' },
    { name: 'method', description: 'One method: its radio button, title and description.' },
  ],
  cssProperties: themeCssProperties,
} satisfies ElementSpec;
