import type { LineDetail } from '../../schemas/evaluators/quote-lines';

/**
 * What the read-only order and quote views show, as the API answers it (`GET /api/quote`,
 * `GET /api/order/{id}?email=`, the account pages' order and quote views): the fields both share,
 * so one set of cards and one item table serves every page that shows a purchase.
 */

export interface SummaryAddress {
  type: 'billing' | 'shipping' | string;
  firstName: string;
  lastName: string;
  email?: string;
  phoneNumber?: string;
  street1: string;
  /** A quote's is null when there is none. */
  street2?: string | null;
  city: string;
  state: string;
  zipCode: string;
  countryId: string;
}

/** A chosen option of an item (a door finish): shown as "type: label". */
export interface SummaryItemOption {
  type?: string;
  label?: string;
  value?: string;
}

export interface SummaryItem {
  id?: number;
  name: string;
  sku: string;
  qty: number;
  /** Unit price, dollars. */
  price: number;
  rowTotal: number;
  notes?: string | null;
  customOptions?: readonly unknown[];
  /** A kitchen line's words (finish, options, measure, room): schemas/evaluators/quote-lines.ts formats them. */
  detail?: LineDetail | null;
}

/** The purchase as the cards and the table need it; amounts are the server's, in dollars. */
export interface PurchaseSummary {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  addresses: readonly SummaryAddress[];
  items: readonly SummaryItem[];
  subtotal: number;
  shippingAmount: number;
  shippingMethod?: string | null;
  shippingLabel?: string | null;
  taxAmount: number;
  /** The part of taxAmount on shipping, shown as its own row so the rows add up. */
  shippingTaxAmount?: number;
  taxPercent?: number;
  discountAmount: number;
  total: number;
  additionalNotes?: string | null;
}
