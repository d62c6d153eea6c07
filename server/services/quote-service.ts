/**
 * Quotes (001): made by an operator (npm run quote), paid by the customer through a link that
 * carries the quote id and a token. Only the token's sha256 is stored; a link expires; the check
 * runs in constant time. Totals are fixed when the quote is made.
 */
import crypto from 'node:crypto';
import { toCents, toDollars } from '../../schemas/money';
import type { Queries } from '../db/queries';
import type { QuoteTable } from '../db/tables';
import { ApiError } from '../http/api-error';
import { readAddresses } from '../orders/order-address';
import type { QuoteItem } from '../orders/quote-orders';
import { readEmailAddress } from './email-address';
import { isRecord, nowIso, optionalString, requiredString, type Json } from './request-input';
import { constantTimeEqual, sha256Hex } from './secrets';

export const QUOTE_EXPIRED_MESSAGE = 'The quote link has expired. Please contact admin to receive a new payment link.';
export const QUOTE_NOT_FOUND_MESSAGE = 'Quote not found. The link may be incorrect.';
export const DEFAULT_LINK_DAYS = 7;

export type QuoteRow = { [K in keyof QuoteTable]: K extends 'id' ? number : QuoteTable[K] };
/** What a new quote is made of; the rest (number, status, link, order, time) the store sets. */
export type QuoteFields = Omit<QuoteRow, 'id' | 'increment_id' | 'status' | 'token_hash' | 'token_expires_at' | 'order_id' | 'created_at'>;

export interface QuoteLink {
  quoteId: number;
  quoteIncrementId: string;
  token: string;
  expiresAt: string;
  url: string;
}

export function quoteNotExist(): ApiError {
  return new ApiError(400, 'quoteNotExist', QUOTE_NOT_FOUND_MESSAGE, undefined, { errorType: 'quoteNotExist' });
}

function money(raw: unknown, field: string, errors: Record<string, string>, fallback = 0): number {
  if (raw === undefined || raw === null || raw === '') return toCents(fallback);
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  if (!Number.isFinite(n) || n < 0 || n > 10_000_000) {
    errors[field] = 'Must be a valid number';
    return 0;
  }
  return toCents(n);
}

export interface QuoteAccess {
  id: number;
  status: string;
  orderId: number | null;
  expiresAt: string;
}

export class QuoteService {
  private readonly answers = new Map<number, { version: string; json: string }>();

  constructor(
    private readonly q: Queries,
    private readonly publicUrl: string,
  ) {}

