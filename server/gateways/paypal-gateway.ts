/**
 * PayPal Orders v2 over its REST API with fetch: OAuth2 client-credentials token, create, patch,
 * get and capture an order (PayPal-Request-Id on create and capture, so a retry never makes a
 * second order or a second capture), and webhook verification through PayPal's own
 * /v1/notifications/verify-webhook-signature. Refunds through Payments v2: the order's capture is
 * refunded (`POST /v2/payments/captures/{id}/refund`), and a PAYMENT.CAPTURE.REFUNDED webhook is
 * read back to the order it belongs to. PAYPAL_API_BASE points it at the sandbox, live, or a local
 * fake in tests.
 */
import { ApiError } from '../http/api-error';
import type { ConfirmedPayment, PaymentGateway, PaymentMetadata, ProviderRefund, RefundOutcome, RefundRequest } from './gateway';
import type { PayPalConfig } from './gateway-config';
import { paymentNotFound } from './gateway-errors';
import { pickMetadata } from './payment-metadata';
import { providerIdempotencyKey } from './refund-keys';
import { paypalRefundStatus, paypalStatus } from './status-mapping';
import { PAYPAL_MESSAGES } from '../../schemas/evaluators/paypal-messages';


export interface PayPalLink {
  href: string;
  rel: string;
  method?: string;
}

export interface PayPalCapture {
  id: string;
  status: string;
  amount?: { currency_code: string; value: string };
  custom_id?: string;
  invoice_id?: string;
  links?: PayPalLink[];
  /** On a capture read through Payments v2: the order it belongs to. */
  supplementary_data?: { related_ids?: { order_id?: string } };
}

/** A refund (Payments v2 `refund`). */
export interface PayPalRefund {
  id: string;
  status: string;
  status_details?: { reason?: string };
  amount?: { currency_code: string; value: string };
  note_to_payer?: string;
  links?: PayPalLink[];
}

/** What a PAYMENT.CAPTURE.REFUNDED event says, before the capture's order is looked up. */
export interface PayPalRefundEvent {
  refundId: string;
  /** From the refund's `up` link (/v2/payments/captures/{id}). */
  captureId: string | null;
  /** When the event carries it (`supplementary_data.related_ids.order_id`); the documents give a refund none. */
  orderId: string | null;
  amountCents: number;
  status: 'succeeded' | 'pending' | 'failed';
}

/** Captures that took money (or may still: PENDING) and can be refunded; the others took none. */
const CAPTURES_WITH_MONEY: ReadonlySet<string> = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'PENDING']);

export interface PayPalOrder {
  id: string;
  status: string;
  links?: PayPalLink[];
  purchase_units?: Array<{
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    amount?: { currency_code: string; value: string };
    payments?: { captures?: PayPalCapture[] };
  }>;
}

export interface PayPalOrderRequest {
  amountCents: number;
  currency: string;
  metadata: PaymentMetadata;
  /** Same id, same order: PayPal answers a repeated create with the first order. */
  requestId: string;
  description?: string;
}

/** A failed call to PayPal, carrying the message the customer should read. */
export class PayPalError extends ApiError {}

const REFERENCE_ID = 'default';

