/**
 * The store's discount limit (site.json quotes.discountLimitPercent) on a quote, at every save and
 * every send, new quote or draft: what is compared with the limit is the discount's share of the
 * subtotal, as priced now. Above it, the save passes only
 * - when the caller is a publisher (or an admin): their save approves that share, and the quote keeps
 *   the approval (`quote.discount_approval`: the share, who, when);
 * - or when the quote holds a publisher's approval of at least that share: an editor may then save
 *   and send it, and lower it, never raise it past what was approved.
 * A discount amount a publisher approved is not an approval of a larger share: an editor who keeps
 * the amount and removes lines raises the share, and is refused. The audit's words say which case
 * it was: approved now by whom, or within whose earlier approval.
 */
import { discountNeedsPublisher } from '../../schemas/api/back-office-quotes';
import { formatMoney, toDollars } from '../../schemas/money';
import { ApiError } from '../http/api-error';
import { discountPercent, type QuotePrice } from './quote-pricing';

/** A publisher's approval of a discount's share of the subtotal. */
export interface DiscountApproval {
  /** The share approved, in percent to the hundredth. */
  percent: number;
  /** Who approved it: the operator's e-mail, or "the quote command". */
  by: string;
  at: string;
}

/** The discount's share of the subtotal, the store's limit, and whether a publisher must send it. */
export function approvalOf(price: Pick<QuotePrice, 'discountCents' | 'subtotalCents'>, limitPercent: number) {
  const percent = discountPercent(price.discountCents, price.subtotalCents);
  return { discountPercent: percent, limitPercent, needsPublisher: percent > limitPercent };
}

export function readApproval(stored: string | null | undefined): DiscountApproval | null {
  if (!stored) return null;
  const parsed = JSON.parse(stored) as Partial<DiscountApproval>;
  return typeof parsed.percent === 'number' && typeof parsed.by === 'string' ? { percent: parsed.percent, by: parsed.by, at: String(parsed.at ?? '') } : null;
}

export interface DiscountCaller {
  publisher: boolean;
  /** The operator's e-mail; absent for the quote command. */
  email?: string;
}

export interface DiscountDecision {
  /** What the quote holds after this save: the approval given now, or the one it had. */
  approval: DiscountApproval | null;
  /** What the audit says of the discount, when it is above the limit. */
  words: string[];
}

/**
 * Whether this save may hold this discount: 403 `discount.value` for an editor's share above the
 * limit that no publisher approved (or above what one approved).
 */
export function decideDiscount(price: QuotePrice, limitPercent: number, caller: DiscountCaller, held: DiscountApproval | null, now = new Date()): DiscountDecision {
  const share = approvalOf(price, limitPercent);
  if (!share.needsPublisher) return { approval: held, words: [] };
  const above = `discount ${share.discountPercent} % (${formatMoney(toDollars(price.discountCents))}) above the ${limitPercent} % limit`;
  if (caller.publisher) {
    const approval = { percent: share.discountPercent, by: caller.email ?? 'the quote command', at: now.toISOString() };
    return { approval, words: [`${above}, approved by ${approval.by}`] };
  }
  if (held && share.discountPercent <= held.percent) return { approval: held, words: [`${above}, within the ${held.percent} % ${held.by} approved`] };
  const message = discountNeedsPublisher(limitPercent);
  throw new ApiError(403, 'forbidden', message, { 'discount.value': message });
}
