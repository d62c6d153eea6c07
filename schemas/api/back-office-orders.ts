/**
 * The back office's orders (server/back-office/order-*.ts): the list with search, filters
 * and keyset paging, the detail with every payment and the status history, the status changes an
 * operator may make (the server's state machine, server/orders/order-status.ts), resending the
 * confirmation and marking a flagged overpayment refunded.
 *
 * Viewers read; editors (and above) change. Money is dollars with two decimals, as stored in cents.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { endpoint, errorSchema, moneySchema, successWith } from './endpoint';
import { addressViewSchema, ORDER_STATUSES, orderItemViewSchema, PAYMENT_STATUSES } from './order-view';
import { refundViewSchema } from './refund-view';
import { denied, done, idParam, objectBody, operatorSession, REQUIRED, text } from './studio-common';

export { ORDER_STATUSES };
export type OrderStatusName = (typeof ORDER_STATUSES)[number];

/**
 * The statuses an operator may set by hand. The others (pending, pending_payment, partially_paid)
 * follow payments only; `ordered` is an operator's move only out of `holded` (releasing a hold).
 */
export const OPERATOR_ORDER_STATUSES = ['ordered', 'processing', 'shipped', 'complete', 'holded', 'canceled', 'closed'] as const;

/**
 * Where an order's money stands: `refund_due` when a payment took more than was due and that is not
 * yet refunded (it wins over the others); `refund_requested` while an editor's refund waits for a
 * publisher; `refunded` when everything paid was given back, `partially_refunded` when some was;
 * else `paid` (completed payments cover the total), `partially_paid`, `pending` (nothing completed,
 * a payment pending or on hold) or `unpaid`.
 */
export const ORDER_PAYMENT_STATES = ['unpaid', 'pending', 'partially_paid', 'paid', 'refund_due', 'refund_requested', 'partially_refunded', 'refunded'] as const;
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];

export const ORDER_LIST_DEFAULT_LIMIT = 50;
export const ORDER_LIST_MAX_LIMIT = 100;

export const ORDER_NOT_FOUND = 'Order not found.';
export const OVERPAYMENT_NOT_FOUND = 'Overpayment not found.';
export const OVERPAYMENT_ALREADY_REFUNDED = 'This overpayment is already marked refunded.';
export const ORDER_CURSOR_INVALID = 'This page link is not valid any more. Go back to the first page.';
export const ORDER_DATE_MESSAGE = 'Enter a date as YYYY-MM-DD.';
export const ORDER_DATE_ORDER_MESSAGE = 'The end date is before the start date.';
export const ORDER_STATUS_MESSAGE = `One of: ${ORDER_STATUSES.join(', ')}.`;
export const ORDER_NEW_STATUS_MESSAGE = `One of: ${OPERATOR_ORDER_STATUSES.join(', ')}.`;
export const ORDER_COMMENT_MESSAGE = 'Write a comment of at most 2000 characters.';