export function centsToPayPalValue(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function payPalValueToCents(value: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(value)) throw new Error(`Not a PayPal amount: ${value}`);
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export class PayPalGateway implements PaymentGateway {
  readonly name = 'paypal' as const;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(readonly config: PayPalConfig, private readonly fetchImpl: typeof fetch = fetch) {}

  async createOrder(request: PayPalOrderRequest): Promise<PayPalOrder> {
    const body = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: REFERENCE_ID,
          ...(request.description ? { description: request.description.slice(0, 127) } : {}),
          custom_id: encodeCustomId(request.metadata),
          amount: { currency_code: request.currency.toUpperCase(), value: centsToPayPalValue(request.amountCents) },
        },
      ],
    };
    const res = await this.request('POST', '/v2/checkout/orders', body, { 'PayPal-Request-Id': request.requestId, Prefer: 'return=representation' });
    if (res.status !== 200 && res.status !== 201) throw this.failure(res, PAYPAL_MESSAGES.createFailed);
    return res.body as PayPalOrder;
  }

  /** Replaces the amount (and the metadata) of an order the buyer has not paid yet. */
  async updateOrder(orderId: string, update: { amountCents?: number; currency: string; metadata?: PaymentMetadata }): Promise<void> {
    const operations: Array<{ op: 'replace' | 'add'; path: string; value: unknown }> = [];
    const unit = `/purchase_units/@reference_id=='${REFERENCE_ID}'`;
    if (update.amountCents !== undefined) {
      operations.push({ op: 'replace', path: `${unit}/amount`, value: { currency_code: update.currency.toUpperCase(), value: centsToPayPalValue(update.amountCents) } });
    }
    if (update.metadata) {
      operations.push({ op: 'replace', path: `${unit}/custom_id`, value: encodeCustomId(update.metadata) });
    }
    if (!operations.length) return;
    const res = await this.request('PATCH', `/v2/checkout/orders/${encodeURIComponent(orderId)}`, operations);
    if (res.status === 404) throw paymentNotFound(orderId);
    if (res.status !== 204 && res.status !== 200) throw this.failure(res, PAYPAL_MESSAGES.updateFailed);
  }

  async getOrder(orderId: string): Promise<PayPalOrder> {
    const res = await this.request('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (res.status === 404) throw paymentNotFound(orderId);
    if (res.status !== 200) throw this.failure(res, PAYPAL_MESSAGES.transactionError);
    return res.body as PayPalOrder;
  }

  /** Captures an approved order. The request id is derived from the order id: capturing twice is one capture. */
  async captureOrder(orderId: string): Promise<PayPalOrder> {
    const res = await this.request('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, {
      'PayPal-Request-Id': `capture-${orderId}`,
      Prefer: 'return=representation',
    });
    if (res.status === 404) throw paymentNotFound(orderId);
    if (res.status === 422 && issueOf(res.body) === 'ORDER_ALREADY_CAPTURED') return this.getOrder(orderId);
    if (res.status !== 200 && res.status !== 201) throw this.failure(res, PAYPAL_MESSAGES.captureFailed);
    return res.body as PayPalOrder;
  }

  async confirm(transactionId: string): Promise<ConfirmedPayment> {
    return this.toConfirmedPayment(await this.getOrder(transactionId));
  }

  /**
   * The recorded payment's providerReference is the PayPal order id. The order is read for its
   * capture (`purchase_units[].payments.captures[]`):
   * - a capture that took money is refunded: `POST /v2/payments/captures/{id}/refund` with the
   *   PayPal-Request-Id (the same id answers the same refund, and refunds once), the amount in the
   *   capture's currency, and the note to the payer. COMPLETED succeeded, PENDING pending, FAILED
   *   and CANCELLED failed. PayPal's refusal (422 REFUND_AMOUNT_EXCEEDED, CAPTURE_FULLY_REFUNDED,
   *   REFUND_NOT_ALLOWED for a capture still PENDING, 404 ...) answers failed in PayPal's words.
   * - an order never captured (created, approved) or whose capture was declined has taken nothing:
   *   a void of its whole amount. Nothing is called at PayPal: Orders v2 has no call that cancels an
   *   order of intent CAPTURE (it expires by itself), and only the store captures, so the store
   *   voiding the payment on its side is what keeps it from ever being taken (the orders room then
   *   refuses its capture, as it does for "Pay another way").
   * A PayPal that cannot be reached, or answers 5xx, 401 (our token) or 409 (the same request id
   * still in progress), throws: a retry with the same key is safe.
   */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const orderId = request.payment.providerReference;
    const read = await this.request('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (read.status !== 200) return this.refusal(read, { kind: 'refund', providerReference: orderId, amountCents: request.amountCents });
    const order = read.body as PayPalOrder;
    const captures = (order.purchase_units ?? []).flatMap((unit) => unit.payments?.captures ?? []);
    const capture = captures.find((c) => CAPTURES_WITH_MONEY.has(c.status.toUpperCase()));
    if (!capture) {
      const ordered = (order.purchase_units ?? []).reduce((sum, unit) => sum + (unit.amount ? payPalValueToCents(unit.amount.value) : 0), 0);
      return { kind: 'void', status: 'succeeded', providerReference: order.id, amountCents: ordered || request.payment.amountCents };
    }
    const currency = (capture.amount?.currency_code ?? request.payment.currency).toUpperCase();
    const note = request.note?.trim().slice(0, 255);
    const body = { amount: { value: centsToPayPalValue(request.amountCents), currency_code: currency }, ...(note ? { note_to_payer: note } : {}) };
    const res = await this.request('POST', `/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`, body, {
      'PayPal-Request-Id': providerIdempotencyKey(request.idempotencyKey, 108),
      Prefer: 'return=representation',
    });
    if (res.status !== 200 && res.status !== 201) return this.refusal(res, { kind: 'refund', providerReference: capture.id, amountCents: request.amountCents });
    const refund = res.body as PayPalRefund;
    const status = paypalRefundStatus(refund.status ?? 'PENDING');
    return {
      kind: 'refund',
      status,
      providerReference: refund.id,
      amountCents: refund.amount ? payPalValueToCents(refund.amount.value) : request.amountCents,
      ...(status === 'failed' ? { message: `PayPal reports the refund ${refund.status}${refund.status_details?.reason ? ` (${refund.status_details.reason})` : ''}.` } : {}),
    };
  }

  /** A refund read again (one answered PENDING settles later), with the order it belongs to. */
  async getRefund(refundId: string): Promise<ProviderRefund> {
    const res = await this.request('GET', `/v2/payments/refunds/${encodeURIComponent(refundId)}`);
    if (res.status === 404) throw paymentNotFound(refundId);
    if (res.status !== 200) throw this.failure(res, PAYPAL_MESSAGES.transactionError);
    const read = paypalRefundOf({ event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: res.body });
    const found = read && (await this.withOrder(read));
    if (!found) throw paymentNotFound(refundId);
    return found;
  }

  /**
   * The refund a webhook event reports, for the PayPal order the store recorded; null for any event
   * but PAYMENT.CAPTURE.REFUNDED (or one naming no capture). The event's resource is the refund,
   * which names its capture only through its `up` link; the capture (`GET /v2/payments/captures/{id}`)
   * names its order in `supplementary_data.related_ids.order_id`. Call it once the event is verified.
   */
  async refundOf(event: unknown): Promise<ProviderRefund | null> {
    const read = paypalRefundOf(event);
    return read ? this.withOrder(read) : null;
  }

  private async withOrder(read: PayPalRefundEvent): Promise<ProviderRefund | null> {
    let orderId = read.orderId;
    if (!orderId) {
      if (!read.captureId) return null;
      const res = await this.request('GET', `/v2/payments/captures/${encodeURIComponent(read.captureId)}`);
      if (res.status === 404) return null;
      if (res.status !== 200) throw this.failure(res, PAYPAL_MESSAGES.transactionError);
      orderId = (res.body as PayPalCapture).supplementary_data?.related_ids?.order_id ?? null;
      if (!orderId) return null;
    }
    return { gateway: 'paypal', paymentReference: orderId, providerReference: read.refundId, amountCents: read.amountCents, status: read.status };
  }

  /** PayPal's 4xx about this refund as a failed outcome in its words; what is PayPal's trouble (5xx, 401, 409) is thrown. */
  private refusal(res: { status: number; body: unknown }, outcome: Pick<RefundOutcome, 'kind' | 'providerReference' | 'amountCents'>): RefundOutcome {
    if (res.status >= 500 || res.status === 401 || res.status === 409 || res.status < 400) throw this.failure(res, PAYPAL_MESSAGES.transactionError);
    return { ...outcome, status: 'failed', message: paypalMessage(res.body) ?? `PayPal refused the refund (HTTP ${res.status}).` };
  }

  toConfirmedPayment(order: PayPalOrder): ConfirmedPayment {
    const unit = order.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];
    // The capture's status is the money's status; before a capture only the order's status exists.
    const providerStatus = capture?.status ?? order.status;
    const amount = capture?.amount ?? unit?.amount;
    return {
      gateway: 'paypal',
      providerReference: order.id,
      transactionId: order.id,
      status: paypalStatus(providerStatus),
      amountCents: amount ? payPalValueToCents(amount.value) : 0,
      currency: (amount?.currency_code ?? 'USD').toUpperCase(),
      metadata: decodeCustomId(capture?.custom_id ?? unit?.custom_id),
      additionalData: { providerStatus, orderStatus: order.status, ...(capture ? { captureId: capture.id } : {}) },
    };
  }

  /** Asks PayPal whether a webhook delivery is genuine; true only on verification_status SUCCESS. */
  async verifyWebhook(headers: Record<string, string | undefined>, event: unknown): Promise<boolean> {
    if (!this.config.webhookId) throw new ApiError(400, 'webhook_not_configured', 'Webhooks are not configured for this gateway.');
    const needed = ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'];
    if (needed.some((h) => !headers[h])) return false;
    const res = await this.request('POST', '/v1/notifications/verify-webhook-signature', {
      auth_algo: headers['paypal-auth-algo'],
      cert_url: headers['paypal-cert-url'],
      transmission_id: headers['paypal-transmission-id'],
      transmission_sig: headers['paypal-transmission-sig'],
      transmission_time: headers['paypal-transmission-time'],
      webhook_id: this.config.webhookId,
      webhook_event: event,
    });
    if (res.status !== 200) throw this.failure(res, PAYPAL_MESSAGES.transactionError);
    return (res.body as { verification_status?: string }).verification_status === 'SUCCESS';
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.config.apiBase}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
        signal: AbortSignal.timeout(20_000),
      });
    } catch {
      throw new PayPalError(502, 'provider_error', PAYPAL_MESSAGES.transactionError);
    }
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!res.ok || !body.access_token) throw new PayPalError(502, 'provider_error', PAYPAL_MESSAGES.configNotFound);
    // Renew a minute early so a token never expires between our check and PayPal's.
    this.token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000 };
    return this.token.value;
  }

  private async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
    const token = await this.accessToken();
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.config.apiBase}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(20_000),
      });
    } catch {
      throw new PayPalError(502, 'provider_error', PAYPAL_MESSAGES.transactionError);
    }
    if (res.status === 401) this.token = null;
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed };
  }

  private failure(res: { status: number; body: unknown }, message: string): PayPalError {
    const issue = issueOf(res.body);
    // 4xx from PayPal is about this order (declined instrument, not approved yet): 402/400 for us; 5xx is PayPal's trouble.
    const status = res.status === 422 ? 402 : res.status >= 500 || res.status === 401 ? 502 : 400;
    return new PayPalError(status, issue ? issue.toLowerCase() : 'paypal_error', message, undefined, issue ? { issue } : undefined);
  }
}

