/**
 * PayPal Orders v2 over its REST API with fetch: OAuth2 client-credentials token, create, patch,
 * get and capture an order (PayPal-Request-Id on create and capture, so a retry never makes a
 * second order or a second capture), and webhook verification through PayPal's own
 * /v1/notifications/verify-webhook-signature. PAYPAL_API_BASE points it at the sandbox, live, or a
 * local fake in tests.
 */
import { ApiError } from '../http/api-error';
import type { ConfirmedPayment, PaymentGateway, PaymentMetadata } from './gateway';
import type { PayPalConfig } from './gateway-config';
import { paymentNotFound } from './gateway-errors';
import { pickMetadata } from './payment-metadata';
import { paypalStatus } from './status-mapping';
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
}

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
