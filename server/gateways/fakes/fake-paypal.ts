/**
 * A local PayPal for tests. Requests are checked against PayPal's own OpenAPI documents (Orders v2
 * and Notifications v1, as the extracts vendored in ./providers: operation, parameters, JSON body); a request PayPal would refuse is
 * answered 400 INVALID_REQUEST and recorded in `violations`. The fake's own answers are checked
 * against the documented response schemas too, so the adapter reads what PayPal really sends.
 * PayPal-Request-Id behaves as PayPal's: the same id gets the same order or capture.
 */
import crypto from 'node:crypto';
import { startFakeServer, type FakeRequest, type FakeResponse, type FakeServer } from './fake-server';
import { loadOpenApi, OpenApiValidator, unknownOperation, type OperationMatch } from './openapi-validator';

type Json = Record<string, unknown>;

let validators: OpenApiValidator[] | null = null;
function paypalValidators(): OpenApiValidator[] {
  validators ??= [
    new OpenApiValidator(loadOpenApi('paypal-orders'), 'paypal-orders', { coerceBody: false }),
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
}

function issue(status: number, name: string, issueCode: string, description: string): FakeResponse {
  return { status, body: { name, message: description, debug_id: crypto.randomBytes(6).toString('hex'), details: [{ issue: issueCode, description }] } };
}

function paypalId(): string {
  return crypto.randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
}

export async function startFakePayPal(options: { clientId: string; clientSecret: string }): Promise<FakePayPal> {
  const orders = new Map<string, Json>();
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
    const key = typeof requestId === 'string' ? `${match.template}\n${match.params.id ?? ''}\n${requestId}` : null;
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
        declineNext = false;
        unit.payments = {
          captures: [
            {
              id: paypalId(),
              status: declined ? 'DECLINED' : 'COMPLETED',
              amount: unit.amount,
              final_capture: true,
              ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
              create_time: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
            },
          ],
        };
        order!.status = declined ? 'APPROVED' : 'COMPLETED';
        return { status: 201, body: view(order!) };
      }
      case 'post /v1/notifications/verify-webhook-signature':
        return { status: 200, body: { verification_status: body.transmission_sig === validSignature ? 'SUCCESS' : 'FAILURE' } };
      default:
        return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', `The fake does not implement ${key}.`);
    }
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
