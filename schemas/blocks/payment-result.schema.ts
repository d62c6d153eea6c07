import type { FromSchema } from 'json-schema-to-ts';
import { actionSchema, imageSchema } from '../common.schema';

/**
 * The payment result pages: /payment/verify/{paymentMethod},
 * /order/success and /payment/fail. The order number lives in the browser only (the `order-success`
 * storage item), so the success text is written with the placeholder `{orderId}`, which the browser
 * replaces by the order number in bold. Texts are plain text, always escaped: no HTML in definitions.
 */
const paragraphsSchema = {
  type: 'array',
  minItems: 1,
  items: { type: 'string', minLength: 1 },
} as const;

export const paymentVerifyBlockSchema = {
  type: 'object',
  title: 'Payment verify block',
  description:
    "Finishes a payment that came back from a provider or an authentication step: shows 'Verifying your payment…' while the server confirms it with this tab's proof, then replaces the page with /order/success or /payment/fail.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'payment-verify', description: 'Block type: payment-verify.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: 'The heading above the progress state. Default: Confirming your payment.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    className: { title: 'Style names', type: 'string', description: 'Names a designer gave this block\'s look in the site\'s styles; leave empty unless told.' },
  },
} as const;

export const orderSuccessBlockSchema = {
  type: 'object',
  title: 'Order success block',
  description:
    'The order confirmation: icon or image, title, content with the order number and actions. Reads the number this browser stored when it paid (and removes it), clears the sample cart; without one it goes to /checkout.',
  additionalProperties: false,
  required: ['type', 'title'],
  properties: {
    type: { title: 'Type', const: 'order-success', description: 'Block type: order-success.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    className: { title: 'Style names', type: 'string', description: 'Names a designer gave this block\'s look in the site\'s styles; leave empty unless told.' },
    image: { ...imageSchema, title: 'Image', description: 'An image above the title. Default: a check-mark icon.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: 'The heading, e.g. Thank you for your order.' },
    content: { title: 'Content',
      ...paragraphsSchema,
      description: "Paragraphs of plain text. '{orderId}' is replaced by the order number in bold, e.g. 'Your order {orderId} has been placed.'",
    },
    partialContent: { title: 'Partial content',
      ...paragraphsSchema,
      description:
        "The split-payment variant's paragraphs, shown when a payment left a balance. '{orderId}' and '{remainingBalance}' ($12.50) are replaced, both in bold.",
    },
    actions: { title: 'Actions', type: 'array', items: actionSchema, description: 'Links under the content, e.g. Continue Shopping.' },
  },
} as const;

export const paymentFailureBlockSchema = {
  type: 'object',
  title: 'Payment failure block',
  description:
    'The payment failure page: title, content and action links, plus the reason and order number the verify page left in this tab (when it sent the customer here).',
  additionalProperties: false,
  required: ['type', 'title', 'content'],
  properties: {
    type: { title: 'Type', const: 'payment-failure', description: 'Block type: payment-failure.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    className: { title: 'Style names', type: 'string', description: 'Names a designer gave this block\'s look in the site\'s styles; leave empty unless told.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: 'The heading, e.g. Payment failed.' },
    pendingTitle: { title: 'Pending title',
      type: 'string',
      minLength: 1,
      description: 'The heading instead, when the verify page found the payment still being confirmed (pending): default Your payment is being confirmed.',
    },
    content: { ...paragraphsSchema, title: 'Content', description: 'Paragraphs of plain text (what happened, that the order is kept, what to do).' },
    actions: { title: 'Actions', type: 'array', items: actionSchema, description: 'Links under the content, e.g. Back to checkout, Contact us.' },
  },
} as const;

export type PaymentVerifyBlock = FromSchema<typeof paymentVerifyBlockSchema>;
export type OrderSuccessBlock = FromSchema<typeof orderSuccessBlockSchema>;
export type PaymentFailureBlock = FromSchema<typeof paymentFailureBlockSchema>;
