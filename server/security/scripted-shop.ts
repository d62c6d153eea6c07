/**
 * The whole store (../testing/test-server.ts) for the security suite: the real offline test
 * gateway, and Stripe, PayPal and Authorize.net as small scripted stand-ins that keep what they
 * were asked in memory. The suite attacks our routes, not the providers: the
 * providers' own contracts are checked by the contract tests of server/api/payments.
 */
import type { Database } from '../db/database';
import type { AnetChargeRequest, AnetChargeResult, AuthorizeNetGateway } from '../gateways/authorize-net-gateway';
import { createGateways, type AllGateways } from '../gateways/create-gateways';
import { ScriptedRefunds } from '../gateways/fakes/scripted-refunds';
import type { ConfirmedPayment, GatewayName, PaymentGateway, PaymentMetadata, RefundOutcome, RefundRequest } from '../gateways/gateway';
import { PAYPAL_MESSAGES } from '../../schemas/evaluators/paypal-messages';
import { centsToPayPalValue, encodeCustomId, PayPalGateway, type PayPalOrder, type PayPalOrderRequest } from '../gateways/paypal-gateway';
import { StripeGateway, type CreateIntentRequest, type StripeIntent, type UpdateIntentRequest } from '../gateways/stripe-gateway';
import { ApiError } from '../http/api-error';
import { QuoteService } from '../services/quote-service';
import { startTestServer } from '../testing/test-server';

function notFound(id: string): ApiError {
  return new ApiError(404, 'payment_not_found', `Payment ${id} not found.`);
}

/** Stripe's PaymentIntents, as the routes use them. */
export class ScriptedStripe {
  readonly name = 'stripe' as const;
  readonly intents = new Map<string, StripeIntent>();
  /** Refunds asked for, and scripted refusals (`refunds.failures`) or an unreachable Stripe (`refunds.unreachable`), by intent id. */
  readonly refunds = new ScriptedRefunds('re_');
  private n = 0;

  async createIntent(request: CreateIntentRequest): Promise<StripeIntent> {
    const id = `pi_${Date.now()}_${++this.n}`;
    const intent = {
      id,
      object: 'payment_intent',
      status: 'requires_payment_method',
      amount: request.amountCents,
      amount_received: 0,
      currency: request.currency.toLowerCase(),
      metadata: { ...request.metadata },
      client_secret: `${id}_secret_${this.n}`,
      payment_method: null,
      last_payment_error: null,
    } as unknown as StripeIntent;
    this.intents.set(id, intent);
    return structuredClone(intent);
  }

  async updateIntent(id: string, update: UpdateIntentRequest): Promise<StripeIntent> {
    const intent = this.get(id);
    if (update.amountCents !== undefined) intent.amount = update.amountCents;
    if (update.metadata) intent.metadata = { ...(update.metadata as Record<string, string>) };
    return structuredClone(intent);
  }

  async retrieveIntent(id: string): Promise<StripeIntent> {
    return structuredClone(this.get(id));
  }

  async captureIntent(id: string): Promise<StripeIntent> {
    const intent = this.get(id);
    if (intent.status === 'requires_capture') {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
    }
    return structuredClone(intent);
  }

  /** Stripe cancels an intent that has taken no money; it refuses a succeeded or processing one. */
  async cancelIntent(id: string): Promise<StripeIntent> {
    const intent = this.get(id);
    if (intent.status === 'succeeded' || intent.status === 'processing' || intent.status === 'canceled') {
      throw new ApiError(400, 'payment_intent_unexpected_state', `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`);
    }
    intent.status = 'canceled';
    return structuredClone(intent);
  }

  async confirm(id: string): Promise<ConfirmedPayment> {
    return this.toConfirmedPayment(await this.retrieveIntent(id));
  }

  /** As Stripe: an intent that took no money is cancelled (a void of its amount); any other is refunded. */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const intent = this.intents.get(request.payment.providerReference);
    const voids = intent !== undefined && ['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture', 'canceled'].includes(intent.status);
    const outcome = await this.refunds.answer(request, voids ? intent.amount : null);
    if (voids && outcome.status === 'succeeded') intent.status = 'canceled';
    return outcome;
  }

  toConfirmedPayment(intent: StripeIntent): ConfirmedPayment {
    return StripeGateway.prototype.toConfirmedPayment.call(this, intent);
  }

  /** What Stripe.js does in the customer's browser: the intent moves to `status`. */
  setStatus(id: string, status: StripeIntent['status']): void {
    const intent = this.get(id);
    intent.status = status;
    intent.amount_received = status === 'succeeded' ? intent.amount : 0;
  }

  private get(id: string): StripeIntent {
    const intent = this.intents.get(id);
    if (!intent) throw notFound(id);
    return intent;
  }
}

/** PayPal's orders, as the routes use them. */
export class ScriptedPayPal {
  readonly name = 'paypal' as const;
  readonly orders = new Map<string, PayPalOrder>();
  /** Refunds asked for, and scripted refusals (`refunds.failures`) or an unreachable PayPal (`refunds.unreachable`), by order id. */
  readonly refunds = new ScriptedRefunds('RF');
  private n = 0;

