/**
 * An order as `GET /api/order/{id}?email=` and `POST /api/order/{id}/split-payment` answer it (the
 * fields this page reads), and what is left to pay: total minus completed payments, 2 decimals
 * (001 §4), from the server's own figures.
 */
import { toCents, toDollars } from '../../schemas/money';
import { remainingBalanceCents } from '../../schemas/evaluators/split-amount';
import type { PurchaseSummary } from '../payment-summary/summary-types';

export interface SplitOrderPayment {
  id: number;
  method: string;
  methodLabel?: string | null;
  status: string;
  amount: number;
  createdAt: string;
}

export interface SplitOrder extends PurchaseSummary {
  id: number;
  orderIncrementId: string;
  poNumber?: string | null;
  status: string;
  payments: SplitOrderPayment[];
  splitPaymentEnabled: boolean;
  minimumSplitAmount: number;
}

export function balanceDueCents(order: Pick<SplitOrder, 'total' | 'payments'>): number {
  return remainingBalanceCents(
    toCents(order.total),
    order.payments.map((p) => ({ status: p.status, amountCents: toCents(p.amount) })),
  );
}

export function balanceDue(order: Pick<SplitOrder, 'total' | 'payments'>): number {
  return toDollars(balanceDueCents(order));
}
