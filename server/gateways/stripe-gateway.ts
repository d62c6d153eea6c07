/**
 * Stripe through the official `stripe` package: PaymentIntents create, update, confirm, capture and
 * retrieve, refunds (and the void of an intent that took no money), the webhook signature check and
 * the refunds a webhook reports. STRIPE_API_BASE points it at any host (tests use a
 * local fake that checks every request against Stripe's own OpenAPI document).
 */
import Stripe from 'stripe';
import { ApiError } from '../http/api-error';
import {
  PAYMENT_METADATA_KEYS,
  type ConfirmedPayment,
  type PaymentGateway,
  type PaymentMetadata,
  type ProviderRefund,
  type RefundOutcome,
  type RefundRequest,
} from './gateway';
import type { StripeConfig } from './gateway-config';
import { paymentNotFound, providerUnavailable } from './gateway-errors';
import { pickMetadata } from './payment-metadata';
import { providerIdempotencyKey } from './refund-keys';
import { refuseFutureWebhook, stripeSignatureTime } from './webhook-time';
import { stripeRefundStatus, stripeStatus } from './status-mapping';

export interface StripeShipping {
  name: string;
  phone?: string;
  address: { line1: string; line2?: string; city?: string; state?: string; postal_code?: string; country?: string };
}

export interface CreateIntentRequest {
  amountCents: number;
  currency: string;
  paymentMethodId?: string;
  paymentMethodTypes?: string[];
  receiptEmail?: string;
  shipping?: StripeShipping;
  metadata: PaymentMetadata;
  idempotencyKey: string;
}

export interface UpdateIntentRequest {
  amountCents?: number;
  currency?: string;
  paymentMethodTypes?: string[];
  receiptEmail?: string;
  shipping?: StripeShipping;
  metadata?: PaymentMetadata;
}

export type StripeIntent = Stripe.PaymentIntent;

/**
 * Requests are sent as API version 2020-08-27: the version of Stripe's OpenAPI document whose
 * extract (server/gateways/fakes/providers) the contract tests check every request against, so
 * what is tested is what Stripe receives. (The package's types follow its newest version; the fields used here
 * exist in both.)
 */
export const STRIPE_API_VERSION = '2020-08-27';

/** Create and update parameters of that version that the package's newer types no longer list. */
interface VersionedIntentParams {
  payment_method_types?: string[];
}

