/**
 * Split amount rules with the split-payment forms' messages: the shared evaluators of
 * schemas/evaluators/split-amount.ts (the browser runs the same), returning the amount in cents.
 */
import { parseAmountCents, validateQuoteSplitAmount, validateSplitAmount } from '../../schemas/evaluators/split-amount';

export type SplitCheck = { ok: true; amountCents: number } | { ok: false; message: string };

function amountInput(raw: unknown): string | number | null {
  return typeof raw === 'string' || typeof raw === 'number' ? raw : raw === undefined || raw === null ? null : 'invalid';
}

/** A payment toward an order's due amount (the split-payment page). */
export function checkOrderSplitAmount(raw: unknown, dueCents: number, minimumCents: number): SplitCheck {
  const amount = amountInput(raw);
  const message = validateSplitAmount({ amount, dueCents, minimumCents });
  return message ? { ok: false, message } : { ok: true, amountCents: parseAmountCents(amount)! };
}

/** The first payment of a quote (quote payment page): at least the minimum, at most the total. */
export function checkQuoteSplitAmount(raw: unknown, totalCents: number, minimumCents: number): SplitCheck {
  const amount = amountInput(raw);
  const message = validateQuoteSplitAmount({ amount, totalCents, minimumCents });
  return message ? { ok: false, message } : { ok: true, amountCents: parseAmountCents(amount)! };
}
