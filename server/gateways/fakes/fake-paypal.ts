/**
 * A local PayPal for tests. Requests are checked against PayPal's own OpenAPI documents (Orders v2
 * and Notifications v1, as the extracts vendored in ./providers: operation, parameters, JSON body); a request PayPal would refuse is
 * answered 400 INVALID_REQUEST and recorded in `violations`. The fake's own answers are checked
 * against the documented response schemas too, so the adapter reads what PayPal really sends.
 * PayPal-Request-Id behaves as PayPal's: the same id gets the same order, capture or refund.
 * Refunds (Payments v2) are kept per capture: more than is left is refused with 422
 * REFUND_AMOUNT_EXCEEDED, a fully refunded capture with CAPTURE_FULLY_REFUNDED, a capture that took
 * nothing (or is still PENDING) with REFUND_NOT_ALLOWED; the capture becomes PARTIALLY_REFUNDED or
 * REFUNDED and the order lists the refunds, as PayPal shows them.
 */
import crypto from 'node:crypto';
import { startFakeServer, type FakeRequest, type FakeResponse, type FakeServer } from './fake-server';
import { loadOpenApi, OpenApiValidator, unknownOperation, type OperationMatch } from './openapi-validator';

type Json = Record<string, unknown>;

let validators: OpenApiValidator[] | null = null;
function paypalValidators(): OpenApiValidator[] {
  validators ??= [
    new OpenApiValidator(loadOpenApi('paypal-orders'), 'paypal-orders', { coerceBody: false }),
    new OpenApiValidator(loadOpenApi('paypal-payments'), 'paypal-payments', { coerceBody: false }),
    new OpenApiValidator(loadOpenApi('paypal-webhooks'), 'paypal-webhooks', { coerceBody: false }),
  ];
  return validators;
}

