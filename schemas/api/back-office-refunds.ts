/**
 * Refunds in the back office (server/back-office/refund-routes.ts, server/orders/refunds.ts): an
 * editor asks for money to be given back on a completed payment, with a reason and a note; a
 * publisher (or an admin) carries it out through the payment's gateway, or refuses it. A publisher
 * may ask and carry out at once. A payment that took no money yet (waiting for the bank, not
 * captured, not settled) is voided instead, in full. An overpayment's "refund due" is refunded in
 * one step. Admins export the payments and refunds of a period, to reconcile with the gateways.
 *
 * Amounts are dollars with two decimals; never more than the payment took less what was already
 * given back or asked for, decided under the order's row lock.
 */
import { endpoint, errorSchema, moneySchema, successWith } from './endpoint';
import { orderDetailSchema, ORDER_NOT_FOUND } from './back-office-orders';
import { REFUND_REASONS, REFUND_REASON_LABELS } from './refund-view';
import { denied, idParam, objectBody, operatorSession, REQUIRED } from './studio-common';

export { REFUND_REASONS, REFUND_REASON_LABELS };

export const REFUND_NOT_FOUND = 'Refund not found.';
export const PAYMENT_NOT_FOUND = 'This payment is not one of the order.';
export const REFUND_AMOUNT_MESSAGE = 'Enter an amount in dollars, more than 0, with at most two decimals.';
export const REFUND_REASON_MESSAGE = `Choose a reason: one of ${REFUND_REASONS.join(', ')}.`;
export const REFUND_NOTE_MESSAGE = 'Write a note of at most 500 characters.';
export const REFUND_COMMENT_MESSAGE = 'Write a comment of at most 500 characters.';
export const REFUND_KEY_MESSAGE = 'The Idempotency-Key header must be 16 to 128 letters, digits or -_:. (a random UUID).';
export const REFUND_KEY_REUSED = 'This Idempotency-Key asked for another refund (another order, payment or amount): send a new key for this one.';
export const REFUND_LINE_NOT_FOUND = 'This line is not one of the order.';
export const REFUND_LINES_MESSAGE = 'Choose the lines that came back: each a line of the order and a whole number of at least 1, at most 100 lines.';
export const REFUND_AMOUNT_OR_LINES = 'Enter an amount, or choose the lines that came back.';
export const EXPORT_DATE_MESSAGE = 'Enter a date as YYYY-MM-DD.';

const tags = ['back office'] as const;
const orderIdParam = idParam(ORDER_NOT_FOUND);
const idPath = (message: string) => ({ type: 'string', pattern: '^[1-9][0-9]{0,14}$', 'x-message': message }) as const;
const note = { type: 'string', maxLength: 500, pattern: '^[^\\u0000]*$', 'x-message': REFUND_NOTE_MESSAGE } as const;

/** Repeating a request with its key answers the refund it made, and asks for no second one. */
const requestKeyHeaders = {
  type: 'object',
  properties: {
    'idempotency-key': { type: 'string', pattern: '^[A-Za-z0-9_:.-]{16,128}$', description: 'A random UUID kept while the operator retries the same request', 'x-message': REFUND_KEY_MESSAGE },
  },
} as const;

const refundAnswer = {
  200: successWith(orderDetailSchema),
  400: { ...errorSchema, description: 'validation_failed: fields name the wrong amount, reason or note' },
  ...denied,
  404: { ...errorSchema, description: 'The order, its payment or its refund does not exist' },
  409: { ...errorSchema, description: 'refund_exceeds_line: more units of a line than are left to return (the message names the line and how many); refund_exceeds_payment: more than is left of the payment (the message says how much); refund_decided: carried out or refused already; currency_mismatch; idempotency_key_reused: the Idempotency-Key asked for another refund (fields[\'Idempotency-Key\'])' },
  502: { ...errorSchema, description: 'provider_unreachable: the gateway did not answer; nothing was given back, the refund can be carried out again' },
} as const;

