/**
 * A local Stripe for tests. Every request is checked against Stripe's own OpenAPI document
 * (the vendored extract providers/stripe.openapi.json: the operation, its query parameters, and the
 * form body decoded from bracketed keys); a request Stripe would refuse is answered 400 and recorded
 * in `violations`. Answers are Stripe's example objects (providers/stripe.fixtures.json, from
 * fixtures3.json) adjusted with the request's values.
 * Idempotency-Key behaves as Stripe's: the same key gets the same answer.
 * Refunds (`POST /v1/refunds` on a PaymentIntent) are kept per intent, on the intent's charge: more
 * than is left is refused (amount_too_large, or charge_already_refunded when nothing is left), an
 * intent that has not succeeded has nothing to refund, and `charge.refunded` / `refund.updated`
 * webhooks carry the charge and the refund as Stripe's example objects shape them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { startFakeServer, type FakeRequest, type FakeResponse, type FakeServer } from './fake-server';
import { decodeBracketed, loadOpenApi, OpenApiValidator, unknownOperation } from './openapi-validator';
import { VENDORED_FIXTURES, vendoredDir } from './providers/vendored-operations';

type Json = Record<string, unknown>;

let fixtures: Record<string, Json> | null = null;
function fixture(name: string): Json {
  fixtures ??= (JSON.parse(fs.readFileSync(path.join(vendoredDir, VENDORED_FIXTURES.file), 'utf8')) as { resources: Record<string, Json> }).resources;
  return structuredClone(fixtures[name]!);
}

let validator: OpenApiValidator | null = null;
function stripeValidator(): OpenApiValidator {
  validator ??= new OpenApiValidator(loadOpenApi('stripe'), 'stripe', { coerceBody: true });
  return validator;
}

/** Stripe's test payment methods (pm_card_*) and what confirming with each does. */
const TEST_METHODS: Record<string, { brand: string; last4: string; outcome: 'succeeded' | 'requires_action' | 'declined' }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeded' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeeded' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3155', outcome: 'requires_action' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declined' },
  // 4000 0000 0000 5126: the charge succeeds; a refund starts succeeded and fails later (`failRefund`).
  pm_card_refundFail: { brand: 'visa', last4: '5126', outcome: 'succeeded' },
};

type RefundStatus = 'succeeded' | 'pending' | 'requires_action' | 'failed' | 'canceled';

export interface FakeStripe extends FakeServer {
  intents: Map<string, Json>;
  /** What Stripe.js does in the browser: confirms the intent with a test payment method. */
  confirmInBrowser(intentId: string, paymentMethod?: string): Json;
  /** The customer on the bank's page (next_action redirect_to_url): passes or fails 3-D Secure. */
  authenticate(intentId: string, passes?: boolean): Json;
  /**
   * A signed webhook delivery, as Stripe would send it: for `payment_intent.*` the intent's current
   * state; for `charge.*` (charge.refunded) the charge of intent `id` with its refunds; for
   * `refund.*` and `charge.refund.*` the refund `id`.
   */
  webhook(type: string, id: string, secret: string): { payload: string; signature: string };
  /** Every refund, by id. */
  refunds: Map<string, Json>;
  /** The refunds of one PaymentIntent, oldest first. */
  refundsOf(intentId: string): Json[];
  /** The next refund is created with this status (and failure_reason when failed), as a bank may answer. */
  nextRefundStatus(status: RefundStatus, failureReason?: string): void;
  /** A refund that was accepted fails later (card 5126, a closed account): its amount is refundable again. */
  failRefund(refundId: string, failureReason?: string): Json;
}

function stripeError(status: number, type: string, message: string, extra: Json = {}): FakeResponse {
  return { status, body: { error: { type, message, ...extra } } };
}

/** Where the fake sends a customer for 3-D Secure (the e2e test serves this page). */
export const AUTHENTICATION_PAGE = 'https://hooks.stripe.com/3d_secure_2/authenticate';

/** Stripe answers Stripe.js from any shop's origin. */
const BROWSER_CORS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
};