/** PayPal's words for an error: the first detail's description, else its message. */
function paypalMessage(body: unknown): string | undefined {
  const b = body as { message?: string; details?: Array<{ issue?: string; description?: string }> } | null;
  const detail = b?.details?.[0];
  if (detail?.description) return detail.issue ? `${detail.description} (${detail.issue})` : detail.description;
  return b?.message || undefined;
}

/**
 * What a PAYMENT.CAPTURE.REFUNDED event says of its refund (the resource is a Payments v2 `refund`):
 * its id, amount and status, the capture from its `up` link, and the order id when the resource
 * carries `supplementary_data.related_ids.order_id` (the published refund has no such field; a
 * capture has). Null for any other event.
 */
export function paypalRefundOf(event: unknown): PayPalRefundEvent | null {
  const e = event as { event_type?: unknown; resource?: unknown } | null;
  if (e?.event_type !== 'PAYMENT.CAPTURE.REFUNDED' || typeof e.resource !== 'object' || e.resource === null) return null;
  const refund = e.resource as PayPalRefund & { supplementary_data?: { related_ids?: { order_id?: string; capture_id?: string } } };
  if (typeof refund.id !== 'string' || !refund.amount) return null;
  const up = refund.links?.find((l) => l.rel === 'up' && /\/v2\/payments\/captures\/[^/]+$/.test(l.href));
  const captureId = up ? decodeURIComponent(up.href.split('/').pop()!) : (refund.supplementary_data?.related_ids?.capture_id ?? null);
  let amountCents: number;
  try {
    amountCents = payPalValueToCents(refund.amount.value);
  } catch {
    return null;
  }
  return {
    refundId: refund.id,
    captureId,
    orderId: refund.supplementary_data?.related_ids?.order_id ?? null,
    amountCents,
    status: paypalRefundStatus(refund.status ?? 'PENDING'),
  };
}

function issueOf(body: unknown): string | undefined {
  const details = (body as { details?: Array<{ issue?: string }> } | null)?.details;
  return details?.[0]?.issue ?? (body as { name?: string } | null)?.name;
}

/**
 * Our metadata travels in custom_id (at most 127 characters) so PayPal gives it back on the capture.
 * Not in invoice_id: PayPal refuses a second payment with the same invoice id, and a split-paid
 * order is paid more than once. The ids come first; the increment ids only when they still fit.
 */
export function encodeCustomId(metadata: PaymentMetadata): string {
  const entries: Array<[string, string]> = [];
  for (const key of ['orderId', 'quoteId', 'paymentId', 'orderIncrementId', 'quoteIncrementId'] as const) {
    const value = metadata[key];
    if (!value) continue;
    const candidate = JSON.stringify(Object.fromEntries([...entries, [key, value]]));
    if (candidate.length <= 127) entries.push([key, value]);
  }
  return JSON.stringify(Object.fromEntries(entries));
}

export function decodeCustomId(customId: string | undefined): PaymentMetadata {
  if (!customId) return {};
  try {
    return pickMetadata(JSON.parse(customId) as Record<string, unknown>);
  } catch {
    return {};
  }
}