  async createOrder(request: PayPalOrderRequest): Promise<PayPalOrder> {
    const id = `PP${Date.now()}${++this.n}`.slice(0, 36);
    const order: PayPalOrder = {
      id,
      status: 'CREATED',
      links: [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' }],
      purchase_units: [{ reference_id: 'default', custom_id: encodeCustomId(request.metadata), amount: { currency_code: request.currency, value: centsToPayPalValue(request.amountCents) } }],
    };
    this.orders.set(id, order);
    return structuredClone(order);
  }

  async updateOrder(id: string, update: { amountCents?: number; currency: string; metadata?: PaymentMetadata }): Promise<void> {
    const unit = this.get(id).purchase_units![0]!;
    if (update.amountCents !== undefined) unit.amount = { currency_code: update.currency, value: centsToPayPalValue(update.amountCents) };
    if (update.metadata) unit.custom_id = encodeCustomId(update.metadata);
  }

  async getOrder(id: string): Promise<PayPalOrder> {
    return structuredClone(this.get(id));
  }

  async captureOrder(id: string): Promise<PayPalOrder> {
    const order = this.get(id);
    if (order.status !== 'APPROVED' && order.status !== 'COMPLETED') throw new ApiError(422, 'payment_failed', PAYPAL_MESSAGES.captureFailed);
    if (order.status === 'APPROVED') {
      const unit = order.purchase_units![0]!;
      order.status = 'COMPLETED';
      unit.payments = { captures: [{ id: `CAP${id}`.slice(0, 30), status: 'COMPLETED', amount: unit.amount, custom_id: unit.custom_id }] };
    }
    return structuredClone(order);
  }

  async confirm(id: string): Promise<ConfirmedPayment> {
    return this.toConfirmedPayment(await this.getOrder(id));
  }

  /** As the PayPal adapter: an order never captured took nothing (a void, nothing called); a captured one is refunded. */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const order = this.orders.get(request.payment.providerReference);
    const captured = order?.purchase_units?.some((u) => u.payments?.captures?.some((c) => c.status === 'COMPLETED')) ?? false;
    return this.refunds.answer(request, order && !captured ? request.payment.amountCents : null);
  }

  toConfirmedPayment(order: PayPalOrder): ConfirmedPayment {
    return PayPalGateway.prototype.toConfirmedPayment.call(this, order);
  }

  /** The buyer approves the order on PayPal's page, which returns to us with ?token=<order id>. */
  approve(id: string): void {
    this.get(id).status = 'APPROVED';
  }

  private get(id: string): PayPalOrder {
    const order = this.orders.get(id);
    if (!order) throw notFound(id);
    return order;
  }
}

/** Authorize.net's transactions, as the routes use them: every charge is approved. */
export class ScriptedAuthorizeNet {
  readonly name = 'authorizenet' as const;
  readonly charges: AnetChargeRequest[] = [];
  /** Refunds asked for (every transaction counts as settled), and scripted refusals or an unreachable Authorize.net, by transId. */
  readonly refunds = new ScriptedRefunds('');
  private readonly payments = new Map<string, ConfirmedPayment>();

  async charge(request: AnetChargeRequest): Promise<AnetChargeResult> {
    this.charges.push(request);
    const transId = String(60000000000 + this.charges.length);
    const payment: ConfirmedPayment = {
      gateway: 'authorizenet',
      providerReference: transId,
      transactionId: transId,
      status: 'completed',
      amountCents: request.amountCents,
      currency: 'USD',
      metadata: { ...request.metadata },
      additionalData: { providerStatus: '1', responseCode: '1', cardBrand: 'Visa', cardLast4: '1111' },
    };
    this.payments.set(transId, payment);
    return { payment, transactionResponse: { responseCode: '1', authCode: 'A1B2C3', transId, accountNumber: 'XXXX1111', accountType: 'Visa' }, message: 'This transaction has been approved.' };
  }

  async confirm(id: string): Promise<ConfirmedPayment> {
    const payment = this.payments.get(id);
    if (!payment) throw notFound(id);
    return structuredClone(payment);
  }

  async refund(request: RefundRequest): Promise<RefundOutcome> {
    return this.refunds.answer(request);
  }
}

export interface Shop {
  url: string;
  database: Database;
  quotes: QuoteService;
  stripe: ScriptedStripe;
  paypal: ScriptedPayPal;
  anet: ScriptedAuthorizeNet;
  stop(): Promise<void>;
}

/** The whole store (../testing/test-server.ts) with the real test gateway and scripted providers. */
export async function startShop(): Promise<Shop> {
  const stripe = new ScriptedStripe();
  const paypal = new ScriptedPayPal();
  const anet = new ScriptedAuthorizeNet();
  const gateways = (database: Database): AllGateways => {
    const real = createGateways({ stripe: null, paypal: null, authorizeNet: null, testGateway: true }, database);
    const byName: Record<GatewayName, PaymentGateway> = { test: real.test!, stripe, paypal, authorizenet: anet };
    return {
      config: real.config,
      test: real.test,
      stripe: stripe as unknown as StripeGateway,
      paypal: paypal as unknown as PayPalGateway,
      authorizeNet: anet as unknown as AuthorizeNetGateway,
      get: (name: GatewayName) => byName[name],
      isConfigured: () => true,
    } as AllGateways;
  };
  const server = await startTestServer({ ADMIN_EMAILS: 'owner@example.com' }, { gateways });
  return { url: server.url, database: server.database, quotes: new QuoteService(server.q, server.url), stripe, paypal, anet, stop: () => server.stop() };
}
