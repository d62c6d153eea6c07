/**
 * The offline test gateway's authentication step, shaped like Stripe's 3-D Secure: a charge with
 * the card 4000 0025 0000 3155 stays on_hold until the customer passes (or fails) an
 * authentication page on the store. The page's address carries a random one-time secret of that
 * transaction only (never an order's token); the database keeps its SHA-256, compared in constant
 * time, and a used or expired secret is refused. Finishing moves the transaction to completed or
 * failed in the same SQLite transaction that marks the secret used, so two racing submits cannot
 * both win.
 */
import crypto from 'node:crypto';
import type { Database } from '../db/database';
import type { TestGatewayAuthenticationTable } from '../db/tables';
import { ApiError } from '../http/api-error';

/** How long an authentication page stays usable, like a provider's 3-D Secure session. */
export const AUTHENTICATION_LIFETIME_MS = 30 * 60 * 1000;

export type AuthenticationOutcome = 'completed' | 'failed';

/** The page of a payment the customer cancelled to pay another way (issue 17). */
export const AUTHENTICATION_CANCELLED_MESSAGE = 'This payment was cancelled to pay another way, so its authentication can no longer be completed.';

/** Stripe's words for a failed 3-D Secure authentication, shown on the failure page. */
export const AUTHENTICATION_FAILED_MESSAGE = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** The row as better-sqlite3 reads it: the table's own shape (server/db/tables.ts). */
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
  begin(transactionId: string, returnUrl: string): { secret: string } {
    const secret = crypto.randomBytes(32).toString('base64url');
    const created = this.now();
    const { sqlite } = this.database;
    sqlite.transaction(() => {
      const existing = sqlite.prepare('select used_at from test_gateway_authentication where transaction_id = ?').get(transactionId) as { used_at: string | null } | undefined;
      if (existing?.used_at) throw new ApiError(409, 'authentication_used', 'This authentication has already been completed.');
      sqlite
        .prepare(
          `insert into test_gateway_authentication (transaction_id, secret_hash, return_url, created_at, expires_at, used_at, outcome)
           values (?, ?, ?, ?, ?, null, null)
           on conflict (transaction_id) do update set secret_hash = excluded.secret_hash, return_url = excluded.return_url,
             created_at = excluded.created_at, expires_at = excluded.expires_at`,
        )
        .run(transactionId, hash(secret).toString('hex'), returnUrl, created.toISOString(), new Date(created.getTime() + AUTHENTICATION_LIFETIME_MS).toISOString());
    })();
    return { secret };
  }

  /** The open step the secret belongs to, without using it (the page shows its form only then). */
  check(transactionId: string, secret: string): PendingAuthentication {
    const row = this.open(transactionId, secret);
    return { transactionId: row.transaction_id, returnUrl: row.return_url };
  }

  /** Uses the secret once: the transaction becomes completed or failed, and the step is closed. */
  finish(transactionId: string, secret: string, outcome: AuthenticationOutcome): PendingAuthentication {
    const { sqlite } = this.database;
    return sqlite.transaction((): PendingAuthentication => {
      const row = this.open(transactionId, secret);
      const at = this.now().toISOString();
      sqlite.prepare('update test_gateway_authentication set used_at = ?, outcome = ? where transaction_id = ? and used_at is null').run(at, outcome, transactionId);
      const message = outcome === 'completed' ? null : AUTHENTICATION_FAILED_MESSAGE;
      const moved = sqlite.prepare("update test_gateway_transaction set status = ?, message = ? where id = ? and status = 'on_hold'").run(outcome, message, transactionId);
      // The transaction left on_hold some other way: the step has nothing left to decide.
      if (moved.changes !== 1) throw new ApiError(409, 'authentication_used', 'This authentication has already been completed.');
      return { transactionId: row.transaction_id, returnUrl: row.return_url };
    })();
  }

  /**
   * Voids a transaction that waits for its authentication (the customer chose to pay another way):
   * in one SQLite transaction the step is closed and the transaction becomes voided, so a page
   * still open can no longer complete it, and a submit racing the void either wins before it (the
   * transaction completed, nothing is voided) or finds it cancelled. True when it was voided.
   */
  void(transactionId: string): boolean {
    const { sqlite } = this.database;
    return sqlite.transaction((): boolean => {
      const moved = sqlite.prepare("update test_gateway_transaction set status = 'voided', message = ? where id = ? and status in ('on_hold', 'pending')").run(AUTHENTICATION_CANCELLED_MESSAGE, transactionId);
      if (moved.changes !== 1) return false;
      sqlite.prepare("update test_gateway_authentication set used_at = ?, outcome = 'voided' where transaction_id = ? and used_at is null").run(this.now().toISOString(), transactionId);
      return true;
    })();
  }

  private open(transactionId: string, secret: string): AuthenticationRow {
    const row = this.database.sqlite.prepare('select * from test_gateway_authentication where transaction_id = ?').get(transactionId) as AuthenticationRow | undefined;
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
