/**
 * The offline test gateway (the default): test card numbers like Stripe's test mode, no network.
 * Its transactions are rows of test_gateway_transaction, so `confirm` answers the same after a
 * restart as a real provider would.
 */
import crypto from 'node:crypto';
import type { Database } from '../db/database';
import type { TestGatewayTransactionTable } from '../db/tables';
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

/** A row of test_gateway_transaction (server/db/tables.ts). */
type TransactionRow = TestGatewayTransactionTable;

export class TestGateway implements PaymentGateway {
  readonly name = 'test' as const;
  /** The authentication step an on_hold charge waits for (./test-gateway-authentication.ts). */
  readonly authentication: TestGatewayAuthentication;
  constructor(private readonly database: Database) {
    this.authentication = new TestGatewayAuthentication(database);
  }

  async charge(request: TestChargeRequest): Promise<TestChargeResult> {
    const { q } = this.database;
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
    // Insert-or-find: the unique idempotency key decides. Of two racing requests with one key (on
    // any servers), one insert stores its row, the other changes nothing; both then read that row.
    const inserted = await q.run(q.db.insertInto('test_gateway_transaction').values(row).onConflict((oc) => oc.column('idempotency_key').doNothing()));
    const stored = inserted === 1 ? row : await this.byKey(row.idempotency_key!);
    const declineCode = stored.message === null ? null : outcome.declineCode;
    return { payment: toPayment(stored), message: stored.message, declineCode };
  }

  /**
   * Voids a transaction that waits for its authentication (the customer chose "Pay another way"):
   * its authentication page no longer completes. Answers the transaction as it now stands (voided,
   * or completed or failed when the authentication ended first).
   */
  async void(transactionId: string): Promise<ConfirmedPayment> {
    await this.authentication.void(transactionId);
    return this.confirm(transactionId);
  }

  async confirm(transactionId: string): Promise<ConfirmedPayment> {
    const { q } = this.database;
    const row = await q.firstBy('test-transaction-by-id', (id: string) => q.db.selectFrom('test_gateway_transaction').selectAll().where('id', '=', id), transactionId);
    if (!row) throw paymentNotFound(transactionId);
    return toPayment(row);
  }

  private async byKey(idempotencyKey: string): Promise<TransactionRow> {
    const { q } = this.database;
    const row = await q.first(q.db.selectFrom('test_gateway_transaction').selectAll().where('idempotency_key', '=', idempotencyKey));
    // The row the unique key refused ours for: stored and committed, so it is there.
    if (!row) throw new Error(`test gateway transaction with idempotency key ${idempotencyKey} not found`);
    return row;
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
