/**
 * A test harness for payment flows: the whole store (../testing/test-server.ts) with a scripted
 * gateway whose `confirm` answers what the test set (pending, then completed, failed ...). Flows
 * through the offline test gateway itself use startTestServer alone.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/database';
import type { Queries } from '../db/queries';
import type { AllGateways } from '../gateways/create-gateways';
import { ScriptedRefunds } from '../gateways/fakes/scripted-refunds';
import { isWaitingStatus, type ConfirmedPayment, type GatewayName, type PaymentGateway, type RefundOutcome, type RefundRequest } from '../gateways/gateway';
import { ApiError } from '../http/api-error';
import type { MailConfig } from '../mail/mail-config';
import { QuoteService } from '../services/quote-service';
import { startTestServer } from '../testing/test-server';

export class ScriptedGateway implements PaymentGateway {
  readonly payments = new Map<string, ConfirmedPayment>();
  /** Transaction ids whose confirmation fails as an unreachable provider would. */
  readonly unreachable = new Set<string>();
  confirmCalls = 0;
  /**
   * What it was asked to refund (`refunds.requests`), and what a test scripts: `refunds.failures`
   * (provider reference -> the provider's message) or `refunds.unreachable`. A payment set as pending
   * or on hold is voided (and confirms as voided afterwards); any other is refunded.
   */
  readonly refunds = new ScriptedRefunds('re_scripted_');
  constructor(readonly name: GatewayName = 'test') {}

  set(payment: Partial<ConfirmedPayment> & { transactionId: string; amountCents: number }): ConfirmedPayment {
    const full: ConfirmedPayment = {
      gateway: this.name,
      providerReference: payment.transactionId,
      status: 'completed',
      currency: 'USD',
      metadata: {},
      additionalData: { cardBrand: 'visa', cardLast4: '4242' },
      ...payment,
    };
    this.payments.set(full.transactionId, full);
    return full;
  }

  async confirm(transactionId: string): Promise<ConfirmedPayment> {
    this.confirmCalls += 1;
    // A provider round trip: lets concurrent requests interleave here, as they would in production.
    await new Promise((r) => setImmediate(r));
    if (this.unreachable.has(transactionId)) throw new Error('connect ECONNREFUSED');
    const p = this.payments.get(transactionId);
    if (!p) throw new ApiError(404, 'payment_not_found', 'Payment not found.');
    return p;
  }

  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const payment = this.payments.get(request.payment.transactionId);
    const voids = payment !== undefined && (isWaitingStatus(payment.status) || payment.status === 'voided');
    const outcome = await this.refunds.answer(request, voids ? payment.amountCents : null);
    if (voids && outcome.status === 'succeeded') payment.status = 'voided';
    return outcome;
  }
}

export interface Harness {
  url: string;
  database: Database;
  q: Queries;
  quotes: QuoteService;
  gateway: ScriptedGateway;
  stop(): Promise<void>;
}

export const harnessMail: MailConfig = { smtpUrl: null, from: 'Showroom <orders@showroom.localhost>', adminEmails: ['owner@example.com', 'sales@example.com', 'ops@example.com'] };

/** The whole store (../testing/test-server.ts) with the scripted gateway in place of every gateway. */
export async function startHarness(contentDir?: string, options: { production?: boolean } = {}): Promise<Harness> {
  const gateway = new ScriptedGateway('test');
  const gateways = { get: () => gateway, test: gateway, isConfigured: () => true, config: { stripe: null, paypal: null, authorizeNet: null } } as unknown as AllGateways;
  const server = await startTestServer(
    { ...(contentDir ? { CONTENT_DIR: contentDir } : {}), ADMIN_EMAILS: harnessMail.adminEmails.join(',') },
    { gateways: () => gateways, config: options.production === undefined ? {} : { production: options.production } },
  );
  return { url: server.url, database: server.database, q: server.q, quotes: new QuoteService(server.q, server.url), gateway, stop: () => server.stop() };
}

/**
 * The usual setup of a test file: a harness started before the file's tests and stopped after them.
 * Read its fields inside tests (they exist once beforeAll has run).
 */
export function useHarness(): Harness {
  const h = {} as Harness;
  beforeAll(async () => {
    Object.assign(h, await startHarness());
  });
  afterAll(async () => {
    await h.stop?.();
  });
  return h;
}

/** Transaction ids for the scripted gateway that no other test of the run uses: `prefix_<now>_<n>`. */
export function transactionIds(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}_${Date.now()}_${++n}`;
}
