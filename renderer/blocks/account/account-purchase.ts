/**
 * An account order or quote (GET /api/my-account/orders/{id}, …/quotes/{id}) as the shared
 * read-only pieces of widgets/payment-summary/ take it, so the account views show items and
 * addresses with the same markup as the quote and split payment pages; and the totals rows with the
 * account's own labels (Subtotal, Shipping & Handling, Tax, Grand Total), where the payment pages
 * say Subtotal, Shipping, Tax, Discount and Total.
 */
import { formatMoney } from '../../../schemas/money';
import type { TotalsRow } from '../../../widgets/payment-summary/ItemTable';
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
    discountAmount: Math.abs(record.discountAmount ?? 0),
    total: record.total,
    additionalNotes: record.additionalNotes,
  };
}

/** The account's totals: subtotal, shipping and handling, tax, grand total; a discount only when there is one. */
export function accountTotalsRows(record: AccountRecord): TotalsRow[] {
  const discount = Math.abs(record.discountAmount ?? 0);
  return [
    { label: 'Subtotal', amount: formatMoney(record.subtotal) },
    ...(discount > 0 ? [{ label: 'Discount', amount: formatMoney(-discount) }] : []),
    { label: 'Shipping & Handling', amount: formatMoney(record.shippingAmount) },
    { label: 'Tax', amount: formatMoney(record.taxAmount) },
    { label: 'Grand Total', amount: formatMoney(record.total), total: true },
  ];
}
