/**
 * The offline test gateway (the default): test card numbers like Stripe's test mode, no network.
 * Its transactions are rows of test_gateway_transaction, so `confirm` answers the same after a
 * restart as a real provider would; its refunds and voids are rows of test_gateway_refund.
 */
import crypto from 'node:crypto';
import type { Database } from '../db/database';
import type { Queries } from '../db/queries';
import type { TestGatewayRefundTable, TestGatewayTransactionTable } from '../db/tables';
import type { ConfirmedPayment, PaymentGateway, PaymentMetadata, PaymentStatus, RefundOutcome, RefundRequest } from './gateway';
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
    if (outcome.refundDecline) {
      await q.run(q.db.insertInto('test_gateway_refund_decline').values({ transaction_id: stored.id, message: outcome.refundDecline }).onConflict((oc) => oc.column('transaction_id').doNothing()));
    }
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

  /**
   * Gives money back on a completed transaction, in parts up to its amount, or voids one that took
   * none. The same idempotency key answers the same refund (insert-or-find on the unique key, under
   * the transaction's row lock, so racing refunds of one payment never give more than it took).
   * - completed: a refund of at most what is left (more is refused, in words); the card
   *   4000 0000 0000 5126 takes the charge but its issuer declines every refund;
   * - on hold or pending (waiting for its authentication): voided, and its authentication page no
   *   longer completes (`authentication.void`); if the customer finished the authentication first,
   *   the transaction is completed and is refunded instead;
   * - voided or failed: it took nothing, so it is (already) void.
   * A refund is succeeded or failed at once: the test gateway has no pending refunds.
   */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const transactionId = request.payment.providerReference;
    const { q } = this.database;
    const earlier = await q.first(q.db.selectFrom('test_gateway_refund').selectAll().where('idempotency_key', '=', request.idempotencyKey));
    if (earlier) return sameRefund(earlier, request);
    const current = await q.first(q.db.selectFrom('test_gateway_transaction').select('status').where('id', '=', transactionId));
    if (!current) return { kind: 'refund', status: 'failed', providerReference: transactionId, amountCents: request.amountCents, message: `No such transaction: ${transactionId}.` };
    // Outside the refund's own transaction: the void takes the same row lock in one of its own.
    if (current.status === 'on_hold' || current.status === 'pending') await this.authentication.void(transactionId);
    return q.transaction(async (tx) => {
      const row = await tx.first(tx.lockRow(tx.db.selectFrom('test_gateway_transaction').selectAll().where('id', '=', transactionId)));
      if (!row) throw paymentNotFound(transactionId);
      const again = await tx.first(tx.db.selectFrom('test_gateway_refund').selectAll().where('idempotency_key', '=', request.idempotencyKey));
      if (again) return sameRefund(again, request);
      const base = { transaction_id: transactionId, reason: request.reason, idempotency_key: request.idempotencyKey, created_at: new Date().toISOString() };
      let decided: Omit<TestGatewayRefundTable, keyof typeof base | 'id'>;
      if (row.status === 'completed') decided = await this.decideRefund(tx, row, request.amountCents);
      else if (row.status === 'voided' || row.status === 'failed') decided = { kind: 'void', status: 'succeeded', amount_cents: row.amount_cents, message: null };
      // Still waiting: a status this gateway does not leave on_hold or pending for without a void.
      else decided = { kind: 'void', status: 'failed', amount_cents: row.amount_cents, message: `The transaction is ${row.status} and could not be voided.` };
      const stored: TestGatewayRefundTable = { id: `test_re_${crypto.randomBytes(12).toString('hex')}`, ...base, ...decided };
      await tx.run(tx.db.insertInto('test_gateway_refund').values(stored).onConflict((oc) => oc.column('idempotency_key').doNothing()));
      const found = await tx.first(tx.db.selectFrom('test_gateway_refund').selectAll().where('idempotency_key', '=', request.idempotencyKey));
      return sameRefund(found ?? stored, request);
    });
  }

  /** What a refund of a completed transaction comes to: refused above what is left, declined for the 5126 card. */
  private async decideRefund(tx: Queries, row: TransactionRow, amountCents: number): Promise<Omit<TestGatewayRefundTable, 'id' | 'transaction_id' | 'reason' | 'idempotency_key' | 'created_at'>> {
    const refused = (message: string) => ({ kind: 'refund', status: 'failed', amount_cents: amountCents, message });
    const given = await tx.first(
      tx.db
        .selectFrom('test_gateway_refund')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'))
        .where('transaction_id', '=', row.id)
        .where('kind', '=', 'refund')
        .where('status', '=', 'succeeded'),
    );
    const left = row.amount_cents - Number(given?.cents ?? 0);
    if (!Number.isInteger(amountCents) || amountCents < 1) return refused('A refund must be of at least $0.01.');
    if (left <= 0) return refused('This payment has already been refunded in full.');
    if (amountCents > left) return refused(`The refund (${dollars(amountCents)}) is more than is left to refund on this payment (${dollars(left)}).`);
    const decline = await tx.first(tx.db.selectFrom('test_gateway_refund_decline').select('message').where('transaction_id', '=', row.id));
    if (decline) return refused(decline.message);
    return { kind: 'refund', status: 'succeeded', amount_cents: amountCents, message: null };
  }

  private async byKey(idempotencyKey: string): Promise<TransactionRow> {
    const { q } = this.database;
    const row = await q.first(q.db.selectFrom('test_gateway_transaction').selectAll().where('idempotency_key', '=', idempotencyKey));
    // The row the unique key refused ours for: stored and committed, so it is there.
    if (!row) throw new Error(`test gateway transaction with idempotency key ${idempotencyKey} not found`);
    return row;
  }
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** A stored refund as the answer, for the request that gave it; a key used before for another payment or amount is refused, as Stripe does. */
function sameRefund(row: TestGatewayRefundTable, request: RefundRequest): RefundOutcome {
  if (row.transaction_id !== request.payment.providerReference || (row.kind === 'refund' && row.amount_cents !== request.amountCents)) {
    return {
      kind: 'refund',
      status: 'failed',
      providerReference: request.payment.providerReference,
      amountCents: request.amountCents,
      message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
    };
  }
  return {
    kind: row.kind === 'void' ? 'void' : 'refund',
    status: row.status === 'succeeded' ? 'succeeded' : 'failed',
    providerReference: row.kind === 'void' ? row.transaction_id : row.id,
    amountCents: row.amount_cents,
    ...(row.message ? { message: row.message } : {}),
  };
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
