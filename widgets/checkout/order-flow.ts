/**
 * The order calls of the checkout (docs/commerce-api.md):
 * `POST /api/order` under the checkout's Idempotency-Key (a retry after a failed payment, or a
 * changed cart, updates the same unpaid order), then, once a gateway accepted the payment,
 * `PATCH /api/order {id, payments:[{transactionId, method}]}` with the order's access token. The
 * server confirms the payment with the gateway itself and answers the order's status.
 */
import type { RequestBody, ResponseBody } from '../../schemas/api/endpoint';
import type { createOrderEndpoint, updateOrderEndpoint } from '../../schemas/api/orders';
import { ApiRequestError, type ApiClient } from '../api-client';
import type { AcceptedPayment } from '../payment/payment-types';
import { readCheckoutSession, saveCheckoutSession, startNewCheckout, type CheckoutSession } from './checkout-session';

/** The body of `POST /api/order` (its contract, schemas/api/orders.ts). */
export type OrderRequest = RequestBody<typeof createOrderEndpoint>;
/** The order `POST /api/order` answers, with its access token. */
export type PlacedOrder = ResponseBody<typeof createOrderEndpoint, 201>;

export interface PlaceResult {
  order: PlacedOrder;
  /** True the first time this checkout's order exists (the page emits showroom:order-placed once). */
  created: boolean;
}

export async function placeOrder(api: ApiClient, cartKey: string, payload: OrderRequest): Promise<PlaceResult> {
  let session: CheckoutSession = readCheckoutSession(cartKey);
  let order: PlacedOrder;
  try {
    order = await api.send<PlacedOrder>('POST', '/api/order', payload, { 'Idempotency-Key': session.idempotencyKey });
  } catch (err) {
    // The key's order was paid already (its success page was never reached): this is a new checkout.
    if (!(err instanceof ApiRequestError && err.code === 'order_already_paid')) throw err;
    session = startNewCheckout(cartKey);
    order = await api.send<PlacedOrder>('POST', '/api/order', payload, { 'Idempotency-Key': session.idempotencyKey });
  }
  const created = session.order?.id !== order.id;
  saveCheckoutSession(cartKey, { idempotencyKey: session.idempotencyKey, order: { id: order.id, incrementId: order.orderIncrementId, accessToken: order.accessToken } });
  return { order, created };
}

/** What `PATCH /api/order` answers: the server's message and the order as it confirmed the payment. */
export type RecordedPayment = ResponseBody<typeof updateOrderEndpoint, 200>;

/** Records the accepted payment on the order; the server answers what it confirmed. */
export function recordPayment(api: ApiClient, order: { id: number; accessToken: string }, payment: AcceptedPayment): Promise<RecordedPayment> {
  const body: RequestBody<typeof updateOrderEndpoint> = { id: order.id, payments: [{ transactionId: payment.transactionId, method: payment.method }] };
  return api.send<RecordedPayment>('PATCH', '/api/order', body, { Authorization: `Bearer ${order.accessToken}` });
}

/** Statuses of a paid order (server/orders/order-status.ts): ordered, or further along. */
export function isPaidStatus(status: string): boolean {
  return !['new', 'pending', 'pending_payment', 'canceled', 'closed'].includes(status);
}
