/**
 * Split and quote payment amounts. The server runs the same rules on
 * the amount it is asked to charge. Bounds are integer cents; the amount is what the visitor typed
 * (a string) or a number of dollars. An amount with more than two decimals is not a valid number:
 * the input's step is 0.01 and money is never rounded silently.
 */
import { toCents, toDollars } from '../money';
import { exceedsDueAmount, minimumPaymentAmount, mustPayFullDue, quoteMinimumAmount, SPLIT_MESSAGES as M } from './checkout-messages';

type AmountInput = string | number | null | undefined;

function isBlank(amount: AmountInput): boolean {
  return amount === null || amount === undefined || (typeof amount === 'string' && amount.trim() === '');
}

/** Cents of a typed amount, or null when it is not a number with at most two decimals. */
export function parseAmountCents(amount: AmountInput): number | null {
  if (isBlank(amount)) return null;
  const textual = typeof amount === 'number' ? String(amount) : String(amount).trim();
  if (!/^[-+]?(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(textual)) return null;
  const n = Number(textual);
  return Number.isFinite(n) ? toCents(n) : null;
}

/**
 * The amount of a split payment on an order: required, a number, above 0, at most the due amount;
 * at least the minimum, unless the due amount is at or below the minimum, when the full due amount
 * must be paid. Returns the message, or null when the amount may be charged.
 */
export function validateSplitAmount(input: { amount: AmountInput; dueCents: number; minimumCents?: number }): string | null {
  const { dueCents } = input;
  const minimumCents = input.minimumCents ?? 0;
  if (isBlank(input.amount)) return M.amountRequired;
  const cents = parseAmountCents(input.amount);
  if (cents === null) return M.validNumber;
  if (cents <= 0) return M.greaterThanZero;
  if (cents > dueCents) return exceedsDueAmount(toDollars(dueCents));
  if (dueCents <= minimumCents) return cents === dueCents ? null : mustPayFullDue(toDollars(dueCents));
  if (cents < minimumCents) return minimumPaymentAmount(toDollars(minimumCents));
  return null;
}

/** The split amount chosen when paying a quote: required, a number, at least the minimum, at most the total. */
export function validateQuoteSplitAmount(input: { amount: AmountInput; totalCents: number; minimumCents?: number }): string | null {
  const minimumCents = input.minimumCents ?? 0;
  if (isBlank(input.amount)) return M.quoteAmountRequired;
  const cents = parseAmountCents(input.amount);
  if (cents === null) return M.validNumber;
  if (cents < minimumCents || cents <= 0) return quoteMinimumAmount(toDollars(Math.max(minimumCents, 1)));
  if (cents > input.totalCents) return M.quoteExceedsTotal;
  return null;
}

/** The order lookup form of the split-payment page. */
export function validateOrderLookup(input: { orderId?: string | null; email?: string | null }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!input.orderId?.trim()) errors.orderId = M.orderIdRequired;
  if (!input.email?.trim()) errors.email = M.emailRequired;
  return errors;
}

/** Remaining balance: total minus completed payments, in cents. */
export function remainingBalanceCents(totalCents: number, payments: readonly { status: string; amountCents: number }[]): number {
  const paid = payments.filter((p) => p.status === 'completed').reduce((sum, p) => sum + p.amountCents, 0);
  return Math.max(0, totalCents - paid);
}
