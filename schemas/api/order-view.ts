/**
 * The API forms of an order and of a quote (server/orders/order-view.ts, QuoteService.view), as
 * the answers of the order, quote and payment endpoints carry them. Shared: other contracts (payments,
 * my account) import `orderViewSchema`, `addressViewSchema`, `quoteViewSchema`; the browser takes the
 * types `OrderViewWire`, `AddressViewWire`, `QuoteViewWire` (type-only imports).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { moneySchema } from './endpoint';
import { lineDetailSchema } from './line-detail';
import { customerRefundViewSchema } from './refund-view';

const money = moneySchema;
const text = { type: 'string' } as const;
const integer = { type: 'integer' } as const;

export const ORDER_STATUSES = ['pending', 'pending_payment', 'partially_paid', 'ordered', 'processing', 'shipped', 'complete', 'holded', 'canceled', 'closed'] as const;
export const PAYMENT_STATUSES = ['completed', 'pending', 'failed', 'on_hold', 'voided'] as const;

/** An order's billing or shipping address. */
export const addressViewSchema = {
  type: 'object',
  required: ['id', 'type', 'email', 'firstName', 'lastName', 'street1', 'street2', 'city', 'state', 'zipCode', 'countryId', 'phoneNumber'],
  additionalProperties: false,
  properties: {
    id: integer,
    type: { enum: ['billing', 'shipping'] },
    email: text,
    firstName: text,
    lastName: text,
    street1: text,
    street2: { type: 'string', description: 'Empty when there is none' },
    city: text,
    state: text,
    zipCode: text,
    countryId: { type: 'string', description: 'Two letters, US by default' },
    phoneNumber: text,
    customerId: text,
  },
} as const;

/** A payment recorded on an order (the gateway confirmed it). */
export const paymentViewSchema = {
  type: 'object',
  required: ['id', 'method', 'methodLabel', 'gateway', 'status', 'amount', 'amountPaid', 'transactionId', 'createdAt', 'additionalData'],
  additionalProperties: false,
  properties: {
    id: integer,
    method: text,
    methodLabel: text,
    gateway: text,
    status: { enum: PAYMENT_STATUSES },
    amount: money,
    amountPaid: { ...money, description: 'The amount when completed, else 0' },
    transactionId: text,
    createdAt: text,
    additionalData: { type: 'object', description: "The gateway's details" },
  },
} as const;

export const orderItemViewSchema = {
  type: 'object',
  required: ['id', 'sku', 'name', 'styleName', 'styleTitle', 'price', 'originalPrice', 'priceInclTax', 'qty', 'weight', 'rowWeight', 'rowTotal', 'taxPercent', 'taxAmount', 'rowTotalInclTax', 'customOptions', 'notes'],
  additionalProperties: false,
  properties: {
    id: integer,
    sku: text,
    name: text,
    styleName: { type: ['string', 'null'] },
    styleTitle: { type: ['string', 'null'] },
    price: money,
    originalPrice: money,
    priceInclTax: money,
    qty: { type: 'integer', minimum: 1 },
    weight: { type: 'number' },
    rowWeight: { type: 'number' },
    rowTotal: money,
    taxPercent: { type: 'number' },
    taxAmount: money,
    rowTotalInclTax: money,
    customOptions: { type: 'array', items: { type: 'object', properties: { type: text, value: text, label: text } } },
    notes: text,
    detail: lineDetailSchema,
    qtyReturned: { type: 'integer', minimum: 0, description: 'Units of this line that came back: refunds by line asked for, being carried out or given back' },
    discountShare: { ...money, description: "The line's share of the order's discount (what a refund by line takes off)" },
    taxShare: { ...money, description: "The line's share of the order's tax on goods (what a refund by line gives back with it)" },
  },
} as const;