  /** Stores a quote from an operator's JSON file; totals are computed from its items once, here. */
  async create(body: Json): Promise<QuoteRow> {
    const errors: Record<string, string> = {};
    const read = readEmailAddress(requiredString(body.email, 'email', 'Email is required', 254));
    if ('problem' in read) errors.email = read.problem;
    const email = 'address' in read ? read.address : String(body.email).trim();
    const firstName = requiredString(body.firstName, 'firstName', 'This field is required', 50);
    const lastName = requiredString(body.lastName, 'lastName', 'This field is required', 50);
    const { billing, shipping } = readAddresses(body, email);
    if (!Array.isArray(body.items) || body.items.length === 0) errors.items = 'A quote needs at least one item.';
    const items: QuoteItem[] = [];
    (Array.isArray(body.items) ? body.items : []).forEach((raw: unknown, i: number) => {
      if (!isRecord(raw)) {
        errors[`items.${i}`] = 'Each item is an object.';
        return;
      }
      const name = typeof raw.name === 'string' && raw.name.trim() ? raw.name.trim() : '';
      const sku = typeof raw.sku === 'string' && raw.sku.trim() ? raw.sku.trim() : '';
      if (!name) errors[`items.${i}.name`] = 'This field is required';
      if (!sku) errors[`items.${i}.sku`] = 'This field is required';
      const qty = typeof raw.qty === 'number' && Number.isInteger(raw.qty) && raw.qty > 0 ? raw.qty : 0;
      if (!qty) errors[`items.${i}.qty`] = 'Must be a number';
      const priceCents = money(raw.price, `items.${i}.price`, errors);
      items.push({ name, sku, qty, priceCents, rowTotalCents: priceCents * qty, notes: typeof raw.notes === 'string' ? raw.notes : '' });
    });
    const shippingCents = money(body.shippingAmount, 'shippingAmount', errors);
    const taxCents = money(body.taxAmount, 'taxAmount', errors);
    const discountCents = money(body.discountAmount, 'discountAmount', errors);
    const minimumSplitCents = money(body.minimumSplitAmount, 'minimumSplitAmount', errors);
    const subtotalCents = items.reduce((a, i) => a + i.rowTotalCents, 0);
    const totalCents = subtotalCents + shippingCents + taxCents - discountCents;
    if (totalCents <= 0) errors.total = 'The quote total must be above 0.';
    if (Object.keys(errors).length) throw new ApiError(400, 'validation_failed', Object.values(errors)[0]!, errors);
    return this.store({
      po_number: optionalString(body.poNumber, 'poNumber', 100) ?? null,
      first_name: firstName,
      last_name: lastName,
      email,
      phone: optionalString(body.phone, 'phone', 30) ?? billing.phoneNumber,
      items: JSON.stringify(items),
      addresses: JSON.stringify([billing, shipping]),
      subtotal_cents: subtotalCents,
      shipping_cents: shippingCents,
      tax_cents: taxCents,
      discount_cents: discountCents,
      total_cents: totalCents,
      shipping_method: optionalString(body.shippingMethod, 'shippingMethod', 100) ?? 'freight',
      shipping_label: optionalString(body.shippingLabel, 'shippingLabel', 200) ?? 'Freight delivery',
      additional_notes: optionalString(body.additionalNotes, 'additionalNotes', 4000) ?? null,
      split_payment_enabled: body.splitPaymentEnabled === true ? 1 : 0,
      minimum_split_cents: minimumSplitCents,
      customer_id: null,
    });
  }

  /**
   * Inserts a quote whose money is already computed (by create above, or the studio's quote
   * builder, server/back-office/quote-builder.ts) and numbers it Q100000 + id; no link yet.
   */
  async store(fields: QuoteFields): Promise<QuoteRow> {
    return this.q.transaction(async (q) => {
      const row = (await q.first(
        q.db
          .insertInto('quote')
          .values({ ...fields, increment_id: null, status: 'ready_to_order', token_hash: null, token_expires_at: null, order_id: null, created_at: nowIso() })
          .returning('id'),
      ))!;
      await q.run(q.db.updateTable('quote').set({ increment_id: `Q${String(100000 + row.id)}` }).where('id', '=', row.id));
      return (await this.row(row.id, q))!;
    });
  }

  /** In a transaction, pass its handle. */
  async row(id: number, q: Queries = this.q): Promise<QuoteRow | undefined> {
    return (await q.firstBy('quote-by-id', (v: number) => q.db.selectFrom('quote').selectAll().where('id', '=', v), id)) as QuoteRow | undefined;
  }

  /** A fresh payment link; the previous one stops working. In a transaction, pass its handle as `q`. */
  async issueLink(quoteId: number, validDays = DEFAULT_LINK_DAYS, now = new Date(), q: Queries = this.q): Promise<QuoteLink> {
    const quote = await this.row(quoteId, q);
    if (!quote) throw new ApiError(404, 'quoteNotExist', 'Quote not found.');
    const token = crypto.randomBytes(24).toString('base64url');
    const expiresAt = new Date(now.getTime() + validDays * 24 * 3600 * 1000).toISOString();
    await q.run(q.db.updateTable('quote').set({ token_hash: sha256Hex(token), token_expires_at: expiresAt }).where('id', '=', quoteId));
    const url = new URL('/quote/payment', this.publicUrl);
    url.searchParams.set('quoteId', String(quoteId));
    url.searchParams.set('token', token);
    return { quoteId, quoteIncrementId: quote.increment_id ?? String(quoteId), token, expiresAt, url: url.href };
  }