const tags = ['back office'] as const;
/** A typed text: no control characters (PostgreSQL refuses a NUL in a text, and no name or address has one). */
const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001f\\u007f]*$';
const money = moneySchema;
const integer = { type: 'integer' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const date = { type: 'string', format: 'date', 'x-message': ORDER_DATE_MESSAGE } as const;
const paymentState = { enum: ORDER_PAYMENT_STATES } as const;

/** A dealer an order came through: the id of dealers.json (or the calling origin) and its name when known. */
const dealerSchema = {
  type: ['object', 'null'],
  required: ['id', 'name'],
  additionalProperties: false,
  properties: {
    id: text,
    name: { ...nullableText, description: "The dealer's name in dealers.json; null when the id is an origin or unknown" },
    attribution: {
      enum: ['origin', 'key', null],
      description: "What crediting the dealer rests on: 'key', the dealer's server sent its key (proof); 'origin', its page's Origin as a browser sent it (a script outside a browser can send any Origin); null, credited to no dealer (an origin of no dealer, or an order from before attributions were recorded)",
    },
  },
} as const;

/** One row of the list. */
export const orderListRowSchema = {
  type: 'object',
  required: ['id', 'incrementId', 'createdAt', 'status', 'customerName', 'email', 'dealer', 'total', 'paid', 'paymentState'],
  additionalProperties: false,
  properties: {
    id: integer,
    incrementId: { type: 'string', description: 'The order number the customer sees (100000123)' },
    createdAt: { type: 'string', description: 'ISO 8601, UTC' },
    status: { enum: ORDER_STATUSES },
    customerName: text,
    email: text,
    dealer: dealerSchema,
    total: money,
    paid: { ...money, description: 'Completed payments' },
    paymentState,
  },
} as const;

const paymentSchema = {
  type: 'object',
  required: ['id', 'method', 'methodLabel', 'gateway', 'status', 'amount', 'transactionId', 'providerReference', 'createdAt', 'refunded', 'refundable'],
  additionalProperties: false,
  properties: {
    id: integer,
    method: text,
    methodLabel: text,
    gateway: text,
    status: { enum: PAYMENT_STATUSES },
    amount: money,
    transactionId: text,
    providerReference: { type: 'string', description: "The gateway's own id of the transaction (a Stripe PaymentIntent, a PayPal capture)" },
    createdAt: text,
    refunded: { ...money, description: 'Given back so far (refunds succeeded or settling)' },
    refundable: { ...money, description: 'What may still be given back: the amount less what was refunded or is asked for. A payment still waiting (authorized, not captured) shows its whole amount, which is voided rather than refunded; 0 for a payment that failed' },
  },
} as const;

const overpaymentSchema = {
  type: 'object',
  required: ['id', 'paymentId', 'amount', 'createdAt', 'refundedAt'],
  additionalProperties: false,
  properties: {
    id: integer,
    paymentId: integer,
    amount: { ...money, description: 'What the payment took above the amount due' },
    createdAt: text,
    refundedAt: { ...nullableText, description: 'When an operator marked it refunded; null while a refund is due' },
  },
} as const;

const historySchema = {
  type: 'object',
  required: ['id', 'status', 'comment', 'customerNotified', 'createdAt'],
  additionalProperties: false,
  properties: { id: integer, status: text, comment: text, customerNotified: { type: 'boolean' }, createdAt: text },
} as const;

/** The order in full, as the detail screen shows it. */
export const orderDetailSchema = {
  type: 'object',
  required: [
    'id', 'incrementId', 'createdAt', 'updatedAt', 'status', 'state', 'email', 'firstName', 'lastName', 'phone', 'customerIsGuest', 'customerId', 'poNumber',
    'additionalNotes', 'dealer', 'quote', 'items', 'addresses', 'totals', 'paymentMethod', 'paymentState', 'payments', 'refunds', 'overpayments', 'statusHistory',
    'allowedStatuses', 'emailSent',
  ],
  additionalProperties: false,
  properties: {
    id: integer,
    incrementId: text,
    createdAt: text,
    updatedAt: text,
    status: { enum: ORDER_STATUSES },
    state: text,
    email: text,
    firstName: text,
    lastName: text,
    phone: nullableText,
    customerIsGuest: { type: 'boolean' },
    customerId: { ...nullableText, description: "The customer account's id, for an order placed signed in" },
    poNumber: nullableText,
    additionalNotes: nullableText,
    dealer: dealerSchema,
    quote: {
      type: ['object', 'null'],
      required: ['id', 'incrementId'],
      additionalProperties: false,
      description: 'The quote the order was made from',
      properties: { id: integer, incrementId: text },
    },
    items: { type: 'array', items: orderItemViewSchema },
    addresses: { type: 'array', items: addressViewSchema },
    totals: {
      type: 'object',
      required: ['subtotal', 'shipping', 'shippingTax', 'shippingLabel', 'shippingMethod', 'tax', 'taxPercent', 'discount', 'total', 'paid', 'refunded', 'due'],
      additionalProperties: false,
      properties: {
        subtotal: money,
        shipping: money,
        shippingTax: money,
        shippingLabel: text,
        shippingMethod: text,
        tax: money,
        taxPercent: { type: 'number' },
        discount: money,
        total: money,
        paid: { ...money, description: 'Completed payments' },
        refunded: { ...money, description: 'Given back on them' },
        due: { ...money, description: 'What is left to pay; 0 when paid (an overpayment is listed apart)' },
      },
    },
    paymentMethod: { type: 'object', required: ['code', 'label'], additionalProperties: false, properties: { code: text, label: text } },
    paymentState,
    payments: { type: 'array', items: paymentSchema },
    refunds: { type: 'array', items: refundViewSchema, description: 'Every refund and void asked for, oldest first' },
    overpayments: { type: 'array', items: overpaymentSchema },
    statusHistory: { type: 'array', items: historySchema, description: 'Newest first' },
    allowedStatuses: {
      type: 'array',
      items: { enum: OPERATOR_ORDER_STATUSES },
      description: "The moves an operator may make from the order's status (the server's state machine, by hand)",
    },
    emailSent: { type: 'boolean', description: 'Whether the confirmation e-mail went out' },
  },
} as const;

const orderIdParam = idParam(ORDER_NOT_FOUND);

export const orderListEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/orders',
  summary: 'The orders, newest first, a page at a time (keyset paging: `next` is the `after` of the next page); search by order number, e-mail or name; filters by status, dates, dealer and payment state',
  caller: 'a viewer',
  security: operatorSession,
  tags,
  request: {
    query: {
      type: 'object',
      additionalProperties: false,
      properties: {
        search: {
          type: 'string',
          maxLength: 200,
          pattern: NO_CONTROL_CHARACTERS,
          description: 'An order number (100000123 or #100000123: exact), an e-mail (its beginning, any case), or a name (the beginning of the first or last name, or "first last")',
          'x-message': 'Search with at most 200 characters, letters, digits and signs.',
        },
        status: { enum: ORDER_STATUSES, 'x-message': ORDER_STATUS_MESSAGE },
        from: { ...date, description: 'Placed on or after this day (UTC)' },
        to: { ...date, description: 'Placed on or before this day (UTC)' },
        dealer: { type: 'string', minLength: 1, maxLength: 200, pattern: NO_CONTROL_CHARACTERS, description: 'A dealer id of dealers.json, or the origin an order was posted from', 'x-message': 'Name a dealer.' },
        payment: { enum: ORDER_PAYMENT_STATES, 'x-message': `One of: ${ORDER_PAYMENT_STATES.join(', ')}.` },
        after: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,200}$', description: 'The `next` of the page before', 'x-message': ORDER_CURSOR_INVALID },
        limit: { type: 'string', pattern: '^(100|[1-9][0-9]?)$', description: `Rows a page, 1 to ${ORDER_LIST_MAX_LIMIT} (default ${ORDER_LIST_DEFAULT_LIMIT})`, 'x-message': `A number from 1 to ${ORDER_LIST_MAX_LIMIT}.` },
      },
    },
  },
  responses: {
    200: successWith({
      type: 'object',
      required: ['orders', 'next'],
      additionalProperties: false,
      properties: {
        orders: { type: 'array', items: orderListRowSchema },
        next: { ...nullableText, description: 'The cursor of the next page; null on the last page' },
      },
    }),
    400: { ...errorSchema, description: 'validation_failed: fields name the wrong filter (a bad date, status, cursor or limit; `to` before `from`)' },
    ...denied,
  },
});

