/**
 * An order as `GET /api/order/{id}?email=` and `POST /api/order/{id}/split-payment` answer it (the
 * fields this page reads), and what is left to pay: total minus completed payments, 2 decimals,
 * from the server's own figures.
 */
import { toCents, toDollars } from '../../schemas/money';
import { remainingBalanceCents } from '../../schemas/evaluators/split-amount';
import type { RequestBody, ResponseBody } from '../../schemas/api/endpoint';
import type { PaymentViewWire } from '../../schemas/api/order-view';
import type { lookupOrderEndpoint, splitPaymentEndpoint } from '../../schemas/api/orders';

/** A payment of the order, as the order's view lists it. */
export type SplitOrderPayment = PaymentViewWire;

/** The order `GET /api/order/{id}?email=` and `POST /api/order/{id}/split-payment` answer (their contracts, schemas/api/orders.ts). */
export type SplitOrder = ResponseBody<typeof lookupOrderEndpoint, 200>['data'];
export type LookupAnswer = ResponseBody<typeof lookupOrderEndpoint, 200>;
export type SplitPaymentRequest = RequestBody<typeof splitPaymentEndpoint>;
export type SplitPaymentAnswer = ResponseBody<typeof splitPaymentEndpoint, 200>;

export function balanceDueCents(order: Pick<SplitOrder, 'total' | 'payments'>): number {
  return remainingBalanceCents(
    toCents(order.total),
    order.payments.map((p) => ({ status: p.status, amountCents: toCents(p.amount) })),
  );
}

export function balanceDue(order: Pick<SplitOrder, 'total' | 'payments'>): number {
  return toDollars(balanceDueCents(order));
}
