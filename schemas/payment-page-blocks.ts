/**
 * The blocks that take a payment, and the scope each offers its payment methods for. A page holding
 * one is a payment page: it runs only the scripts of the payment pages' inventory, under their own
 * policy (docs/payment-pages.md), so the renderer leaves off what those pages do not need (the
 * footer's newsletter form, whose captcha would be one more third-party script there).
 */
import type { PaymentScope } from './payment-method-selection';

export const PAYMENT_BLOCK_SCOPES = {
  checkout: 'sample-order',
  'quote-payment': 'convert-to-order',
  'split-payment': 'complete-order-payment',
} as const satisfies Record<string, PaymentScope>;

export type PaymentBlockType = keyof typeof PAYMENT_BLOCK_SCOPES;

export function isPaymentBlockType(type: string): type is PaymentBlockType {
  return Object.hasOwn(PAYMENT_BLOCK_SCOPES, type);
}

/** The payment block of a page (its first), or null for a page that takes no payment. */
export function paymentBlockOf(blocks: readonly { type: string }[]): PaymentBlockType | null {
  return (blocks.find((b) => isPaymentBlockType(b.type))?.type as PaymentBlockType | undefined) ?? null;
}

/**
 * The islands a payment page may hydrate: the shell's (the footer's newsletter form is left off
 * there) and the payment blocks with the quote link that brings the quote page its token. Their
 * chunks, and everything those import, are the first-party scripts of the payment pages'
 * inventory; an island outside this list would be refused by the pages' policy.
 */
export const PAYMENT_PAGE_ISLANDS = ['header', 'alerts', 'back-to-top', 'cookie-banner', 'checkout', 'quote-payment', 'split-payment', 'quote-link'] as const;