export const orderDetailEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/orders/:id',
  summary: 'One order: items, addresses, totals, every payment with its gateway reference, overpayments, the status history, and the status moves an operator may make',
  caller: 'a viewer',
  security: operatorSession,
  tags,
  request: { params: orderIdParam },
  responses: { 200: successWith(orderDetailSchema), 400: errorSchema, ...denied, 404: errorSchema },
});

export const orderStatusEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/orders/:id/status',
  summary: 'Move an order to another status with a comment (the state machine of the server; only the moves `allowedStatuses` lists); written to the status history and the audit log',
  caller: 'an editor',
  security: operatorSession,
  tags,
  request: {
    params: orderIdParam,
    body: objectBody(
      {
        status: { enum: OPERATOR_ORDER_STATUSES, 'x-message': ORDER_NEW_STATUS_MESSAGE, 'x-required': REQUIRED },
        comment: { type: 'string', maxLength: 2000, pattern: '^[^\\u0000]*$', 'x-message': ORDER_COMMENT_MESSAGE, 'x-required': REQUIRED },
        notifyCustomer: { type: 'boolean', description: "E-mails the customer the new status with the comment, and records 'customer notified' on the history row (the customer's account shows the new status either way)", 'x-message': 'true or false.' },
      },
      ['status', 'comment'],
    ),
  },
  responses: {
    200: successWith(orderDetailSchema),
    400: errorSchema,
    ...denied,
    404: errorSchema,
    409: { ...errorSchema, description: 'invalid_status_transition: the order cannot move from its status to this one (another operator may have moved it)' },
  },
});

export const orderResendConfirmationEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/orders/:id/resend-confirmation',
  summary: "Queue the order's confirmation e-mail to the customer again (the outbox sends it; the per-address cap applies)",
  caller: 'an editor',
  security: operatorSession,
  tags,
  request: { params: orderIdParam },
  responses: {
    200: done,
    400: errorSchema,
    ...denied,
    404: errorSchema,
    409: { ...errorSchema, description: 'not_confirmed: no confirmation went out yet (the order is not paid); already_queued: it was queued again less than a minute ago' },
    429: { ...errorSchema, description: 'recipient_capped: the address got too many mails lately; try later' },
  },
});

export const overpaymentRefundedEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/orders/:id/overpayments/:overpaymentId/refunded',
  summary: 'Mark a flagged overpayment of the order refunded outside Showroom (in the gateway\'s dashboard, or by cheque); once. A refund through the gateway is POST .../overpayments/:overpaymentId/refund',
  caller: 'an editor',
  security: operatorSession,
  tags,
  request: {
    params: {
      type: 'object',
      required: ['id', 'overpaymentId'],
      properties: {
        id: orderIdParam.properties.id,
        overpaymentId: { type: 'string', pattern: '^[1-9][0-9]{0,14}$', 'x-message': OVERPAYMENT_NOT_FOUND },
      },
    },
  },
  responses: {
    200: successWith(orderDetailSchema),
    400: errorSchema,
    ...denied,
    404: errorSchema,
    409: { ...errorSchema, description: 'already_refunded' },
  },
});

export const backOfficeOrderEndpoints = [orderListEndpoint, orderDetailEndpoint, orderStatusEndpoint, orderResendConfirmationEndpoint, overpaymentRefundedEndpoint] as const;

export type OrderListRowWire = FromSchema<typeof orderListRowSchema>;
export type OrderDetailWire = FromSchema<typeof orderDetailSchema>;
