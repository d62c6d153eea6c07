/** Helpers for the commerce API tests: request helpers, a valid checkout payload, catalog SKUs. */
import path from 'node:path';
import { projectRoot } from '../build-output';
import { toCents } from '../../schemas/money';
import type { QuoteRow, QuoteService } from '../services/quote-service';
import { loadSampleCatalog } from '../services/sample-catalog';

export const demoCatalog = loadSampleCatalog(path.join(projectRoot, 'examples', 'site'));

export function skus(n: number): string[] {
  const all = demoCatalog.all().map((s) => s.sku);
  if (all.length < n) throw new Error(`the demo catalog has ${all.length} samples, the test needs ${n}`);
  return all.slice(0, n);
}

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * What the store's checkout sends with `POST /api/order`: a fresh Idempotency-Key, unless the test
 * names its own (a retry) in `headers`. The server refuses an order without one.
 */
export function checkoutHeaders(method: string, pathname: string, headers: Record<string, string>): Record<string, string> {
  const named = Object.keys(headers).some((h) => h.toLowerCase() === 'idempotency-key');
  return method === 'POST' && pathname === '/api/order' && !named ? { 'Idempotency-Key': `test-${crypto.randomUUID()}`, ...headers } : headers;
}

export async function api<T = Record<string, any>>(base: string, method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<T>> {
  const res = await fetch(base + pathname, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...checkoutHeaders(method, pathname, headers) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export const billing = {
  type: 'billing',
  email: 'jane.doe@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  street1: '12 Main St',
  street2: '',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  countryId: 'US',
  phoneNumber: '(512) 555-0100',
};

export function orderPayload(overrides: Record<string, unknown> = {}, itemSkus = skus(2)): Record<string, unknown> {
  return {
    state: 'new',
    status: 'pending',
    orderCurrencyCode: 'USD',
    email: billing.email,
    firstName: billing.firstName,
    lastName: billing.lastName,
    customerIsGuest: true,
    items: itemSkus.map((sku) => ({ sku, qty: 1, finish: { type: 'Finish', value: 'alpine-white', label: 'Alpine White' } })),
    addresses: [billing, { ...billing, type: 'shipping' }],
    payments: [{ method: 'card', methodLabel: 'Credit or debit card' }],
    shippingMethod: 'standard-freight',
    ...overrides,
  };
}

export const quoteFile = {
  poNumber: 'PO-7781',
  firstName: 'Sam',
  lastName: 'Carter',
  email: 'sam.carter@example.com',
  phone: '5125550199',
  addresses: [
    { ...billing, email: 'sam.carter@example.com', firstName: 'Sam', lastName: 'Carter' },
    { ...billing, type: 'shipping', email: 'sam.carter@example.com', firstName: 'Sam', lastName: 'Carter' },
  ],
  items: [
    { name: 'Hartford Shaker wall cabinet W3030', sku: 'HS-W3030', qty: 4, price: 289.5, notes: 'Alpine White' },
    { name: 'Installation', sku: 'INSTALL', qty: 1, price: 1200 },
  ],
  shippingAmount: 249,
  shippingLabel: 'Standard freight',
  shippingMethod: 'standard-freight',
  taxAmount: 118.2,
  discountAmount: 100,
  additionalNotes: 'Deliver on a weekday.',
  splitPaymentEnabled: true,
  minimumSplitAmount: 500,
};

type QuoteFixture = typeof quoteFile & Record<string, unknown>;

/**
 * Stores `quoteFile` (with overrides) as a sent quote whose money is the fixture's: a seed for the
 * tests of paying, owning and converting a quote, which are not about pricing. How a quote is priced
 * from the catalog is server/back-office/quote-builder.test.ts's subject.
 */
export function storeQuote(quotes: QuoteService, overrides: Partial<QuoteFixture> = {}): Promise<QuoteRow> {
  const f = { ...quoteFile, ...overrides } as QuoteFixture;
  const items = f.items.map((i) => ({ name: i.name, sku: i.sku, qty: i.qty, priceCents: toCents(i.price), rowTotalCents: toCents(i.price) * i.qty, notes: 'notes' in i ? String(i.notes) : '' }));
  const subtotal = items.reduce((a, i) => a + i.rowTotalCents, 0);
  const [shipping, tax, discount] = [f.shippingAmount, f.taxAmount, f.discountAmount].map(toCents) as [number, number, number];
  return quotes.store({
    po_number: f.poNumber,
    first_name: f.firstName,
    last_name: f.lastName,
    email: f.email,
    phone: f.phone,
    items: JSON.stringify(items),
    addresses: JSON.stringify(f.addresses),
    subtotal_cents: subtotal,
    shipping_cents: shipping,
    tax_cents: tax,
    discount_cents: discount,
    total_cents: subtotal + shipping + tax - discount,
    shipping_method: f.shippingMethod,
    shipping_label: f.shippingLabel,
    additional_notes: f.additionalNotes,
    split_payment_enabled: f.splitPaymentEnabled ? 1 : 0,
    minimum_split_cents: toCents(f.minimumSplitAmount),
    customer_id: null,
  });
}

/** Lets a run point the test servers at another content folder (CONTENT_DIR), e.g. a stable copy. */
export const testEnv: Record<string, string> = process.env.CONTENT_DIR ? { CONTENT_DIR: process.env.CONTENT_DIR } : {};