export const refundRequestEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/orders/:id/refunds',
  summary:
    "Ask for money to be given back on one of the order's payments (a void when it took none yet), with a reason and a note; a publisher may carry it out at once (`carryOut`). The answer is the order with its refunds; a refusal of the gateway is the refund's `failed` status with the gateway's words",
  caller: 'an editor (carrying out: a publisher or an admin)',
  security: operatorSession,
  tags,
  request: {
    params: orderIdParam,
    headers: requestKeyHeaders,
    body: objectBody(
      {
        paymentId: { type: 'integer', minimum: 1, 'x-message': PAYMENT_NOT_FOUND, 'x-required': REQUIRED },
        amount: { ...moneySchema, exclusiveMinimum: 0, maximum: 10_000_000, description: 'An amount (goodwill); leave it out for a refund by line', 'x-message': REFUND_AMOUNT_MESSAGE },
        lines: {
          type: 'array',
          minItems: 1,
          maxItems: 100,
          description: 'A refund by line: the units that came back. The store computes what they give back (each line\'s share of the discount and of the tax; the shipping with the last unit of the order) and records them on the lines',
          'x-message': REFUND_LINES_MESSAGE,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['itemId', 'qty'],
            'x-message': REFUND_LINES_MESSAGE,
            properties: {
              itemId: { type: 'integer', minimum: 1, maximum: 2_147_483_647, 'x-message': REFUND_LINES_MESSAGE },
              qty: { type: 'integer', minimum: 1, maximum: 100_000, 'x-message': REFUND_LINES_MESSAGE },
            },
          },
        },
        currency: { const: 'USD', description: 'The payment\'s currency; the store takes dollars', 'x-message': 'The store refunds in USD, the currency of its payments.' },
        reason: { enum: REFUND_REASONS, 'x-message': REFUND_REASON_MESSAGE, 'x-required': REQUIRED },
        note: note,
        carryOut: { type: 'boolean', description: 'Carry it out now (a publisher or an admin)', 'x-message': 'true or false.' },
      },
      ['paymentId', 'reason'],
    ),
  },
  responses: { ...refundAnswer, 201: successWith(orderDetailSchema) },
});

const refundParams = {
  type: 'object',
  required: ['id', 'refundId'],
  properties: { id: orderIdParam.properties.id, refundId: idPath(REFUND_NOT_FOUND) },
} as const;

export const refundCarryOutEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/orders/:id/refunds/:refundId/carry-out',
  summary: 'Carry out a refund an editor asked for, through the payment\'s gateway (once, whoever clicks and on whichever server)',
  caller: 'a publisher',
  security: operatorSession,
  tags,
  request: { params: refundParams },
  responses: refundAnswer,
});

export const refundRefuseEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/orders/:id/refunds/:refundId/refuse',
  summary: 'Turn down a refund an editor asked for, with a comment',
  caller: 'a publisher',
  security: operatorSession,
  tags,
  request: {
    params: refundParams,
    body: objectBody({ comment: { type: 'string', maxLength: 500, pattern: '^[^\\u0000]*$', 'x-message': REFUND_COMMENT_MESSAGE, 'x-required': REQUIRED } }, ['comment']),
  },
  responses: refundAnswer,
});

export const overpaymentRefundEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/orders/:id/overpayments/:overpaymentId/refund',
  summary: 'Refund an overpayment through its payment\'s gateway, in one step: what was paid above the amount due goes back',
  caller: 'a publisher',
  security: operatorSession,
  tags,
  request: {
    params: { type: 'object', required: ['id', 'overpaymentId'], properties: { id: orderIdParam.properties.id, overpaymentId: idPath('Overpayment not found.') } },
    headers: requestKeyHeaders,
  },
  responses: refundAnswer,
});

export const paymentsExportEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/payments/export',
  summary: 'A CSV of every payment and refund of a period (UTC days, both included), one row each, with the gateway\'s references: to reconcile with the gateways\' reports',
  caller: 'an admin',
  security: operatorSession,
  tags,
  request: {
    query: {
      type: 'object',
      required: ['from', 'to'],
      additionalProperties: false,
      properties: {
        from: { type: 'string', format: 'date', 'x-message': EXPORT_DATE_MESSAGE, 'x-required': REQUIRED },
        to: { type: 'string', format: 'date', 'x-message': EXPORT_DATE_MESSAGE, 'x-required': REQUIRED },
      },
    },
  },
  responses: {
    200: { type: 'string', description: 'text/csv; an attachment named payments-FROM-TO.csv' },
    400: { ...errorSchema, description: 'validation_failed: a date is wrong, or `to` is before `from`' },
    ...denied,
  },
});

export const waitingRefundsEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/refunds/waiting',
  summary: "What the studio's navigation tells those who may carry refunds out: how many refunds an editor asked for wait for a publisher",
  caller: 'a publisher',
  security: operatorSession,
  tags,
  responses: {
    200: successWith({ type: 'object', required: ['count'], additionalProperties: false, properties: { count: { type: 'integer', minimum: 0 } } }),
    ...denied,
  },
});

export const backOfficeRefundEndpoints = [refundRequestEndpoint, refundCarryOutEndpoint, refundRefuseEndpoint, overpaymentRefundEndpoint, paymentsExportEndpoint, waitingRefundsEndpoint] as const;
