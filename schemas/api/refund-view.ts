/**
 * A refund as the contracts show it: money given back on a payment, or a payment voided before it
 * took any. The back office sees every one with who asked and who decided; a customer's order shows
 * those that gave money back.
 */
import { moneySchema } from './endpoint';

/** Why money is given back: the reasons an operator chooses from, as stored. */
export const REFUND_REASONS = ['requested_by_customer', 'returned_goods', 'order_cancelled', 'duplicate', 'overpayment', 'fraudulent', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** Each reason as the operator and the customer read it. */
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  requested_by_customer: 'Requested by the customer',
  returned_goods: 'Samples or goods returned',
  order_cancelled: 'Order cancelled',
  duplicate: 'Paid twice by mistake',
  overpayment: 'Paid more than was due',
  fraudulent: 'Fraudulent payment',
  other: 'Other',
};

/**
 * requested: waiting for a publisher; processing: being carried out with the gateway; pending: the
 * gateway accepted it and settles it later; succeeded: given back; failed: the gateway refused (its
 * reason is kept); refused: a publisher turned the request down.
 */
export const REFUND_STATUSES = ['requested', 'processing', 'pending', 'succeeded', 'failed', 'refused'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** What counts as given back, or on its way: never more than was paid. */
export const REFUND_HOLDING_STATUSES: readonly RefundStatus[] = ['requested', 'processing', 'pending', 'succeeded'];

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;

export const refundViewSchema = {
  type: 'object',
  required: ['id', 'paymentId', 'kind', 'status', 'amount', 'currency', 'reason', 'reasonLabel', 'note', 'providerReference', 'failureMessage', 'requestedBy', 'decidedBy', 'overpaymentId', 'createdAt', 'updatedAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    paymentId: { type: 'integer' },
    kind: { enum: ['refund', 'void'], description: 'refund: money given back; void: the payment cancelled before it took any' },
    status: { enum: REFUND_STATUSES },
    amount: moneySchema,
    currency: text,
    reason: { enum: REFUND_REASONS },
    reasonLabel: text,
    note: nullableText,
    providerReference: { ...nullableText, description: "The gateway's id of the refund" },
    failureMessage: { ...nullableText, description: "The gateway's reason when it refused" },
    requestedBy: { type: 'string', description: "The operator's e-mail, or the gateway's name for a refund its webhook reported" },
    decidedBy: nullableText,
    overpaymentId: { type: ['integer', 'null'], description: 'The flagged overpayment this refund gives back; null for any other refund' },
    lines: {
      type: 'array',
      description: 'A refund by line: the units that came back and what each line gave back; empty for a refund of an amount',
      items: {
        type: 'object',
        required: ['itemId', 'sku', 'name', 'qty', 'amount'],
        additionalProperties: false,
        properties: { itemId: { type: 'integer' }, sku: text, name: text, qty: { type: 'integer', minimum: 1 }, amount: moneySchema },
      },
    },
    createdAt: text,
    updatedAt: text,
  },
} as const;

/** A refund as the customer's order shows it. */
export const customerRefundViewSchema = {
  type: 'object',
  required: ['amount', 'status', 'reason', 'createdAt'],
  additionalProperties: false,
  properties: {
    amount: moneySchema,
    status: { enum: ['pending', 'succeeded'] },
    reason: text,
    returned: {
      type: 'array',
      description: 'What came back, for a refund by line',
      items: { type: 'object', required: ['sku', 'name', 'qty'], additionalProperties: false, properties: { sku: text, name: text, qty: { type: 'integer', minimum: 1 } } },
    },
    createdAt: text,
  },
} as const;