export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(readonly config: StripeConfig) {
    const base = new URL(config.apiBase);
    this.stripe = new Stripe(config.secretKey, {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
      // Retries are ours to decide (idempotency keys make them safe); a stuck request should not hold a customer for 80 s.
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion,
    });
  }

  async createIntent(request: CreateIntentRequest): Promise<StripeIntent> {
    const params: Stripe.PaymentIntentCreateParams & VersionedIntentParams = {
      amount: request.amountCents,
      currency: request.currency.toLowerCase(),
      payment_method_types: request.paymentMethodTypes?.length ? request.paymentMethodTypes : ['card'],
      metadata: stripeMetadata(request.metadata),
    };
    if (request.paymentMethodId) params.payment_method = request.paymentMethodId;
    if (request.receiptEmail) params.receipt_email = request.receiptEmail;
    if (request.shipping) params.shipping = request.shipping;
    return this.call(() => this.stripe.paymentIntents.create(params, { idempotencyKey: request.idempotencyKey }));
  }

  async updateIntent(id: string, request: UpdateIntentRequest): Promise<StripeIntent> {
    const params: Stripe.PaymentIntentUpdateParams & VersionedIntentParams = {};
    if (request.amountCents !== undefined) params.amount = request.amountCents;
    if (request.currency) params.currency = request.currency.toLowerCase();
    if (request.paymentMethodTypes?.length) params.payment_method_types = request.paymentMethodTypes;
    if (request.receiptEmail) params.receipt_email = request.receiptEmail;
    if (request.shipping) params.shipping = request.shipping;
    if (request.metadata) params.metadata = stripeMetadata(request.metadata);
    return this.call(() => this.stripe.paymentIntents.update(id, params), id);
  }

  async confirmIntent(id: string, idempotencyKey?: string): Promise<StripeIntent> {
    return this.call(() => this.stripe.paymentIntents.confirm(id, {}, idempotencyKey ? { idempotencyKey } : undefined), id);
  }

  async captureIntent(id: string, idempotencyKey?: string): Promise<StripeIntent> {
    return this.call(() => this.stripe.paymentIntents.capture(id, {}, idempotencyKey ? { idempotencyKey } : undefined), id);
  }

  /**
   * Cancels an intent that has not taken money (requires_payment_method, requires_confirmation,
   * requires_action, requires_capture), when the customer pays another way or a new intent replaces
   * it. Stripe refuses a succeeded or processing one; the caller reads the intent back then.
   */
  async cancelIntent(id: string, idempotencyKey?: string): Promise<StripeIntent> {
    return this.call(() => this.stripe.paymentIntents.cancel(id, { cancellation_reason: 'requested_by_customer' }, idempotencyKey ? { idempotencyKey } : undefined), id);
  }

  async retrieveIntent(id: string): Promise<StripeIntent> {
    return this.call(() => this.stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }), id);
  }

  async confirm(transactionId: string): Promise<ConfirmedPayment> {
    return this.toConfirmedPayment(await this.retrieveIntent(transactionId));
  }

  /**
   * Gives money back on a PaymentIntent, or voids one that has taken none:
   * - an intent that has not taken money (requires_payment_method, requires_confirmation,
   *   requires_action, requires_capture) is cancelled: a void of its whole amount. One already
   *   cancelled answers the same void (a retry). If Stripe refuses the cancel because the intent
   *   moved on meanwhile (the customer's bank answered), it is read again and refunded if it succeeded.
   * - any other (succeeded; processing, which Stripe cannot cancel) gets `POST /v1/refunds` with
   *   `payment_intent`, `amount`, Stripe's `reason` where it has ours, our reason and key in metadata,
   *   and the Idempotency-Key: the same key answers the same refund and refunds once.
   * Stripe's refusal (already refunded, more than is left, nothing to refund yet) answers failed with
   * Stripe's message; only an unreachable Stripe (network, 5xx, rate limit) throws.
   */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const id = request.payment.providerReference;
    const refused = (err: unknown): RefundOutcome => this.refusal(err, { kind: 'refund', providerReference: id, amountCents: request.amountCents });
    let intent: StripeIntent;
    try {
      intent = await this.stripe.paymentIntents.retrieve(id);
    } catch (err) {
      return refused(err);
    }
    if (intent.status === 'canceled') return { kind: 'void', status: 'succeeded', providerReference: intent.id, amountCents: intent.amount };
    if (VOIDABLE_INTENT_STATUSES.has(intent.status)) {
      try {
        const reason = stripeCancellationReason(request.reason);
        const cancelled = await this.stripe.paymentIntents.cancel(id, reason ? { cancellation_reason: reason } : {}, { idempotencyKey: providerIdempotencyKey(`${request.idempotencyKey}:void`, 255) });
        return { kind: 'void', status: 'succeeded', providerReference: cancelled.id, amountCents: cancelled.amount };
      } catch (err) {
        const failed = this.refusal(err, { kind: 'void', providerReference: id, amountCents: intent.amount });
        // The intent moved on between our read and the cancel: read it again and go on from there.
        try {
          intent = await this.stripe.paymentIntents.retrieve(id);
        } catch (again) {
          return refused(again);
        }
        if (intent.status === 'canceled') return { kind: 'void', status: 'succeeded', providerReference: intent.id, amountCents: intent.amount };
        if (VOIDABLE_INTENT_STATUSES.has(intent.status)) return failed;
      }
    }
    const reason = stripeRefundReason(request.reason);
    const params: Stripe.RefundCreateParams = {
      payment_intent: id,
      amount: request.amountCents,
      metadata: { reason: request.reason.slice(0, 500), idempotencyKey: request.idempotencyKey.slice(0, 500) },
    };
    if (reason) params.reason = reason;
    try {
      const refund = await this.stripe.refunds.create(params, { idempotencyKey: providerIdempotencyKey(request.idempotencyKey, 255) });
      const status = stripeRefundStatus(refund.status ?? 'pending');
      return {
        kind: 'refund',
        status,
        providerReference: refund.id,
        amountCents: refund.amount,
        ...(status === 'failed' ? { message: stripeRefundFailure(refund) } : {}),
      };
    } catch (err) {
      return refused(err);
    }
  }

  /** A refund read again (one answered pending settles later). */
  async retrieveRefund(id: string): Promise<ProviderRefund> {
    const refund = await this.call(() => this.stripe.refunds.retrieve(id), id);
    const read = stripeProviderRefund(refund);
    if (!read) throw paymentNotFound(id);
    return read;
  }

  /**
   * The refunds a webhook event reports; null for an event that is not about refunds (or about a
   * charge without a PaymentIntent, which the store never makes). See `stripeRefundsOf`.
   */
  refundsOf(event: Stripe.Event): ProviderRefund[] | null {
    return stripeRefundsOf(event);
  }

  toConfirmedPayment(intent: StripeIntent): ConfirmedPayment {
    const status = stripeStatus(intent.status);
    const method = typeof intent.payment_method === 'object' && intent.payment_method !== null ? intent.payment_method : null;
    const card = method?.card;
    return {
      gateway: 'stripe',
      providerReference: intent.id,
      transactionId: intent.id,
      status,
      // Stripe amounts are already cents. Once paid, what was received is what counts.
      amountCents: status === 'completed' && intent.amount_received > 0 ? intent.amount_received : intent.amount,
      currency: intent.currency.toUpperCase(),
      metadata: pickMetadata(intent.metadata),
      additionalData: {
        providerStatus: intent.status,
        ...(card ? { cardBrand: card.brand, cardLast4: card.last4 } : {}),
        ...(intent.last_payment_error?.message ? { message: intent.last_payment_error.message } : {}),
      },
    };
  }

  /** Checks the Stripe-Signature header over the raw body; throws a 400 ApiError when it does not match. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!this.config.webhookSecret) throw new ApiError(400, 'webhook_not_configured', 'Webhooks are not configured for this gateway.');
    if (!signature) throw invalidSignature();
    let event: unknown;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
    } catch {
      throw invalidSignature();
    }
    refuseFutureWebhook(stripeSignatureTime(signature));
    // Signed, yet not an event (an array, a bare value): refused by name, never read as one.
    const e = event as { type?: unknown; data?: unknown } | null;
    if (typeof e !== 'object' || e === null || Array.isArray(e) || typeof e.type !== 'string' || typeof e.data !== 'object' || e.data === null) {
      throw new ApiError(400, 'invalid_event', WEBHOOK_NOT_AN_EVENT);
    }
    return event as Stripe.Event;
  }

  /** Stripe's refusal as a failed outcome; what is not a refusal (network, 5xx, rate limit) is thrown as the other calls do. */
  private refusal(err: unknown, outcome: Pick<RefundOutcome, 'kind' | 'providerReference' | 'amountCents'>): RefundOutcome {
    if (err instanceof Stripe.errors.StripeError && REFUSALS.has(err.type) && (err.statusCode === undefined || err.statusCode < 500)) {
      return { ...outcome, status: 'failed', message: err.message || 'Stripe refused the refund.' };
    }
    throw stripeErrorToApiError(err);
  }

  private async call<T>(request: () => Promise<T>, id?: string): Promise<T> {
    try {
      return await request();
    } catch (err) {
      throw stripeErrorToApiError(err, id);
    }
  }
}

