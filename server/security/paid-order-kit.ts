/**
 * An order its customer paid, as the refund tests start from: placed through the store's API (the
 * addresses in the customer's name and e-mail), charged with a card of the offline test gateway
 * through the store's own payment route, and its payment as the ledger recorded it. One fixture for
 * every refund test, so that what "a paid order" is stays the same in all of them.
 */
import { expect } from 'vitest';
import { api, orderPayload } from '../api/commerce-test-kit';
import type { TestServer } from '../testing/test-server';
import { bearer, call, card, CARD_NEEDS_AUTHENTICATION } from './attacker-kit';

export interface PaidOrder {
  id: number;
  /** The order's access token (its customer's proof). */
  token: string;
  /** The payment the charge recorded. */
  paymentId: number;
  /** The order's total, in dollars as the API answers it. */
  total: number;
}

/** Places an order of `email` and charges its card (`cardNumber`), asserting the charge answered `expectedStatus`. */
async function placedAndCharged(server: TestServer, email: string, cardNumber: string, expectedStatus: number): Promise<PaidOrder> {
  const addresses = (orderPayload().addresses as Array<Record<string, unknown>>).map((a) => ({ ...a, email }));
  const placed = await api(server.url, 'POST', '/api/order', orderPayload({ email, addresses }));
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = placed.body as { id: number; accessToken: string; total: number };
  const charged = await call(server.url, 'POST', '/api/payment/test/charge', { body: { ...card(cardNumber), metadata: { orderId: String(order.id) } }, headers: bearer(order.accessToken) });
  expect(charged.status, charged.text).toBe(expectedStatus);
  const payment = await server.q.first(server.q.db.selectFrom('payment').select('id').where('order_id', '=', order.id));
  return { id: order.id, token: order.accessToken, paymentId: payment!.id, total: order.total };
}

/** An order of `email` paid in full with a test card that goes through (4242 4242 4242 4242 unless another is named). */
export function paidOrder(server: TestServer, email: string, cardNumber = card().cardNumber!): Promise<PaidOrder> {
  return placedAndCharged(server, email, cardNumber, 200);
}

/** An order of `email` whose payment waits for the bank's authentication (402): a refund of it is a void. */
export function orderWaitingForBank(server: TestServer, email: string): Promise<PaidOrder> {
  return placedAndCharged(server, email, CARD_NEEDS_AUTHENTICATION, 402);
}
