/**
 * A payment that waits for the customer's bank holds its amount, or the customer could be charged
 * twice. What the payment routes do about it:
 * - `guardedCharge`: every route that takes money first settles the provider objects the store
 *   created earlier for the same order or quote (an intent never confirmed is cancelled with Stripe,
 *   one waiting for 3-D Secure or already paid is handed to the ledger, which then refuses or lowers
 *   the new charge), then claims the charge: `chargeAmount` decides under the row lock of the order
 *   or quote (409 while a payment of the ledger is pending or on hold, or another charge holds a
 *   claim, on this server or another) and records the claim, which holds the order until the
 *   provider's answer is in the ledger or an open attempt. The provider is asked outside any
 *   transaction.
 * - POST /api/payment/waiting/cancel ("Pay another way"): for the owner of the order or quote only
 *   (the same proof as a charge), voids each waiting payment with its gateway (the test gateway's
 *   authentication page no longer completes; Stripe cancels the PaymentIntent; a PayPal order is
 *   never captured) and marks it voided in the ledger. A new charge is then accepted.
 */
import type Router from '@koa/router';
import { WAITING_PAYMENT_MESSAGES } from '../../../schemas/evaluators/waiting-payment-messages';
import type { ConfirmedPayment, PaymentMetadata } from '../../gateways/gateway';
import type { StripeGateway, StripeIntent } from '../../gateways/stripe-gateway';
import { isWaitingStatus } from '../../gateways/gateway';
import { ApiError } from '../../http/api-error';
import { checkRequest } from '../../http/contract';
import { cancelWaitingPaymentEndpoint } from '../../../schemas/api/payments';
import { AttemptsOpen, type AttemptTarget, type PaymentAttempt, type WaitingPayment } from '../../orders/payment-holds';
import { withChargeLock } from './charge-lock';
import { ownerProof } from './owner-proof';
import type { Charge, ChargeRequest, PaymentRouteDeps } from './payment-deps';
import { metadataOf, PaymentRules } from './payment-input';
import { readJsonObject } from './request-body';
import { reportPayment } from './report-payment';

/** Stripe statuses of an intent the browser has not confirmed yet: cancelled when a new charge comes. */
const UNCONFIRMED_INTENT = new Set(['requires_payment_method', 'requires_confirmation']);

export interface SettleOptions {
  /** The payment being captured or confirmed itself: not settled against itself. */
  exceptReference?: string;
  /** A Stripe intent never confirmed, for this amount, is kept and answered instead of being cancelled (a retry, a second tab). */
  reuseIntentFor?: Charge;
}

export interface Settled {
  /** The ledger heard of a payment (waiting or completed) it may not have known. */
  reported: boolean;
  reusable?: StripeIntent;
  /** Open attempts found harmless and left open (a PayPal order not captured; not `reusable`). */
  leftOpen: string[];
}

/** Settles the open attempts of what the caller proved it owns (`target` from chargeAmount's answer). */
export async function settleOpenAttempts(deps: PaymentRouteDeps, target: AttemptTarget, options: SettleOptions = {}): Promise<Settled> {
  const settled: Settled = { reported: false, leftOpen: [] };
  for (const attempt of await deps.holds.openAttempts(target)) {
    if (attempt.providerReference === options.exceptReference) continue;
    if (attempt.gateway === 'stripe' && deps.gateways.stripe) await settleIntent(deps, deps.gateways.stripe, attempt, options, settled);
    else if (attempt.gateway === 'paypal' && deps.gateways.paypal) {
      // PayPal takes nothing until the store captures, and the capture is guarded like a charge: an
      // order not captured may stay open. One that was captured is the ledger's.
      const payment = deps.gateways.paypal.toConfirmedPayment(await deps.gateways.paypal.getOrder(attempt.providerReference));
      if (payment.additionalData.captureId === undefined && payment.status !== 'failed') {
        settled.leftOpen.push(attempt.providerReference);
        continue;
      }
      await reportPayment(deps, payment);
      await deps.holds.markAttempt(attempt.providerReference, 'settled');
      settled.reported ||= payment.status !== 'failed';
    } else {
      // A gateway this server has no keys for cannot be asked about it: left open, it holds nothing.
      settled.leftOpen.push(attempt.providerReference);
    }
  }
  return settled;
}

async function settleIntent(deps: PaymentRouteDeps, stripe: StripeGateway, attempt: PaymentAttempt, options: SettleOptions, settled: Settled): Promise<void> {
  const ref = attempt.providerReference;
  let intent = await stripe.retrieveIntent(ref);
  if (UNCONFIRMED_INTENT.has(intent.status)) {
    const want = options.reuseIntentFor;
    if (want && !settled.reusable && intent.amount === want.amountCents && intent.currency.toUpperCase() === want.currency.toUpperCase()) {
      settled.reusable = intent;
      return;
    }
    // Replaced by the new charge: cancelled, so a page still holding its client secret cannot confirm it.
    try {
      intent = await stripe.cancelIntent(ref, `pi-supersede-${ref}`);
    } catch {
      intent = await stripe.retrieveIntent(ref); // confirmed meanwhile: handled below
    }
  }
  if (intent.status === 'canceled') {
    await deps.holds.markAttempt(ref, 'voided');
    return;
  }
  await reportPayment(deps, stripe.toConfirmedPayment(intent));
  await deps.holds.markAttempt(ref, 'settled');
  settled.reported = true;
}

/** How often a charge settles and claims again when other requests keep creating provider objects meanwhile. */
const SETTLE_ROUNDS = 3;

/**
 * What a route may charge now: settles the earlier attempts, then claims the charge (the decision
 * under the row lock of the order or quote, see the top of this file), one charge at a time for the
 * order or quote in this server. `take` runs while the claim holds and takes the money; it must
 * hand the provider's answer to the ledger (or record it as an open attempt) before it returns.
 */
