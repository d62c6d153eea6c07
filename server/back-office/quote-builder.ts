/**
 * Making a quote in the studio: the customer, the addresses (checked by the checkout's field rules),
 * the lines priced from the catalog with shipping and tax by the store's rules (./quote-pricing.ts),
 * stored through the quote service that `npm run quote` uses, so the storefront's quote page and
 * the payment flow treat it like any other quote.
 *
 * When the customer's e-mail has a customer account, the quote is that account's (`customer_id`):
 * it shows in the account, and the order paid from it does too (server/orders/quote-orders.ts).
 */
import type { RequestBody } from '../../schemas/api/endpoint';
import { QUOTE_TOTAL_ZERO, type quoteCreateEndpoint } from '../../schemas/api/back-office-quotes';
import { validatePersonName, validatePhone } from '../../schemas/evaluators/checkout-fields';
import { toCents } from '../../schemas/money';
import { NO_METHODS } from '../api/cart';
import type { Queries } from '../db/queries';
import { ApiError } from '../http/api-error';
import { CustomerService } from '../services/customer-service';
import { readEmailAddress } from '../services/email-address';
import { readAddress, type AddressType, type OrderAddress } from '../orders/order-address';
import type { QuoteItem } from '../orders/quote-orders';
import type { QuoteRow, QuoteService } from '../services/quote-service';
import type { SampleCatalog } from '../services/sample-catalog';
import { priceQuote, pricingAddress, readQuoteLines, type QuoteRules } from './quote-pricing';

export type QuoteInput = RequestBody<typeof quoteCreateEndpoint>;

export interface QuoteBuilderDeps {
  q: Queries;
  quotes: QuoteService;
  catalog: SampleCatalog;
  rules: QuoteRules;
}

/** An address of the request, checked; its problems go to `errors` as `billingAddress.zipCode`. */
function address(raw: unknown, type: AddressType, email: string, errors: Record<string, string>): OrderAddress {
  const found: Record<string, string> = {};
  const read = readAddress(raw, type, found, email);
  for (const [field, message] of Object.entries(found)) {
    const name = field.slice(type.length + 1);
    // The address's e-mail is the customer's, whose problem is told once, as customer.email.
    if (name !== 'email') errors[`${type}Address.${name}`] ??= message;
  }
  return read;
}

function readCustomer(input: QuoteInput['customer'], errors: Record<string, string>) {
  const email = readEmailAddress(input.email);
  if ('problem' in email) errors['customer.email'] = email.problem;
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const phone = (input.phone ?? '').trim();
  const check = (field: string, problem: string | null) => {
    if (problem) errors[`customer.${field}`] = problem;
  };
  check('firstName', validatePersonName(firstName));
  check('lastName', validatePersonName(lastName));
  if (phone) check('phone', validatePhone(phone));
  return { email: 'address' in email ? email.address : input.email.trim(), firstName, lastName, phone };
}

/** Checks and prices the request, stores the quote; 400 with every wrong field (the lines' after the rest). */
export async function buildQuote(deps: QuoteBuilderDeps, input: QuoteInput): Promise<QuoteRow> {
  const errors: Record<string, string> = {};
  const customer = readCustomer(input.customer, errors);
  const billing = address(input.billingAddress, 'billing', customer.email, errors);
  const shipping = input.shippingAddress ? address(input.shippingAddress, 'shipping', customer.email, errors) : { ...billing, type: 'shipping' as const };
  if (Object.keys(errors).length) throw new ApiError(400, 'validation_failed', Object.values(errors)[0]!, errors);

  const lines = readQuoteLines(input.lines, deps.catalog);
  const price = priceQuote(lines, input.discount ?? null, pricingAddress(shipping), deps.rules);
  if (price.shipping.kind !== 'applied') {
    const field = input.shippingAddress ? 'shippingAddress.zipCode' : 'billingAddress.zipCode';
    throw new ApiError(400, 'validation_failed', NO_METHODS, { [field]: NO_METHODS });
  }
  if (price.totalCents <= 0) throw new ApiError(400, 'validation_failed', QUOTE_TOTAL_ZERO, { total: QUOTE_TOTAL_ZERO });

  const account = await new CustomerService(deps.q).byEmail(customer.email);
  const items: QuoteItem[] = price.lines.map((l) => ({
    name: l.item.name,
    sku: l.item.sku,
    qty: l.qty,
    priceCents: l.item.priceCents,
    rowTotalCents: l.rowTotalCents,
    notes: l.notes,
    customOptions: l.options,
  }));
  return deps.quotes.store({
    po_number: input.poNumber?.trim() || null,
    first_name: customer.firstName,
    last_name: customer.lastName,
    email: customer.email,
    phone: customer.phone || billing.phoneNumber,
    items: JSON.stringify(items),
    addresses: JSON.stringify([billing, shipping]),
    subtotal_cents: price.subtotalCents,
    shipping_cents: price.shippingCents,
    tax_cents: price.taxCents,
    discount_cents: price.discountCents,
    total_cents: price.totalCents,
    shipping_method: price.shipping.method.type,
    shipping_label: price.shipping.method.displayName,
    additional_notes: input.notes?.trim() || null,
    split_payment_enabled: input.splitPaymentEnabled === true ? 1 : 0,
    minimum_split_cents: toCents(input.minimumSplit ?? 0),
    customer_id: account ? String(account.id) : null,
  });
}
