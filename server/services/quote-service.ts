/**
 * Quotes (001): made by an operator from the catalog (the studio's builder or npm run quote, both
 * through server/back-office/quote-builder.ts), paid by the customer through a link that carries the
 * quote id and a token. Only the token's sha256 is stored; a link expires; the check runs in
 * constant time. Totals are fixed when the quote is sent.
 */
import crypto from 'node:crypto';
import { toDollars } from '../../schemas/money';
import type { Queries } from '../db/queries';
import type { QuoteTable } from '../db/tables';
import { ApiError } from '../http/api-error';
import type { QuoteItem } from '../orders/quote-orders';
import { nowIso } from './request-input';
import { constantTimeEqual, sha256Hex } from './secrets';

export const QUOTE_EXPIRED_MESSAGE = 'The quote link has expired. Please contact admin to receive a new payment link.';
export const QUOTE_NOT_FOUND_MESSAGE = 'Quote not found. The link may be incorrect.';
export const DEFAULT_LINK_DAYS = 7;

export type QuoteRow = { [K in keyof QuoteTable]: K extends 'id' ? number : QuoteTable[K] };
/** What a new quote is made of; the rest (number, link, order, time) the store sets. A draft says so in `status`. */
export type QuoteFields = Omit<QuoteRow, 'id' | 'increment_id' | 'status' | 'token_hash' | 'token_expires_at' | 'order_id' | 'created_at' | 'request' | 'tax_percent' | 'shipping_tax_cents' | 'lead_id' | 'discount_approval'> &
  Partial<Pick<QuoteRow, 'status' | 'request' | 'tax_percent' | 'shipping_tax_cents' | 'lead_id' | 'discount_approval'>>;

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

  /**
   * Inserts a quote whose money is already computed from the catalog (server/back-office/quote-builder.ts,
   * for the studio and the quote command) and numbers it Q100000 + id; no link yet.
   */
  async store(fields: QuoteFields): Promise<QuoteRow> {
    return this.q.transaction(async (q) => {
      const row = (await q.first(
        q.db
          .insertInto('quote')
          .values({
            ...fields,
            status: fields.status ?? 'ready_to_order',
            request: fields.request ?? null,
            tax_percent: fields.tax_percent ?? 0,
            shipping_tax_cents: fields.shipping_tax_cents ?? 0,
            lead_id: fields.lead_id ?? null,
            discount_approval: fields.discount_approval ?? null,
            increment_id: null, token_hash: null, token_expires_at: null, order_id: null, created_at: nowIso() })
          .returning('id'),
      ))!;
      await q.run(q.db.updateTable('quote').set({ increment_id: `Q${String(100000 + row.id)}` }).where('id', '=', row.id));
      return (await this.row(row.id, q))!;
    });
  }

  /**
   * Replaces a draft's content (and its status, when it is sent), under its row's lock: undefined
   * when it is no longer a draft (another operator sent it meanwhile); 'stale' when `basedOn` is
   * given and the draft's last save is no longer that one (another operator saved it meanwhile), or
   * `approvalSeen` is given and the draft's discount approval is no longer that one.
   */
  async replaceDraft(id: number, fields: QuoteFields, basedOn?: string | null, approvalSeen?: string | null): Promise<QuoteRow | 'stale' | undefined> {
    return this.q.transaction(async (q) => {
      const row = await q.first(q.lockRow(q.db.selectFrom('quote').select(['id', 'status', 'request', 'discount_approval']).where('id', '=', id)));
      if (!row || row.status !== 'draft') return undefined;
      if (basedOn !== undefined && row.request !== basedOn) return 'stale';
      // The discount was let pass on the approval read before the lock: a publisher's save since may have changed it.
      if (approvalSeen !== undefined && row.discount_approval !== approvalSeen) return 'stale';
      await q.run(q.db.updateTable('quote').set({ ...fields, status: fields.status ?? 'draft' }).where('id', '=', id));
      this.answers.delete(id);
      return (await this.row(id, q))!;
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
    return { quoteId, quoteIncrementId: quote.increment_id ?? String(quoteId), token, expiresAt, url: this.linkUrl(quoteId, token) };
  }

  /** The payment link of a quote and its token: the storefront's quote page. */
  linkUrl(quoteId: number, token: string): string {
    const url = new URL('/quote/payment', this.publicUrl);
    url.searchParams.set('quoteId', String(quoteId));
    url.searchParams.set('token', token);
    return url.href;
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
      items: items.map((i, n) => ({
        id: n + 1,
        name: i.name,
        sku: i.sku,
        qty: i.qty,
        price: toDollars(i.priceCents),
        rowTotal: toDollars(i.rowTotalCents),
        notes: i.notes,
        ...(i.customOptions?.length ? { customOptions: i.customOptions } : {}),
        ...(i.detail ? { detail: i.detail } : {}),
      })),
      subtotal: toDollars(quote.subtotal_cents),
      shippingAmount: toDollars(quote.shipping_cents),
      shippingMethod: quote.shipping_method,
      shippingLabel: quote.shipping_label,
      taxAmount: toDollars(quote.tax_cents),
      taxPercent: quote.tax_percent,
      shippingTaxAmount: toDollars(quote.shipping_tax_cents),
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