export async function guardedCharge<T>(
  deps: PaymentRouteDeps,
  request: ChargeRequest,
  take: (charge: Charge, reusable?: StripeIntent) => Promise<T>,
  options: { reuseIntent?: boolean } = {},
): Promise<T> {
  return withChargeLock(deps, { orderId: request.orderId, quoteId: request.quoteId }, async () => {
    for (let round = 1; ; round++) {
      // The owner's proof and a first answer (paid, or a payment waits) before any provider is asked.
      const basis = await deps.chargeAmount(request);
      const settled = await settleOpenAttempts(deps, basis.target, { exceptReference: request.exceptReference, reuseIntentFor: options.reuseIntent ? basis : undefined });
      const reusable = settled.reported ? undefined : settled.reusable;
      let charge: Charge;
      try {
        charge = await deps.chargeAmount({ ...request, purpose: 'claim', knownAttempts: [...settled.leftOpen, ...(reusable ? [reusable.id] : [])] });
      } catch (err) {
        // Another request created a provider object after the settling: settle it too, then claim again.
        if (err instanceof AttemptsOpen && round < SETTLE_ROUNDS) continue;
        throw err;
      }
      if (reusable && reusable.amount !== charge.amountCents) {
        // The amount due changed between the two answers: the kept intent is for the old amount.
        if (charge.claim) await deps.holds.markAttempt(charge.claim, 'voided');
        if (round < SETTLE_ROUNDS) continue;
        throw new AttemptsOpen();
      }
      let ended: 'settled' | 'voided' = 'voided';
      try {
        const taken = await take(charge, reusable);
        ended = 'settled';
        return taken;
      } finally {
        // The ledger or an open attempt now holds what the provider did (or nothing was taken).
        if (charge.claim) await deps.holds.markAttempt(charge.claim, ended);
      }
    }
  });
}

type VoidResult = 'voided' | 'ended' | 'cannot';

/** Voids one waiting payment with its gateway; 'ended' when it completed or failed first (the ledger hears of it). */
async function voidWithGateway(deps: PaymentRouteDeps, waiting: WaitingPayment): Promise<VoidResult> {
  const ref = waiting.providerReference;
  let after: ConfirmedPayment;
  if (waiting.gateway === 'test' && deps.gateways.test) {
    after = await deps.gateways.test.void(waiting.transactionId);
  } else if (waiting.gateway === 'stripe' && deps.gateways.stripe) {
    const stripe = deps.gateways.stripe;
    try {
      after = stripe.toConfirmedPayment(await stripe.cancelIntent(ref, `pi-void-${ref}`));
    } catch {
      after = await stripe.confirm(ref); // Stripe refused (succeeded or processing): read what it is
    }
    if (after.additionalData.providerStatus === 'canceled') after = { ...after, status: 'voided' };
  } else if (waiting.gateway === 'paypal' && deps.gateways.paypal) {
    after = await deps.gateways.paypal.confirm(ref);
    // Not captured: nothing was taken, and the store never captures a voided order (see the capture route).
    if (after.additionalData.captureId === undefined && after.status !== 'completed') after = { ...after, status: 'voided' };
  } else {
    return 'cannot'; // Authorize.net's held-for-review transactions are settled by the store, not online
  }
  if (after.status === 'voided') {
    await deps.holds.onVoidedPayment(ref);
    return 'voided';
  }
  await reportPayment(deps, after);
  return isWaitingStatus(after.status) ? 'cannot' : 'ended';
}

export function waitingPaymentRoutes(router: Router, deps: PaymentRouteDeps): void {
  router.post('/api/payment/waiting/cancel', async (ctx) => {
    const body = await readJsonObject(ctx);
    const { body: request } = checkRequest(cancelWaitingPaymentEndpoint, ctx, body);
    const metadata = metadataOf(request.metadata, request);
    // An order or a quote, named in metadata or at the top level: a rule of two places.
    const rules = new PaymentRules();
    if (!metadata.orderId && !metadata.quoteId) rules.fail('orderId', 'Order ID is required');
    rules.check();
    const owner = ownerProof(ctx, body);
    const result = await withChargeLock(deps, metadata, async () => {
      // The owner's proof first: a stranger gets the answer of an unknown order and nothing is touched.
      const first = await deps.holds.held({ orderId: metadata.orderId, quoteId: metadata.quoteId, owner });
      // An intent waiting for 3-D Secure that the ledger has not heard of yet is one of the waiting.
      const target: AttemptTarget = { ...(first.orderId !== undefined ? { orderId: first.orderId } : {}), ...(first.quoteId !== undefined ? { quoteId: first.quoteId } : {}) };
      const held = (await settleOpenAttempts(deps, target)).reported ? await deps.holds.held({ orderId: metadata.orderId, quoteId: metadata.quoteId, owner }) : first;
      const outcomes: Array<{ waiting: WaitingPayment; result: VoidResult }> = [];
      for (const waiting of held.waiting) outcomes.push({ waiting, result: await voidWithGateway(deps, waiting) });
      return outcomes;
    });
    if (result.some((o) => o.result === 'cannot')) throw new ApiError(409, 'payment_not_cancellable', WAITING_PAYMENT_MESSAGES.cannotCancel);
    const cancelled = result.filter((o) => o.result === 'voided').map((o) => ({ gateway: o.waiting.gateway, transactionId: o.waiting.transactionId }));
    ctx.body = { success: true, cancelled, message: cancelled.length > 0 ? WAITING_PAYMENT_MESSAGES.cancelled : WAITING_PAYMENT_MESSAGES.nothingWaiting };
  });
}