  /** The quote a link opens: 400 quoteNotExist for an unknown id or a wrong token, tokenExpired after expiry. */
  async openWithToken(rawId: string | undefined, token: string | undefined, now = new Date()): Promise<QuoteRow> {
    const access = await this.checkToken(rawId, token, now);
    return (await this.row(access.id))!;
  }

  /**
   * The token check alone, reading only the small columns: the id, and what of the quote can still
   * change (status and order). Items, addresses and totals are fixed when the quote is made.
   */
  async checkToken(rawId: string | undefined, token: string | undefined, now = new Date()): Promise<QuoteAccess> {
    if (!rawId || !/^\d{1,12}$/.test(rawId.trim())) throw quoteNotExist();
    const id = Number(rawId);
    const quote = await this.q.firstBy(
      'quote-access-by-id',
      (v: number) => this.q.db.selectFrom('quote').select(['id', 'status', 'order_id', 'token_hash', 'token_expires_at']).where('id', '=', v),
      id,
    );
    const presented = sha256Hex(token ?? '');
    // Compare even when the quote has no token, so timing does not tell whether the id exists.
    const ok = constantTimeEqual(presented, quote?.token_hash ?? '0'.repeat(64));
    if (!quote || !quote.token_hash || !ok) throw quoteNotExist();
    if (!quote.token_expires_at || Date.parse(quote.token_expires_at) <= now.getTime()) {
      throw new ApiError(400, 'tokenExpired', QUOTE_EXPIRED_MESSAGE, undefined, { errorType: 'tokenExpired' });
    }
    return { id: quote.id, status: quote.status, orderId: quote.order_id, expiresAt: quote.token_expires_at };
  }

  /**
   * The API answer for an opened quote, as a JSON string, cached per quote and its mutable state
   * (status, order, link expiry): quote reads are the hot path of the quote payment page.
   */
  async answerJson(access: QuoteAccess): Promise<string> {
    const version = `${access.status}|${access.orderId ?? ''}|${access.expiresAt}`;
    const cached = this.answers.get(access.id);
    if (cached && cached.version === version) return cached.json;
    const row = await this.row(access.id);
    if (!row) throw quoteNotExist();
    const json = JSON.stringify({ success: true, data: QuoteService.view(row) });
    if (this.answers.size >= 1000) this.answers.delete(this.answers.keys().next().value as number);
    this.answers.set(access.id, { version, json });
    return json;
  }

  static view(quote: QuoteRow) {
    const items = JSON.parse(quote.items) as QuoteItem[];
    const addresses = JSON.parse(quote.addresses) as Record<string, unknown>[];
    return {
      id: quote.id,
      quoteIncrementId: quote.increment_id ?? String(quote.id),
      poNumber: quote.po_number ?? '',
      createdAt: quote.created_at,
      status: quote.status,
      firstName: quote.first_name,
      lastName: quote.last_name,
      email: quote.email,
      phone: quote.phone ?? '',
      addresses: addresses.map((a, i) => ({ id: i + 1, ...a })),
      items: items.map((i, n) => ({ id: n + 1, name: i.name, sku: i.sku, qty: i.qty, price: toDollars(i.priceCents), rowTotal: toDollars(i.rowTotalCents), notes: i.notes })),
      subtotal: toDollars(quote.subtotal_cents),
      shippingAmount: toDollars(quote.shipping_cents),
      shippingMethod: quote.shipping_method,
      shippingLabel: quote.shipping_label,
      taxAmount: toDollars(quote.tax_cents),
      discountAmount: toDollars(quote.discount_cents),
      total: toDollars(quote.total_cents),
      additionalNotes: quote.additional_notes ?? '',
      splitPaymentEnabled: quote.split_payment_enabled === 1,
      minimumSplitAmount: toDollars(quote.minimum_split_cents),
      orderId: quote.order_id,
      expiresAt: quote.token_expires_at,
    };
  }
}
