/**
 * Stripe through the official `stripe` package: PaymentIntents create, update, confirm, capture and
 * retrieve, and the webhook signature check. STRIPE_API_BASE points it at any host (tests use a
 * local fake that checks every request against Stripe's own OpenAPI document).
 */
import Stripe from 'stripe';
import { ApiError } from '../http/api-error';
import { PAYMENT_METADATA_KEYS, type ConfirmedPayment, type PaymentGateway, type PaymentMetadata } from './gateway';
import type { StripeConfig } from './gateway-config';
import { paymentNotFound, providerUnavailable } from './gateway-errors';
import { pickMetadata } from './payment-metadata';
import { stripeStatus } from './status-mapping';

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
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
    } catch {
      throw invalidSignature();
    }
  }

  private async call<T>(request: () => Promise<T>, id?: string): Promise<T> {
    try {
      return await request();
    } catch (err) {
      throw stripeErrorToApiError(err, id);
    }
  }
}

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