/** An order as every order endpoint answers it (dollars with two decimals). */
export const orderViewSchema = {
  type: 'object',
  required: [
    'id', 'orderIncrementId', 'createdAt', 'updatedAt', 'state', 'status', 'paymentStatus', 'orderCurrencyCode', 'email', 'firstName', 'lastName', 'customerIsGuest',
    'poNumber', 'quoteId', 'items', 'addresses', 'payments', 'payment', 'statusHistory', 'subtotal', 'subtotalInclTax', 'shippingAmount', 'shippingTaxAmount',
    'shippingInclTax', 'shippingMethod', 'shippingLabel', 'taxAmount', 'taxPercent', 'discountAmount', 'total', 'weight', 'totalItemCount', 'additionalNotes',
    'emailSent', 'splitPaymentEnabled', 'minimumSplitAmount', 'paidAmount', 'refundedAmount', 'refunds', 'remainingBalance',
  ],
  additionalProperties: false,
  properties: {
    id: integer,
    orderIncrementId: text,
    createdAt: text,
    updatedAt: text,
    state: text,
    status: { enum: ORDER_STATUSES },
    paymentStatus: { enum: ['unpaid', 'pending', 'partially_paid', 'paid', 'partially_refunded', 'refunded'] },
    orderCurrencyCode: text,
    email: text,
    firstName: text,
    lastName: text,
    phone: text,
    customerIsGuest: { type: 'boolean' },
    customerId: text,
    poNumber: { type: ['string', 'null'] },
    quoteId: { type: ['integer', 'null'] },
    items: { type: 'array', items: orderItemViewSchema },
    addresses: { type: 'array', items: addressViewSchema },
    payments: { type: 'array', items: paymentViewSchema },
    payment: { type: 'object', required: ['method', 'methodLabel'], additionalProperties: false, properties: { method: text, methodLabel: text } },
    statusHistory: {
      type: 'array',
      items: { type: 'object', required: ['status', 'comment', 'isCustomerNotified', 'createdAt'], additionalProperties: false, properties: { status: text, comment: text, isCustomerNotified: { type: 'boolean' }, createdAt: text } },
    },
    subtotal: money,
    subtotalInclTax: money,
    shippingAmount: money,
    shippingTaxAmount: money,
    shippingInclTax: money,
    shippingMethod: text,
    shippingLabel: text,
    taxAmount: money,
    taxPercent: { type: 'number' },
    discountAmount: money,
    total: money,
    weight: { type: 'number' },
    totalItemCount: integer,
    additionalNotes: text,
    emailSent: { type: 'boolean' },
    splitPaymentEnabled: { type: 'boolean' },
    minimumSplitAmount: money,
    paidAmount: money,
    refundedAmount: { ...money, description: 'Given back on the payments (refunds succeeded or settling)' },
    refunds: { type: 'array', items: customerRefundViewSchema, description: 'Money given back, oldest first' },
    remainingBalance: money,
  },
} as const;

/** A quote's address, as the operator's quote file gave it (street2 and customerId may be null). */
export const quoteAddressViewSchema = {
  type: 'object',
  required: ['id', 'type', 'email', 'firstName', 'lastName', 'street1', 'city', 'state', 'zipCode', 'countryId', 'phoneNumber'],
  additionalProperties: false,
  properties: {
    ...addressViewSchema.properties,
    street2: { type: ['string', 'null'] },
    customerId: { type: ['string', 'null'] },
  },
} as const;

/** A quote as its link's holder sees it. */
export const quoteViewSchema = {
  type: 'object',
  required: [
    'id', 'quoteIncrementId', 'poNumber', 'createdAt', 'status', 'firstName', 'lastName', 'email', 'phone', 'addresses', 'items', 'subtotal', 'shippingAmount',
    'shippingMethod', 'shippingLabel', 'taxAmount', 'discountAmount', 'total', 'additionalNotes', 'splitPaymentEnabled', 'minimumSplitAmount', 'orderId', 'expiresAt',
  ],
  additionalProperties: false,
  properties: {
    id: integer,
    quoteIncrementId: text,
    poNumber: text,
    createdAt: text,
    status: { enum: ['ready_to_order', 'ordered'] },
    firstName: text,
    lastName: text,
    email: text,
    phone: text,
    addresses: { type: 'array', items: quoteAddressViewSchema },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'sku', 'qty', 'price', 'rowTotal', 'notes'],
        additionalProperties: false,
        properties: { id: integer, name: text, sku: text, qty: integer, price: money, rowTotal: money, notes: text, customOptions: { type: 'array', items: { type: 'object', properties: { type: text, value: text, label: text } } }, detail: lineDetailSchema },
      },
    },
    subtotal: money,
    shippingAmount: money,
    shippingMethod: text,
    shippingLabel: text,
    taxAmount: money,
    taxPercent: { type: 'number', description: 'The tax rate of the shipping address, when it has one' },
    shippingTaxAmount: { ...money, description: 'The part of taxAmount on shipping' },
    discountAmount: money,
    total: money,
    additionalNotes: text,
    splitPaymentEnabled: { type: 'boolean' },
    minimumSplitAmount: money,
    orderId: { type: ['integer', 'null'], description: 'The order made from the quote, once paid' },
    expiresAt: { type: ['string', 'null'], description: "When the link's token expires" },
  },
} as const;

export type AddressViewWire = FromSchema<typeof addressViewSchema>;
export type PaymentViewWire = FromSchema<typeof paymentViewSchema>;
export type OrderItemViewWire = FromSchema<typeof orderItemViewSchema>;
export type OrderViewWire = FromSchema<typeof orderViewSchema>;
export type QuoteViewWire = FromSchema<typeof quoteViewSchema>;
