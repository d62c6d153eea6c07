/**
 * The status moves an operator may make by hand: the server's state machine
 * (../services/order-status.ts ORDER_TRANSITIONS) less the moves payments make. pending,
 * pending_payment and partially_paid follow payments only, and `ordered` means "paid": an operator
 * gives it back only when releasing a hold, never to an unpaid order.
 */
import { OPERATOR_ORDER_STATUSES } from '../../schemas/api/back-office-orders';
import { isOrderStatus, ORDER_TRANSITIONS } from '../orders/order-status';

export type OperatorOrderStatus = (typeof OPERATOR_ORDER_STATUSES)[number];

export function isOperatorStatus(status: string): status is OperatorOrderStatus {
  return (OPERATOR_ORDER_STATUSES as readonly string[]).includes(status);
}

/** The statuses an operator may move an order in `from` to, in the order of OPERATOR_ORDER_STATUSES. */
export function operatorMoves(from: string): OperatorOrderStatus[] {
  if (!isOrderStatus(from)) return [];
  const allowed = ORDER_TRANSITIONS[from];
  return OPERATOR_ORDER_STATUSES.filter((to) => to !== from && allowed.includes(to) && (to !== 'ordered' || from === 'holded'));
}
