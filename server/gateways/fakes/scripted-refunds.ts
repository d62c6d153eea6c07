/**
 * The refunds of the scripted stand-in gateways (server/api/commerce-harness.ts ScriptedGateway,
 * server/security/scripted-shop.ts ScriptedStripe, ScriptedPayPal, ScriptedAuthorizeNet): they keep
 * what they were asked, succeed by default, answer the same key with the same outcome (and count it
 * once), and let a test script a refusal or an unreachable provider for a payment.
 */
import type { RefundOutcome, RefundRequest } from '../gateway';

export class ScriptedRefunds {
  /** Every refund asked for, in order (a retry with the same key included). */
  readonly requests: RefundRequest[] = [];
  /** Payments (by providerReference) whose refunds the provider refuses, with its message. */
  readonly failures = new Map<string, string>();
  /** Payments (by providerReference) whose provider cannot be reached: refund throws. */
  readonly unreachable = new Set<string>();
  /** The outcomes given, by idempotency key. */
  readonly outcomes = new Map<string, RefundOutcome>();
  private n = 0;

  constructor(private readonly prefix: string) {}

  /**
   * The answer to a request. `voidAmountCents`: the payment took no money yet (the stand-in says
   * which), so it is voided for this whole amount; null for a refund.
   */
  async answer(request: RefundRequest, voidAmountCents: number | null = null): Promise<RefundOutcome> {
    this.requests.push(structuredClone(request));
    // A provider round trip: concurrent requests interleave here, as they would in production.
    await new Promise((resolve) => setImmediate(resolve));
    const reference = request.payment.providerReference;
    if (this.unreachable.has(reference)) throw new Error('connect ECONNREFUSED');
    const earlier = this.outcomes.get(request.idempotencyKey);
    if (earlier) return structuredClone(earlier);
    const failure = this.failures.get(reference);
    const outcome: RefundOutcome =
      failure !== undefined
        ? { kind: voidAmountCents === null ? 'refund' : 'void', status: 'failed', providerReference: reference, amountCents: voidAmountCents ?? request.amountCents, message: failure }
        : voidAmountCents !== null
          ? { kind: 'void', status: 'succeeded', providerReference: reference, amountCents: voidAmountCents }
          : { kind: 'refund', status: 'succeeded', providerReference: `${this.prefix}${Date.now()}${String(++this.n).padStart(3, '0')}`, amountCents: request.amountCents };
    this.outcomes.set(request.idempotencyKey, outcome);
    return structuredClone(outcome);
  }

  /** The refunds that succeeded, once per key (what the provider gave back). */
  given(): RefundOutcome[] {
    return [...this.outcomes.values()].filter((o) => o.status === 'succeeded');
  }
}