/** Intents that have taken no money and that Stripe cancels (processing is not among them: Stripe refuses to cancel it). */
const VOIDABLE_INTENT_STATUSES: ReadonlySet<string> = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture']);

/** Stripe's errors that are its answer about this payment or request, not a failure to reach it. */
const REFUSALS: ReadonlySet<string> = new Set(['StripeInvalidRequestError', 'StripeCardError', 'StripeIdempotencyError', 'StripeAuthenticationError', 'StripePermissionError']);

/** Our reason, as words or a code ('Requested by the customer', 'requested_by_customer'), reduced to a key. */
function reasonKey(reason: string): string {
  return reason.trim().toLowerCase().replace(/[^a-z]+/g, '_').replace(/^_|_$/g, '');
}

const STRIPE_REFUND_REASONS: Record<string, 'duplicate' | 'fraudulent' | 'requested_by_customer'> = {
  duplicate: 'duplicate',
  fraudulent: 'fraudulent',
  fraud: 'fraudulent',
  requested_by_customer: 'requested_by_customer',
  requested_by_the_customer: 'requested_by_customer',
  customer_request: 'requested_by_customer',
};

/** Stripe's refund `reason` for ours, where Stripe has one (duplicate, fraudulent, requested by the customer); otherwise none (ours goes in metadata). */
export function stripeRefundReason(reason: string): Stripe.RefundCreateParams.Reason | undefined {
  return STRIPE_REFUND_REASONS[reasonKey(reason)];
}