export async function startFakeStripe(options: { secretKey?: string; publishableKey?: string } = {}): Promise<FakeStripe> {
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  let nextRefund: { status: RefundStatus; failureReason?: string } | null = null;
  const idempotent = new Map<string, { fingerprint: string; answer: FakeResponse }>();
  const v = stripeValidator();

  const confirmWith = (intent: Json, pm: string | null, returnUrl?: string): FakeResponse | null => {
    const method = pm ? TEST_METHODS[pm] : undefined;
    if (!pm) return stripeError(400, 'invalid_request_error', 'You cannot confirm this PaymentIntent because it\'s missing a payment method.', { code: 'payment_intent_unexpected_state' });
    intent.payment_method = pm;
    if (!method || method.outcome === 'succeeded') {
      intent.status = intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
      if (intent.status === 'succeeded') intent.amount_received = intent.amount;
      else intent.amount_capturable = intent.amount;
    } else if (method.outcome === 'requires_action') {
      intent.status = 'requires_action';
      // With a return_url the bank's page is a redirect (Stripe.js leaves the shop, then comes back).
      intent.next_action = returnUrl
        ? { type: 'redirect_to_url', redirect_to_url: { url: `${AUTHENTICATION_PAGE}?payment_intent=${String(intent.id)}`, return_url: returnUrl } }
        : { type: 'use_stripe_sdk', use_stripe_sdk: {} };
    } else {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      return stripeError(402, 'card_error', 'Your card was declined.', { code: 'card_declined', decline_code: 'generic_decline', payment_intent: intent });
    }
    return null;
  };

  /** The intent's charge (Stripe's example charge), made when first needed and kept in step with its refunds. */
  const chargeOf = (intent: Json): Json => {
    const id = intent.id as string;
    let charge = charges.get(id);
    if (!charge) {
      charge = fixture('charge');
      const chargeId = `ch_${crypto.randomBytes(12).toString('hex')}`;
      const method = TEST_METHODS[String(intent.payment_method)];
      Object.assign(charge, { id: chargeId, payment_intent: id, created: Math.floor(Date.now() / 1000), refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${chargeId}/refunds` } });
      if (method) Object.assign((charge.payment_method_details as { card: Json }).card, { brand: method.brand, last4: method.last4 });
      charges.set(id, charge);
    }
    const received = Number(intent.amount_received ?? 0);
    const refunded = (charge.refunds as { data: Json[] }).data.filter((r) => r.status !== 'failed' && r.status !== 'canceled').reduce((sum, r) => sum + Number(r.amount), 0);
    Object.assign(charge, {
      amount: intent.amount,
      amount_captured: received,
      amount_refunded: refunded,
      captured: intent.status === 'succeeded',
      paid: intent.status === 'succeeded',
      refunded: received > 0 && refunded >= received,
      currency: intent.currency,
      metadata: intent.metadata,
      status: intent.status === 'succeeded' ? 'succeeded' : 'pending',
    });
    intent.latest_charge = charge.id;
    return charge;
  };

  const dollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

  /** POST /v1/refunds on a PaymentIntent (the charge form is refused: the store refunds intents). */
  const createRefund = (body: Json): FakeResponse => {
    const intent = typeof body.payment_intent === 'string' ? intents.get(body.payment_intent) : undefined;
    if (!intent) {
      if (typeof body.payment_intent === 'string') return stripeError(404, 'invalid_request_error', `No such payment_intent: '${body.payment_intent}'`, { code: 'resource_missing', param: 'payment_intent' });
      return stripeError(400, 'invalid_request_error', 'The fake refunds PaymentIntents only: send payment_intent.', { param: 'payment_intent' });
    }
    if (intent.status !== 'succeeded') {
      return stripeError(400, 'invalid_request_error', `This PaymentIntent (${String(intent.id)}) does not have a successful charge to refund.`, { code: 'charge_not_refundable' });
    }
    const charge = chargeOf(intent);
    const left = Number(intent.amount_received) - Number(charge.amount_refunded);
    const amount = body.amount !== undefined ? Number(body.amount) : left;
    if (left <= 0) return stripeError(400, 'invalid_request_error', `Charge ${String(charge.id)} has already been refunded.`, { code: 'charge_already_refunded' });
    if (amount > left) {
      return stripeError(400, 'invalid_request_error', `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`, { code: 'amount_too_large', param: 'amount' });
    }
    if (amount < 1) return stripeError(400, 'invalid_request_error', 'This value must be greater than or equal to 1.', { code: 'parameter_invalid_integer', param: 'amount' });
    const refund = fixture('refund');
    const status = nextRefund?.status ?? 'succeeded';
    Object.assign(refund, {
      id: `re_${crypto.randomBytes(12).toString('hex')}`,
      amount,
      charge: charge.id,
      currency: intent.currency,
      created: Math.floor(Date.now() / 1000),
      metadata: body.metadata ?? {},
      payment_intent: intent.id,
      reason: body.reason ?? null,
      status,
      ...(status === 'failed' ? { failure_reason: nextRefund?.failureReason ?? 'unknown' } : {}),
      ...(status === 'requires_action' ? { next_action: { type: 'display_details', display_details: { email_sent: { email_sent_at: Math.floor(Date.now() / 1000), email_sent_to: 'jenny@example.com' }, expires_at: Math.floor(Date.now() / 1000) + 86_400 } } } : {}),
    });
    nextRefund = null;
    refunds.set(refund.id as string, refund);
    (charge.refunds as { data: Json[] }).data.unshift(refund);
    chargeOf(intent);
    return { status: 200, body: refund };
  };

  const withExpansions = (intent: Json, expand: unknown): Json => {
    const out = structuredClone(intent);
    const list = Array.isArray(expand) ? expand : [];
    if (list.includes('payment_method') && typeof intent.payment_method === 'string') {
      const pm = fixture('payment_method');
      const known = TEST_METHODS[intent.payment_method];
      pm.id = intent.payment_method;
      if (known) Object.assign(pm.card as Json, { brand: known.brand, display_brand: known.brand, last4: known.last4 });
      out.payment_method = pm;
    }
    return out;
  };

  /**
   * Stripe.js's own calls from a shop's page (the e2e stand-in of js.stripe.com): the publishable
   * key, cross-origin, and only what a publishable key may do: confirm an intent whose client
   * secret it holds.
   */
  const handleBrowser = (req: FakeRequest, violations: string[]): FakeResponse => {
    if (req.method === 'OPTIONS') return { status: 204 };
    const auth = req.headers.authorization ?? '';
    if (options.publishableKey && auth !== `Bearer ${options.publishableKey}`) return stripeError(401, 'invalid_request_error', 'Invalid API Key provided.');
    const match = v.match(req.method, req.path);
    if (!match || match.template !== '/v1/payment_intents/{intent}/confirm') {
      return stripeError(401, 'invalid_request_error', 'This API call cannot be made with a publishable API key. Please use a secret API key.');
    }
    const secret = req.body ? decodeBracketed(req.body).client_secret : undefined;
    const intent = intents.get(match.params.intent ?? '');
    if (!intent || typeof secret !== 'string' || secret !== intent.client_secret) {
      return stripeError(400, 'invalid_request_error', 'The client_secret provided does not match any associated PaymentIntent on this account.', { code: 'payment_intent_invalid_parameter', param: 'client_secret' });
    }
    return handleApi(req, violations);
  };

  const handle = (req: FakeRequest, violations: string[]): FakeResponse => {
    const auth = req.headers.authorization ?? '';
    if (req.method === 'OPTIONS' || /^Bearer pk_/.test(auth)) {
      const answer = handleBrowser(req, violations);
      return { ...answer, headers: { ...answer.headers, ...BROWSER_CORS } };
    }
    if (!/^Bearer (sk|rk)_/.test(auth) || (options.secretKey && auth !== `Bearer ${options.secretKey}`)) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    return handleApi(req, violations);
  };

  const handleApi = (req: FakeRequest, violations: string[]): FakeResponse => {
    const match = v.match(req.method, req.path);
    if (!match) {
      violations.push(unknownOperation('Stripe', req.method, req.path));
      return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${req.path}).`);
    }
    const form = req.body ? decodeBracketed(req.body) : undefined;
    const query = decodeBracketed(req.rawQuery);
    const problems = v.validateRequest(match, {
      query,
      headers: req.headers as Record<string, string | undefined>,
      body: form,
      contentType: req.headers['content-type'],
    });
    if (problems.length) {
      violations.push(`${req.method} ${req.path}: ${problems.join('; ')}`);
      return stripeError(400, 'invalid_request_error', problems.join('; '));
    }
    const key = req.headers['idempotency-key'];
    if (typeof key === 'string' && req.method === 'POST') {
      const fingerprint = `${req.path}\n${req.body}`;
      const seen = idempotent.get(key);
      if (seen) {
        if (seen.fingerprint !== fingerprint) return stripeError(400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
        return seen.answer;
      }
      const answer = route(req.method, match.template, match.params, form ?? {}, query);
      if (answer.status < 500) idempotent.set(key, { fingerprint, answer: structuredClone(answer) });
      return answer;
    }
    return route(req.method, match.template, match.params, form ?? {}, query);
  };

  const route = (method: string, template: string, params: Record<string, string>, body: Json, query: Json): FakeResponse => {
    if (template === '/v1/refunds') return createRefund(body);
    if (template === '/v1/refunds/{refund}') {
      const refund = refunds.get(params.refund ?? '');
      return refund ? { status: 200, body: refund } : stripeError(404, 'invalid_request_error', `No such refund: '${params.refund ?? ''}'`, { code: 'resource_missing', param: 'refund' });
    }
    const existing = params.intent ? intents.get(params.intent) : undefined;
    if (params.intent && !existing) {
      return stripeError(404, 'invalid_request_error', `No such payment_intent: '${params.intent}'`, { code: 'resource_missing', param: 'intent' });
    }
    switch (template) {
      case '/v1/payment_intents': {
        const id = `pi_${crypto.randomBytes(12).toString('hex')}`;
        const intent = fixture('payment_intent');
        Object.assign(intent, {
          id,
          client_secret: `${id}_secret_${crypto.randomBytes(12).toString('hex')}`,
          amount: Number(body.amount),
          amount_received: 0,
          amount_capturable: 0,
          currency: body.currency,
          metadata: body.metadata ?? {},
          payment_method: body.payment_method ?? null,
          payment_method_types: body.payment_method_types ?? ['card'],
          receipt_email: body.receipt_email ?? null,
          shipping: body.shipping ?? null,
          capture_method: body.capture_method ?? 'automatic',
          status: body.payment_method ? 'requires_confirmation' : 'requires_payment_method',
          last_payment_error: null,
          next_action: null,
          canceled_at: null,
          created: Math.floor(Date.now() / 1000),
          latest_charge: null,
        });
        intents.set(id, intent);
        if (body.confirm === 'true') {
          const failed = confirmWith(intent, (body.payment_method as string | undefined) ?? null);
          if (failed) return failed;
        }
        return { status: 200, body: intent };
      }
      case '/v1/payment_intents/{intent}':
        if (method === 'GET') return { status: 200, body: withExpansions(existing!, query.expand) };
        if (body.amount !== undefined && !['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(existing!.status as string)) {
          return stripeError(400, 'invalid_request_error', `This PaymentIntent's amount could not be updated because it has a status of ${String(existing!.status)}.`, { code: 'payment_intent_unexpected_state' });
        }
        if (body.amount !== undefined) existing!.amount = Number(body.amount);
        for (const field of ['currency', 'receipt_email', 'shipping', 'payment_method_types', 'payment_method', 'description'] as const) {
          if (body[field] !== undefined) existing![field] = body[field];
        }
        if (body.metadata && typeof body.metadata === 'object') {
          const merged = { ...(existing!.metadata as Json) };
          for (const [k, value] of Object.entries(body.metadata as Json)) {
            if (value === '') delete merged[k];
            else merged[k] = value;
          }
          existing!.metadata = merged;
        }
        return { status: 200, body: existing };
      case '/v1/payment_intents/{intent}/confirm': {
        if (!['requires_payment_method', 'requires_confirmation'].includes(existing!.status as string)) {
          return stripeError(400, 'invalid_request_error', `This PaymentIntent's status is ${String(existing!.status)}.`, { code: 'payment_intent_unexpected_state' });
        }
        const failed = confirmWith(existing!, (body.payment_method as string | undefined) ?? (existing!.payment_method as string | null), body.return_url as string | undefined);
        return failed ?? { status: 200, body: existing };
      }
      case '/v1/payment_intents/{intent}/capture':
        if (existing!.status !== 'requires_capture') {
          return stripeError(400, 'invalid_request_error', `This PaymentIntent could not be captured because it has a status of ${String(existing!.status)}.`, { code: 'payment_intent_unexpected_state' });
        }
        existing!.status = 'succeeded';
        existing!.amount_received = body.amount_to_capture !== undefined ? Number(body.amount_to_capture) : existing!.amount;
        existing!.amount_capturable = 0;
        return { status: 200, body: existing };
      case '/v1/payment_intents/{intent}/cancel':
        // Stripe cancels an intent that has taken no money yet, and refuses the others.
        if (!['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture'].includes(existing!.status as string)) {
          return stripeError(400, 'invalid_request_error', `You cannot cancel this PaymentIntent because it has a status of ${String(existing!.status)}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`, { code: 'payment_intent_unexpected_state' });
        }
        existing!.status = 'canceled';
        existing!.next_action = null;
        existing!.amount_capturable = 0;
        existing!.canceled_at = Math.floor(Date.now() / 1000);
        existing!.cancellation_reason = body.cancellation_reason ?? null;
        return { status: 200, body: existing };
      default:
        return stripeError(404, 'invalid_request_error', `The fake does not implement ${template}.`);
    }
  };

  const server = await startFakeServer(handle);
  return {
    ...server,
    intents,
    confirmInBrowser(intentId, paymentMethod = 'pm_card_visa') {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`No intent ${intentId}`);
      confirmWith(intent, paymentMethod);
      return intent;
    },
    authenticate(intentId, passes = true) {
      const intent = intents.get(intentId);
      if (!intent || intent.status !== 'requires_action') throw new Error(`No intent ${intentId} waiting for authentication`);
      intent.next_action = null;
      if (passes) {
        intent.status = intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
        if (intent.status === 'succeeded') intent.amount_received = intent.amount;
      } else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' };
      }
      return intent;
    },
    refunds,
    refundsOf(intentId) {
      return [...refunds.values()].filter((r) => r.payment_intent === intentId);
    },
    nextRefundStatus(status, failureReason) {
      nextRefund = { status, failureReason };
    },
    failRefund(refundId, failureReason = 'expired_or_canceled_card') {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`No refund ${refundId}`);
      Object.assign(refund, { status: 'failed', failure_reason: failureReason });
      const intent = intents.get(String(refund.payment_intent));
      if (intent) chargeOf(intent);
      return refund;
    },
    webhook(type, id, secret) {
      let object: Json;
      if (type.startsWith('refund.') || type.startsWith('charge.refund.')) {
        object = refunds.get(id) ?? { id, object: 'refund' };
      } else if (type.startsWith('charge.')) {
        const intent = intents.get(id);
        object = intent ? chargeOf(intent) : { id, object: 'charge' };
      } else {
        object = intents.get(id) ?? { id, object: 'payment_intent' };
      }
      const event = fixture('event');
      Object.assign(event, { id: `evt_${crypto.randomBytes(8).toString('hex')}`, type, api_version: '2020-08-27', data: { object: structuredClone(object) } });
      const payload = JSON.stringify(event);
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
  };
}