export interface FakePayPal extends FakeServer {
  orders: Map<string, Json>;
  /** What the buyer does on PayPal's page: approves the order. */
  approve(orderId: string): void;
  /** The next capture is declined by the buyer's funding source. */
  declineNextCapture(): void;
  /** Signature headers for a webhook delivery; PayPal's verify call says SUCCESS only for these. */
  webhookHeaders(): Record<string, string>;
  /** Every refund, by id. */
  refunds: Map<string, Json>;
  /** The refunds of an order's captures, oldest first. */
  refundsOf(orderId: string): Json[];
  /** The next refund gets this status (PENDING for an eCheck, FAILED ...) instead of COMPLETED. */
  nextRefundStatus(status: 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED'): void;
  /** A PAYMENT.CAPTURE.REFUNDED event for a refund, as PayPal delivers it (the refund as its resource). */
  refundEvent(refundId: string): Json;
  /** The capture of an order that is still PENDING (an eCheck): money may come, nothing can be refunded yet. */
  holdNextCapture(): void;
}

function issue(status: number, name: string, issueCode: string, description: string): FakeResponse {
  return { status, body: { name, message: description, debug_id: crypto.randomBytes(6).toString('hex'), details: [{ issue: issueCode, description }] } };
}

/** A 422 as Payments v2 answers it (error_422 with the operation's documented issue and description). */
function unprocessable(issueCode: string, description: string): FakeResponse {
  return {
    status: 422,
    body: {
      name: 'UNPROCESSABLE_ENTITY',
      message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
      debug_id: crypto.randomBytes(6).toString('hex'),
      details: [{ issue: issueCode, description }],
      links: [{ href: `https://developer.paypal.com/docs/api/payments/v2/#error-${issueCode}`, rel: 'information_link', method: 'GET' }],
    },
  };
}

const timestamp = (): string => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

function cents(value: string): number {
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

function paypalId(): string {
  return crypto.randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
}

export async function startFakePayPal(options: { clientId: string; clientSecret: string }): Promise<FakePayPal> {
  const orders = new Map<string, Json>();
  /** Capture id -> its order id. */
  const captureOrders = new Map<string, string>();
  const refunds = new Map<string, Json>();
  let refundStatus: 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED' | null = null;
  let holdNext = false;
  const byRequestId = new Map<string, FakeResponse>();
  const tokens = new Set<string>();
  const validSignature = crypto.randomBytes(16).toString('hex');
  let declineNext = false;
  let base = '';

  const links = (id: string, status: string): Json[] => [
    { href: `${base}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
    ...(status === 'CREATED' ? [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' }] : []),
    ...(status !== 'COMPLETED' ? [{ href: `${base}/v2/checkout/orders/${id}`, rel: 'update', method: 'PATCH' }] : []),
    ...(status === 'APPROVED' ? [{ href: `${base}/v2/checkout/orders/${id}/capture`, rel: 'capture', method: 'POST' }] : []),
  ];
  const view = (order: Json): Json => ({ ...structuredClone(order), links: links(order.id as string, order.status as string) });

  const handle = (req: FakeRequest, violations: string[]): FakeResponse => {
    if (req.path === '/checkoutnow') return buyerApproves(req);
    if (req.method === 'POST' && req.path === '/v1/oauth2/token') {
      // Not in the published documents: checked by hand as PayPal describes it.
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded') || new URLSearchParams(req.body).get('grant_type') !== 'client_credentials') {
        violations.push('POST /v1/oauth2/token: grant_type=client_credentials as a form is required');
        return { status: 400, body: { error: 'unsupported_grant_type' } };
      }
      const token = `A21AA${crypto.randomBytes(16).toString('hex')}`;
      tokens.add(token);
      return { status: 200, body: { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-FAKE', expires_in: 32400, nonce: 'fake' } };
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return { status: 401, body: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.' } };

    let match: OperationMatch | null = null;
    let validator: OpenApiValidator | null = null;
    for (const v of paypalValidators()) {
      match = v.match(req.method, req.path);
      if (match) {
        validator = v;
        break;
      }
    }
    if (!match || !validator) {
      violations.push(unknownOperation('PayPal', req.method, req.path));
      return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'The requested resource was not found.');
    }
    let body: unknown;
    if (req.body) {
      try {
        body = JSON.parse(req.body);
      } catch {
        violations.push(`${req.method} ${req.path}: the body is not JSON`);
        return issue(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
      }
    }
    const problems = validator.validateRequest(match, {
      query: Object.fromEntries(req.query),
      headers: req.headers as Record<string, string | undefined>,
      body,
      contentType: req.headers['content-type'],
    });
    if (problems.length) {
      violations.push(`${req.method} ${req.path}: ${problems.join('; ')}`);
      return issue(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX', problems.join('; '));
    }
    const requestId = req.headers['paypal-request-id'];
    const key = typeof requestId === 'string' ? `${match.template}\n${JSON.stringify(match.params)}\n${requestId}` : null;
    if (key && byRequestId.has(key)) {
      const replay = structuredClone(byRequestId.get(key)!);
      // A repeated request is answered 200 with the first result (PayPal's documented behaviour).
      return { ...replay, status: 200 };
    }
    const answer = route(match, body as Json);
    // Successful answers are checked against the documented schemas; PayPal's error schemas enumerate
    // its exact texts per operation, which a fake need not copy.
    const responseProblems = answer.status < 300 ? validator.validateResponse(match, answer.status, answer.body) : [];
    if (responseProblems.length) violations.push(`the fake's own answer to ${req.method} ${req.path} breaks the document: ${responseProblems.join('; ')}`);
    if (key && answer.status < 300) byRequestId.set(key, structuredClone(answer));
    return answer;
  };

  /**
   * The buyer on PayPal's approval page (the order's `approve` link, checkoutnow?token=ID), as the
   * e2e stand-in of PayPal's window plays it from the shop's page: a POST approves a created order.
   * Not PayPal's REST API, so no token and no document; cross-origin like PayPal's window.
   */
  const buyerApproves = (req: FakeRequest): FakeResponse => {
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'POST' };
    if (req.method === 'OPTIONS') return { status: 204, headers: cors };
    const order = orders.get(req.query.get('token') ?? '');
    if (req.method !== 'POST' || !order) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND', message: 'This order cannot be approved.' }, headers: cors };
    if (order.status === 'CREATED') order.status = 'APPROVED';
    return { status: 200, body: { id: order.id, status: order.status }, headers: cors };
  };

  const route = (match: OperationMatch, body: Json): FakeResponse => {
    const order = match.params.id ? orders.get(match.params.id) : undefined;
    if (match.params.id && !order && match.template.startsWith('/v2/checkout/orders/')) {
      return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');
    }
    const key = `${match.method} ${match.template}`;
    switch (key) {
      case 'post /v2/checkout/orders': {
        const id = paypalId();
        const units = (body.purchase_units as Json[]).map((unit) => ({ reference_id: 'default', ...structuredClone(unit) }));
        const created: Json = { id, intent: body.intent, status: 'CREATED', purchase_units: units, create_time: new Date().toISOString().replace(/\.\d+Z$/, 'Z') };
        orders.set(id, created);
        return { status: 201, body: view(created) };
      }
      case 'get /v2/checkout/orders/{id}':
        return { status: 200, body: view(order!) };
      case 'patch /v2/checkout/orders/{id}': {
        if (order!.status === 'COMPLETED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_COMPLETED', 'The order cannot be patched after it is completed.');
        for (const op of body as unknown as Json[]) {
          const m = /^\/purchase_units\/@reference_id=='([^']+)'\/(amount|custom_id|description|invoice_id)$/.exec(String(op.path));
          const unit = m && (order!.purchase_units as Json[]).find((u) => u.reference_id === m[1]);
          if (!m || !unit || (op.op !== 'replace' && op.op !== 'add')) {
            return issue(422, 'UNPROCESSABLE_ENTITY', 'INVALID_PATCH_OPERATION', `The fake cannot apply ${String(op.op)} ${String(op.path)}.`);
          }
          unit[m[2]!] = op.value;
        }
        return { status: 204 };
      }
      case 'post /v2/checkout/orders/{id}/capture': {
        if (order!.status === 'COMPLETED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
        if (order!.status !== 'APPROVED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
        const unit = (order!.purchase_units as Json[])[0]!;
        const declined = declineNext;
        const held = holdNext;
        declineNext = false;
        holdNext = false;
        const captureId = paypalId();
        captureOrders.set(captureId, order!.id as string);
        unit.payments = {
          captures: [
            {
              id: captureId,
              status: declined ? 'DECLINED' : held ? 'PENDING' : 'COMPLETED',
              ...(held ? { status_details: { reason: 'ECHECK' } } : {}),
              amount: unit.amount,
              final_capture: true,
              ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
              links: [
                { href: `${base}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' },
                { href: `${base}/v2/payments/captures/${captureId}/refund`, rel: 'refund', method: 'POST' },
                { href: `${base}/v2/checkout/orders/${String(order!.id)}`, rel: 'up', method: 'GET' },
              ],
              create_time: timestamp(),
              update_time: timestamp(),
            },
          ],
        };
        order!.status = declined ? 'APPROVED' : 'COMPLETED';
        return { status: 201, body: view(order!) };
      }
      case 'get /v2/payments/captures/{capture_id}': {
        const found = captureOf(match.params.capture_id!);
        if (!found) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');
        return { status: 200, body: { ...structuredClone(found.capture), supplementary_data: { related_ids: { order_id: found.orderId } } } };
      }
      case 'post /v2/payments/captures/{capture_id}/refund':
        return refundCapture(match.params.capture_id!, body ?? {});
      case 'get /v2/payments/refunds/{refund_id}': {
        const refund = refunds.get(match.params.refund_id!);
        if (!refund) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');
        return { status: 200, body: structuredClone(refund) };
      }
      case 'post /v1/notifications/verify-webhook-signature':
        return { status: 200, body: { verification_status: body.transmission_sig === validSignature ? 'SUCCESS' : 'FAILURE' } };
      default:
        return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', `The fake does not implement ${key}.`);
    }
  };

  const captureOf = (captureId: string): { orderId: string; unit: Json; capture: Json } | null => {
    const orderId = captureOrders.get(captureId);
    const order = orderId ? orders.get(orderId) : undefined;
    if (!orderId || !order) return null;
    for (const unit of order.purchase_units as Json[]) {
      const capture = ((unit.payments as { captures?: Json[] } | undefined)?.captures ?? []).find((c) => c.id === captureId);
      if (capture) return { orderId, unit, capture };
    }
    return null;
  };

  /** POST /v2/payments/captures/{capture_id}/refund, with PayPal's documented refusals. */
  const refundCapture = (captureId: string, body: Json): FakeResponse => {
    const found = captureOf(captureId);
    if (!found) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');
    const { capture, unit } = found;
    if (capture.status === 'REFUNDED') return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') return unprocessable('REFUND_NOT_ALLOWED', 'Capture cannot be refunded.');
    const captured = capture.amount as { currency_code: string; value: string };
    const payments = unit.payments as { refunds?: Json[] };
    const given = (payments.refunds ?? []).filter((r) => r.status === 'COMPLETED' || r.status === 'PENDING').reduce((sum, r) => sum + cents((r.amount as { value: string }).value), 0);
    const left = cents(captured.value) - given;
    const asked = body.amount as { currency_code: string; value: string } | undefined;
    if (asked && asked.currency_code !== captured.currency_code) return unprocessable('REFUND_CAPTURE_CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture');
    const amount = asked ? cents(asked.value) : left;
    if (amount <= 0) return unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.');
    if (amount > left) return unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
    const id = paypalId();
    const status = refundStatus ?? 'COMPLETED';
    refundStatus = null;
    const value = (amount / 100).toFixed(2);
    const refund: Json = {
      id,
      amount: { currency_code: captured.currency_code, value },
      ...(body.note_to_payer ? { note_to_payer: body.note_to_payer } : {}),
      seller_payable_breakdown: {
        gross_amount: { currency_code: captured.currency_code, value },
        paypal_fee: { currency_code: captured.currency_code, value: '0.00' },
        net_amount: { currency_code: captured.currency_code, value },
        total_refunded_amount: { currency_code: captured.currency_code, value: ((given + amount) / 100).toFixed(2) },
      },
      status,
      ...(status === 'PENDING' ? { status_details: { reason: 'ECHECK' } } : {}),
      create_time: timestamp(),
      update_time: timestamp(),
      links: [
        { href: `${base}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
    };
    refunds.set(id, refund);
    payments.refunds = [...(payments.refunds ?? []), refund];
    if (status === 'COMPLETED' || status === 'PENDING') capture.status = given + amount >= cents(captured.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    return { status: 201, body: structuredClone(refund) };
  };

  const server = await startFakeServer(handle);
  base = server.url;
  return {
    ...server,
    orders,
    approve(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`No PayPal order ${orderId}`);
      order.status = 'APPROVED';
    },
    declineNextCapture() {
      declineNext = true;
    },
    holdNextCapture() {
      holdNext = true;
    },
    refunds,
    refundsOf(orderId) {
      return [...refunds.values()].filter((r) => {
        const up = (r.links as Array<{ rel: string; href: string }>).find((l) => l.rel === 'up');
        return up !== undefined && captureOrders.get(up.href.split('/').pop()!) === orderId;
      });
    },
    nextRefundStatus(status) {
      refundStatus = status;
    },
    refundEvent(refundId) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`No PayPal refund ${refundId}`);
      const amount = refund.amount as { currency_code: string; value: string };
      const id = `WH-${paypalId()}-${paypalId()}`;
      return {
        id,
        event_version: '1.0',
        create_time: timestamp(),
        resource_type: 'refund',
        resource_version: '2.0',
        event_type: 'PAYMENT.CAPTURE.REFUNDED',
        summary: `A ${amount.value} ${amount.currency_code} capture payment was refunded`,
        resource: structuredClone(refund),
        links: [
          { href: `${base}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
          { href: `${base}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
        ],
      };
    },
    webhookHeaders() {
      return {
        'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
        'PAYPAL-CERT-URL': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
        'PAYPAL-TRANSMISSION-ID': `tx${crypto.randomBytes(8).toString('hex')}`,
        'PAYPAL-TRANSMISSION-SIG': validSignature,
        'PAYPAL-TRANSMISSION-TIME': new Date().toISOString(),
      };
    },
  };
}