/** Stripe's cancellation reasons include the refund reasons; the others are left out. */
function stripeCancellationReason(reason: string): Stripe.PaymentIntentCancelParams.CancellationReason | undefined {
  return STRIPE_REFUND_REASONS[reasonKey(reason)];
}

function stripeRefundFailure(refund: { status?: string | null; failure_reason?: string | null }): string {
  if (refund.failure_reason) return `The refund failed at Stripe (${refund.failure_reason}).`;
  return refund.status === 'canceled' ? 'The refund was canceled at Stripe.' : 'The refund failed at Stripe.';
}

type Json = Record<string, unknown>;

function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value) return value;
  if (typeof value === 'object' && value !== null && typeof (value as Json).id === 'string') return (value as Json).id as string;
  return null;
}

/** A Stripe refund object as the store reads it; null when it belongs to no PaymentIntent. */
export function stripeProviderRefund(refund: unknown, paymentIntent?: string | null): ProviderRefund | null {
  if (typeof refund !== 'object' || refund === null) return null;
  const r = refund as Json;
  const intent = idOf(r.payment_intent) ?? paymentIntent ?? null;
  if (!intent || typeof r.id !== 'string' || typeof r.amount !== 'number') return null;
  return { gateway: 'stripe', paymentReference: intent, providerReference: r.id, amountCents: r.amount, status: stripeRefundStatus(typeof r.status === 'string' ? r.status : 'pending') };
}

/**
 * The refunds a Stripe event reports, null for any other event:
 * - `charge.refunded`: each refund in the charge's `refunds.data`, for the charge's `payment_intent`.
 *   The charge carries its refunds list in the API version the store's requests use (2020-08-27);
 *   from 2022-11-15 Stripe leaves it out, and the event then names none ([]): set the webhook
 *   endpoint's version to 2020-08-27, or rely on the refund events below.
 * - `refund.created`, `refund.updated`, `refund.failed` and `charge.refund.updated` (the older name
 *   of refund.updated): the refund itself, for its `payment_intent`.
 * A charge or refund of no PaymentIntent is not the store's: null.
 */
export function stripeRefundsOf(event: { type: string; data: { object: unknown } }): ProviderRefund[] | null {
  const object = event.data?.object as Json | undefined;
  if (!object || typeof object !== 'object') return null;
  if (event.type === 'charge.refunded') {
    const intent = idOf(object.payment_intent);
    if (!intent) return null;
    const list = (object.refunds as { data?: unknown[] } | null | undefined)?.data ?? [];
    return list.map((refund) => stripeProviderRefund(refund, intent)).filter((r): r is ProviderRefund => r !== null);
  }
  if (['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated'].includes(event.type)) {
    const refund = stripeProviderRefund(object);
    return refund ? [refund] : null;
  }
  return null;
}

export const WEBHOOK_NOT_AN_EVENT = 'The webhook body is not an event: a JSON object with its type.';

export function invalidSignature(): ApiError {
  return new ApiError(400, 'invalid_signature', 'Invalid webhook signature.');
}

export function stripeMetadata(metadata: PaymentMetadata): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of PAYMENT_METADATA_KEYS) if (metadata[key] !== undefined && metadata[key] !== '') out[key] = String(metadata[key]);
  return out;
}

/** Stripe's errors as our 4xx: card problems keep Stripe's message (it is written for customers). */
export function stripeErrorToApiError(err: unknown, id?: string): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof Stripe.errors.StripeError) {
    if (err.type === 'StripeCardError') return new ApiError(402, err.code ?? 'card_declined', err.message || 'Payment failed', undefined, { declineCode: err.decline_code });
    if (err.code === 'resource_missing' && id) return paymentNotFound(id);
    if (err.type === 'StripeInvalidRequestError' || err.type === 'StripeIdempotencyError') {
      return new ApiError(400, err.code ?? 'invalid_request', err.message || 'Payment failed');
    }
    if (err.type === 'StripeRateLimitError') return new ApiError(429, 'rate_limited', 'An error occurred while processing your payment. Please try again.');
  }
  return providerUnavailable('stripe');
}
