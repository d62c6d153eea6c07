/**
 * The offline test gateway's authentication step, shaped like Stripe's 3-D Secure: a charge with
 * the card 4000 0025 0000 3155 stays on_hold until the customer passes (or fails) an
 * authentication page on the store. The page's address carries a random one-time secret of that
 * transaction only (never an order's token); the database keeps its SHA-256, compared in constant
 * time, and a used or expired secret is refused. Finishing moves the transaction to completed or
 * failed in the same database transaction that marks the secret used, under the row lock of the
 * test gateway's transaction, so two racing submits (on any servers) cannot both win.
 */
import crypto from 'node:crypto';
import type { Database } from '../db/database';
import type { Queries } from '../db/queries';
import type { TestGatewayAuthenticationTable } from '../db/tables';
import { ApiError } from '../http/api-error';

/** How long an authentication page stays usable, like a provider's 3-D Secure session. */
export const AUTHENTICATION_LIFETIME_MS = 30 * 60 * 1000;

export type AuthenticationOutcome = 'completed' | 'failed';

/** The page of a payment the customer cancelled to pay another way. */
export const AUTHENTICATION_CANCELLED_MESSAGE = 'This payment was cancelled to pay another way, so its authentication can no longer be completed.';

/** Stripe's words for a failed 3-D Secure authentication, shown on the failure page. */
export const AUTHENTICATION_FAILED_MESSAGE = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** The row as the database reads it: the table's own shape (server/db/tables.ts). */
type AuthenticationRow = TestGatewayAuthenticationTable;

export interface PendingAuthentication {
  transactionId: string;
  /** Where the browser goes once authentication ends (checked when the charge stored it). */
  returnUrl: string;
}

const hash = (secret: string): Buffer => crypto.createHash('sha256').update(secret, 'utf8').digest();

/** One answer for an unknown transaction and a wrong secret: the caller learns nothing about either. */
const notFound = () => new ApiError(404, 'authentication_not_found', 'This authentication link is not valid.');

export class TestGatewayAuthentication {
  constructor(
    private readonly database: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Opens the step for an on_hold transaction and answers its secret. Asked again for the same
   * transaction (an idempotent replay of the charge) before it was used, it issues a new secret;
   * the earlier link stops working.
   */
  async begin(transactionId: string, returnUrl: string): Promise<{ secret: string }> {
    const secret = crypto.randomBytes(32).toString('base64url');
    const created = this.now();
    await this.database.q.transaction(async (tx) => {
      await lockTransaction(tx, transactionId);
      const existing = await tx.first(tx.db.selectFrom('test_gateway_authentication').select('used_at').where('transaction_id', '=', transactionId));
      if (existing?.used_at) throw new ApiError(409, 'authentication_used', 'This authentication has already been completed.');
      await tx.run(
        tx.db
          .insertInto('test_gateway_authentication')
          .values({ transaction_id: transactionId, secret_hash: hash(secret).toString('hex'), return_url: returnUrl, created_at: created.toISOString(), expires_at: new Date(created.getTime() + AUTHENTICATION_LIFETIME_MS).toISOString(), used_at: null, outcome: null })
          .onConflict((oc) =>
            oc.column('transaction_id').doUpdateSet((eb) => ({
              secret_hash: eb.ref('excluded.secret_hash'),
              return_url: eb.ref('excluded.return_url'),
              created_at: eb.ref('excluded.created_at'),
              expires_at: eb.ref('excluded.expires_at'),
            })),
          ),
      );
    });
    return { secret };
  }

  /** The open step the secret belongs to, without using it (the page shows its form only then). */
  async check(transactionId: string, secret: string): Promise<PendingAuthentication> {
    const row = await this.open(this.database.q, transactionId, secret);
    return { transactionId: row.transaction_id, returnUrl: row.return_url };
  }

  /** Uses the secret once: the transaction becomes completed or failed, and the step is closed. */
  finish(transactionId: string, secret: string, outcome: AuthenticationOutcome): Promise<PendingAuthentication> {
    return this.database.q.transaction(async (tx) => {
      await lockTransaction(tx, transactionId);
      const row = await this.open(tx, transactionId, secret);
      const at = this.now().toISOString();
      await tx.run(tx.db.updateTable('test_gateway_authentication').set({ used_at: at, outcome }).where('transaction_id', '=', transactionId).where('used_at', 'is', null));
      const message = outcome === 'completed' ? null : AUTHENTICATION_FAILED_MESSAGE;
      const moved = await tx.run(tx.db.updateTable('test_gateway_transaction').set({ status: outcome, message }).where('id', '=', transactionId).where('status', '=', 'on_hold'));
      // The transaction left on_hold some other way: the step has nothing left to decide.
      if (moved !== 1) throw new ApiError(409, 'authentication_used', 'This authentication has already been completed.');
      return { transactionId: row.transaction_id, returnUrl: row.return_url };
    });
  }

  /**
   * Voids a transaction that waits for its authentication (the customer chose to pay another way):
   * in one database transaction, under the row lock of the test gateway's transaction, the step is
   * closed and the transaction becomes voided, so a page still open can no longer complete it, and
   * a submit racing the void either wins before it (the transaction completed, nothing is voided)
   * or finds it cancelled. True when it was voided.
   */
  void(transactionId: string): Promise<boolean> {
    return this.database.q.transaction(async (tx) => {
      await lockTransaction(tx, transactionId);
      const moved = await tx.run(
        tx.db.updateTable('test_gateway_transaction').set({ status: 'voided', message: AUTHENTICATION_CANCELLED_MESSAGE }).where('id', '=', transactionId).where('status', 'in', ['on_hold', 'pending']),
      );
      if (moved !== 1) return false;
      await tx.run(tx.db.updateTable('test_gateway_authentication').set({ used_at: this.now().toISOString(), outcome: 'voided' }).where('transaction_id', '=', transactionId).where('used_at', 'is', null));
      return true;
    });
  }

  private async open(q: Queries, transactionId: string, secret: string): Promise<AuthenticationRow> {
    const row = await q.first(q.db.selectFrom('test_gateway_authentication').selectAll().where('transaction_id', '=', transactionId));
    // Hash both sides so the comparison has a fixed length and takes the same time for any secret.
    const expected = row ? Buffer.from(row.secret_hash, 'hex') : crypto.randomBytes(32);
    const matches = crypto.timingSafeEqual(expected, hash(secret));
    if (!row || !matches) throw notFound();
    if (row.used_at && row.outcome === 'voided') throw new ApiError(410, 'authentication_cancelled', AUTHENTICATION_CANCELLED_MESSAGE);
    if (row.used_at) throw new ApiError(409, 'authentication_used', 'This authentication has already been completed.');
    if (Date.parse(row.expires_at) <= this.now().getTime()) throw new ApiError(410, 'authentication_expired', 'This authentication link has expired. Please try the payment again.');
    return row;
  }
}

/**
 * Locks the test gateway's transaction row: its authentication's begin, finish and void change its
 * status and run one after the other, on any server.
 */
async function lockTransaction(tx: Queries, transactionId: string): Promise<void> {
  await tx.first(tx.lockRow(tx.db.selectFrom('test_gateway_transaction').select('id').where('id', '=', transactionId)));
}
