/**
 * An account order or quote (GET /api/my-account/orders/{id}, …/quotes/{id}) as the shared
 * read-only pieces of widgets/payment-summary/ take it, so the account views show items and
 * addresses with the same markup as the quote and split payment pages; and the totals rows with the
 * account's own names of two rows (Shipping & Handling, Grand Total), where the payment pages say
 * Shipping and Total.
 */
import type { PurchaseSummary, SummaryAddress } from '../../../widgets/payment-summary/summary-types';
import type { AccountRecord, DetailAddress } from './account-api';

export function summaryAddress(address: DetailAddress): SummaryAddress {
  return {
    type: address.type,
    firstName: address.firstName,
    lastName: address.lastName,
    street1: address.street1,
    street2: address.street2 ?? undefined,
    city: address.city,
    state: address.state,
    zipCode: address.zipCode,
    countryId: address.countryId,
    phoneNumber: address.phoneNumber ?? undefined,
    email: address.email ?? undefined,
  };
}

export function purchaseOf(record: AccountRecord): PurchaseSummary {
  return {
    firstName: record.firstName ?? '',
    lastName: record.lastName ?? '',
    email: record.email ?? '',
    phone: record.phone,
    addresses: record.addresses.map(summaryAddress),
    items: record.items,
    subtotal: record.subtotal,
    shippingAmount: record.shippingAmount,
    shippingLabel: record.shippingLabel,
    taxAmount: record.taxAmount,
    shippingTaxAmount: record.shippingTaxAmount,
    taxPercent: record.taxPercent,
    discountAmount: Math.abs(record.discountAmount ?? 0),
    total: record.total,
    additionalNotes: record.additionalNotes,
  };
}

/** The account's names of two totals rows, where the payment pages say Shipping and Total; and its tax row, shown at $0.00 too. */
export const ACCOUNT_TOTALS_LABELS = { shipping: 'Shipping & Handling', total: 'Grand Total', zeroTax: true } as const;
