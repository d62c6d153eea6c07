/**
 * The offline test gateway (the default): test card numbers like Stripe's test mode, no network.
 * Its transactions are rows of test_gateway_transaction, so `confirm` answers the same after a
 * restart as a real provider would.
 */
import crypto from 'node:crypto';
import type { Database } from '../db/database';
import type { ConfirmedPayment, PaymentGateway, PaymentMetadata, PaymentStatus } from './gateway';
import { paymentNotFound } from './gateway-errors';
import { cardBrand, testCardOutcome, type ValidCard } from './test-cards';
import { TestGatewayAuthentication } from './test-gateway-authentication';

export interface TestChargeRequest {
  card: ValidCard;
  amountCents: number;
  currency: string;
  metadata: PaymentMetadata;
  /** The same key gives the same transaction (a retried or double-clicked Pay). */
  idempotencyKey?: string;
}

export interface TestChargeResult {
  payment: ConfirmedPayment;
  /** Why the charge did not complete, for the customer. */
  message: string | null;
  declineCode: string | null;
}

interface TransactionRow {
  id: string;
  status: string;
  amount_cents: number;
  currency: string;
  card_brand: string;
  card_last4: string;
  message: string | null;
  metadata: string;
  idempotency_key: string | null;
  created_at: string;
}

export class TestGateway implements PaymentGateway {
  readonly name = 'test' as const;
  /** The authentication step an on_hold charge waits for (./test-gateway-authentication.ts). */
  readonly authentication: TestGatewayAuthentication;
  constructor(private readonly database: Database) {
    this.authentication = new TestGatewayAuthentication(database);
  }

  async charge(request: TestChargeRequest): Promise<TestChargeResult> {
    const { sqlite } = this.database;
    const outcome = testCardOutcome(request.card.digits);
    const row: TransactionRow = {
      id: `test_txn_${crypto.randomBytes(12).toString('hex')}`,
      status: outcome.status,
      amount_cents: request.amountCents,
      currency: request.currency,
      card_brand: cardBrand(request.card.digits),
      card_last4: request.card.digits.slice(-4),
      message: outcome.message,
      metadata: JSON.stringify(request.metadata),
      idempotency_key: request.idempotencyKey ?? null,
      created_at: new Date().toISOString(),
    };
    // Insert-or-find in one synchronous step: two racing requests with one key get one transaction.
    const stored = sqlite.transaction((): TransactionRow => {
      if (row.idempotency_key !== null) {
        const existing = sqlite.prepare('select * from test_gateway_transaction where idempotency_key = ?').get(row.idempotency_key) as TransactionRow | undefined;
        if (existing) return existing;
      }
      sqlite
        .prepare(
          `insert into test_gateway_transaction (id, status, amount_cents, currency, card_brand, card_last4, message, metadata, idempotency_key, created_at)
           values (@id, @status, @amount_cents, @currency, @card_brand, @card_last4, @message, @metadata, @idempotency_key, @created_at)`,
        )
        .run(row);
      return row;
    })();
    const declineCode = stored.message === null ? null : outcome.declineCode;
    return { payment: toPayment(stored), message: stored.message, declineCode };
  }

  /**
   * Voids a transaction that waits for its authentication (issue 17, "Pay another way"): its
   * authentication page no longer completes. Answers the transaction as it now stands (voided, or
   * completed or failed when the authentication ended first).
   */
  async void(transactionId: string): Promise<ConfirmedPayment> {
    this.authentication.void(transactionId);
    return this.confirm(transactionId);
  }

  async confirm(transactionId: string): Promise<ConfirmedPayment> {
    const row = this.database.sqlite.prepare('select * from test_gateway_transaction where id = ?').get(transactionId) as TransactionRow | undefined;
    if (!row) throw paymentNotFound(transactionId);
    return toPayment(row);
  }
}

function toPayment(row: TransactionRow): ConfirmedPayment {
  return {
    gateway: 'test',
    providerReference: row.id,
    transactionId: row.id,
    status: row.status as PaymentStatus,
    amountCents: row.amount_cents,
    currency: row.currency,
    metadata: JSON.parse(row.metadata) as PaymentMetadata,
    additionalData: { cardBrand: row.card_brand, cardLast4: row.card_last4, providerStatus: row.status, ...(row.message ? { message: row.message } : {}) },
  };
}
