/** <showroom-order-result>: the element's table, for the element base and the manifest. */
import { commonAttributes, commonParts, themeCssProperties } from '../element-base/common-spec';
import type { ElementSpec } from '../element-base/element-spec';
import { showroomEventDescriptions } from '../showroom-events';

export const orderResultSpec = {
  tagName: 'showroom-order-result',
  module: 'order-result',
  className: 'ShowroomOrderResult',
  description:
    "The order result for the page a checkout's success-url points to. When the address carries a payment provider's return (Stripe's payment_intent, PayPal's token, a transactionId), it confirms the payment with the store first (with this tab's proof of the order), then shows the order number; otherwise it shows the order this browser just paid. Without one it goes to checkout-href.",
  attributes: [
    ...commonAttributes,
    { name: 'method', type: 'string', description: "The verify route's method (stripe, paypal, authorizenet, test, or a payment method's name).", default: 'the method the checkout saved before the redirect' },
    { name: 'heading', type: 'string', description: 'The title of the success view.', default: 'Thank you for your order' },
    { name: 'content', type: 'string', description: "The success text; '{orderId}' becomes the order number in bold.", default: 'Your order {orderId} has been placed. A confirmation e-mail is on its way.' },
    {
      name: 'partial-content',
      type: 'string',
      description: "The split-payment text, when a payment left a balance; '{orderId}' and '{remainingBalance}' are replaced.",
      default: 'Your payment toward order {orderId} was received. Remaining balance: {remainingBalance}.',
    },
    { name: 'action-text', type: 'string', description: 'The text of the link under the result.', default: 'Continue Shopping' },
    { name: 'action-href', type: 'string', description: 'Where that link goes. Without it, no link.' },
    { name: 'checkout-href', type: 'string', description: 'Where to go when there is no order to show (and the failure view\'s "Try again" link). Without it, a short note.' },
  ],
  properties: [],
  events: [
    { name: 'showroom:payment-completed', description: showroomEventDescriptions['showroom:payment-completed'] },
    { name: 'showroom:payment-failed', description: showroomEventDescriptions['showroom:payment-failed'] },
  ],
  parts: [
    ...commonParts,
    { name: 'result', description: 'The box of the result (progress, success or failure).' },
    { name: 'action', description: 'Each link under the result.' },
  ],
  cssProperties: themeCssProperties,
} satisfies ElementSpec;
