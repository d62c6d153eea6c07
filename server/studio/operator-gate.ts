/**
 * Who is calling a studio endpoint. Every studio route but sign-in and set-up starts with
 * `await gate.require(ctx, role)`: it answers 401 without an operator session (a customer's session
 * is not one), 403 for a role below the one named, and 403 for a write (POST, PUT, PATCH, DELETE)
 * whose Origin is not the store's.
 */
import type { Context } from 'koa';
import type { OperatorRole } from '../../schemas/api/studio';

export interface SignedInOperator {
  id: number;
  email: string;
  role: OperatorRole;
}

export interface OperatorGate {
  require(ctx: Context, role: OperatorRole): Promise<SignedInOperator>;
  /** For the audit log: what an operator did (a publish, a restore), with the request's address. */
  audit(ctx: Context, operator: SignedInOperator | null, action: string, detail: string): Promise<void>;
}
