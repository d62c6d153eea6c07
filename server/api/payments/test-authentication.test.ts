/**
 * The test gateway's authentication step over HTTP, as a customer's browser and as an attacker use
 * it: the card that needs authentication answers a next action, the page shows its two buttons, the
 * form's post moves the transaction once and sends the browser back (303) to the verify page, which
 * then records a completed payment. Wrong, missing and reused secrets, foreign return URLs and
 * malformed bodies get a 4xx in the API's error shape, never a 5xx, and change nothing.
 *
 * @engines sqlite postgres: an authentication moves its transaction once, under a lock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { api, orderPayload } from '../commerce-test-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const card = (cardNumber: string) => ({ cardNumber, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cardCode: '123' });
const NEEDS_AUTHENTICATION = '4000002500003155';
let n = 0;

async function heldOrder(returnUrl?: string) {
  const created = await api(server.url, 'POST', '/api/order', orderPayload(), { 'Idempotency-Key': `auth-step-${Date.now()}-${++n}` });
  expect(created.status).toBe(201);
  const order = created.body;
  const auth = { Authorization: `Bearer ${order.accessToken}` };
  const charge = await api(server.url, 'POST', '/api/payment/test/charge', { ...card(NEEDS_AUTHENTICATION), metadata: { orderId: String(order.id) }, ...(returnUrl ? { returnUrl } : {}) }, auth);
  return { order, auth, charge };
}

function stepOf(url: string) {
  const parsed = new URL(url);
  return { transactionId: parsed.searchParams.get('transactionId')!, secret: parsed.searchParams.get('secret')! };
}

/** Posts the authentication form as a browser does, without following the redirect. */
function submitForm(fields: Record<string, string>, contentType = 'application/x-www-form-urlencoded') {
  return fetch(`${server.url}/api/payment/test/authenticate`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': contentType },
    body: contentType.startsWith('application/json') ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  });
}

async function orderView(order: Record<string, any>) {
  return (await api(server.url, 'GET', `/api/order/view/${order.id}`, undefined, { Authorization: `Bearer ${order.accessToken}` })).body.data;
}

describe('the card that needs authentication', () => {
  it('answers a next action to the authentication page, with a secret that is not the order token', async () => {
    const { order, charge } = await heldOrder();
    expect(charge.status).toBe(402);
    expect(charge.body).toMatchObject({ error: 'authentication_required', message: 'Additional authentication required', status: 'on_hold', success: false, nextAction: { type: 'redirect_to_url' } });
    const url = new URL(charge.body.nextAction.url);
    expect(url.origin).toBe(new URL(server.url).origin);
    expect(url.pathname).toBe('/api/payment/test/authenticate');
    expect(url.searchParams.get('transactionId')).toBe(charge.body.transactionId);
    expect(url.searchParams.get('secret')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(charge.body.nextAction.url).not.toContain(order.accessToken);
    expect((await orderView(order)).status).toBe('pending_payment');
  });

  it('shows a plain HTML form, clearly labelled, under the page policy and without a referrer', async () => {
    const { charge } = await heldOrder();
    const page = await fetch(charge.body.nextAction.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("form-action 'self'");
    const html = await page.text();
    expect(html).toContain('<h1>Test authentication</h1>');
    expect(html).toContain('<button type="submit" name="outcome" value="complete">Complete authentication</button>');
    expect(html).toContain('<button type="submit" name="outcome" value="fail">Fail authentication</button>');
    expect(html).toContain('<form method="post" action="/api/payment/test/authenticate">');
    expect(html).toContain('ending in 3155');
    expect(html).not.toMatch(/<script/i);
  });

  it('completes: 303 to the verify page, then verify records one completed payment and the order is ordered', async () => {
    const { order, auth, charge } = await heldOrder();
    const done = await submitForm({ ...stepOf(charge.body.nextAction.url), outcome: 'complete' });
    expect(done.status).toBe(303);
    const location = new URL(done.headers.get('location')!);
    expect(location.origin).toBe(new URL(server.url).origin);
    expect(location.pathname).toBe('/payment/verify/test');
    expect(location.searchParams.get('transactionId')).toBe(charge.body.transactionId);

    const verify = await api(server.url, 'POST', '/api/payment/test/verify', { transactionId: location.searchParams.get('transactionId') }, auth);
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ success: true, status: 'completed', transactionId: charge.body.transactionId, orderStatus: 'ordered', remainingBalance: 0 });
    const view = await orderView(order);
    expect(view.status).toBe('ordered');
    expect(view.payments.map((p: { status: string }) => p.status)).toEqual(['completed']);
  });

  it('fails: the transaction is failed, verify says so, and the order stays payable with a good card', async () => {
    const { order, auth, charge } = await heldOrder();
    const done = await submitForm({ ...stepOf(charge.body.nextAction.url), outcome: 'fail' });
    expect(done.status).toBe(303);
    const verify = await api(server.url, 'POST', '/api/payment/test/verify', { transactionId: charge.body.transactionId }, auth);
    expect(verify.body).toMatchObject({ error: true, success: false, status: 'failed' });
    expect(verify.body.message).toBe('We are unable to authenticate your payment method. Please choose a different payment method and try again.');
    const retry = await api(server.url, 'POST', '/api/payment/test/charge', { ...card('4242424242424242'), metadata: { orderId: String(order.id) } }, auth);
    expect(retry.status).toBe(200);
    const view = await orderView(order);
    expect(view.status).toBe('ordered');
    expect(view.payments.map((p: { status: string }) => p.status)).toEqual(['failed', 'completed']);
  });

  it('returns to an allowed dealer page, naming that origin in form-action', async () => {
    const dealerPage = `${server.dealerUrl}/checkout.html?step=pay`;
    const { charge } = await heldOrder(dealerPage);
    expect(charge.status).toBe(402);
    const page = await fetch(charge.body.nextAction.url);
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${new URL(server.dealerUrl).origin}`);
    const done = await submitForm({ ...stepOf(charge.body.nextAction.url), outcome: 'complete' });
    expect(done.status).toBe(303);
    const location = new URL(done.headers.get('location')!);
    expect(location.origin).toBe(new URL(server.dealerUrl).origin);
    expect(location.pathname).toBe('/checkout.html');
    expect(Object.fromEntries(location.searchParams)).toEqual({ step: 'pay', transactionId: charge.body.transactionId });
  });
});

describe('the authentication step under attack', () => {
  it('refuses a foreign or tricky return URL before charging anything', async () => {
    for (const returnUrl of ['https://evil.example/payment/verify/test', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', `${server.url.replace('http:', 'ftp:')}/x`, 'http://user:pw@evil.example/']) {
      const created = await api(server.url, 'POST', '/api/order', orderPayload(), { 'Idempotency-Key': `auth-foreign-${Date.now()}-${++n}` });
      const charge = await api(server.url, 'POST', '/api/payment/test/charge', { ...card(NEEDS_AUTHENTICATION), metadata: { orderId: String(created.body.id) }, returnUrl }, { Authorization: `Bearer ${created.body.accessToken}` });
      expect(charge.status, returnUrl).toBe(400);
      // Its own words, naming the page's origin when it has one (server/security/store-address.test.ts).
      expect(charge.body).toMatchObject({ error: 'return_url_refused', fields: { returnUrl: 'Is not an address of this store or of an allowed site' } });
      expect(charge.body.message).toMatch(/^Payments cannot be taken on this page/);
      expect((await orderView(created.body)).payments).toEqual([]);
    }
  });

  it('refuses a wrong or missing secret with one answer, and changes nothing', async () => {
    const { order, charge } = await heldOrder();
    const { transactionId, secret } = stepOf(charge.body.nextAction.url);
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const attempt of [wrong, 'x', order.accessToken]) {
      const res = await submitForm({ transactionId, secret: attempt, outcome: 'complete' });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'authentication_not_found', message: 'This authentication link is not valid.' });
    }
    const page = await fetch(`${server.url}/api/payment/test/authenticate?transactionId=${transactionId}&secret=${wrong}`);
    expect(page.status).toBe(404);
    expect(await page.json()).toMatchObject({ error: 'authentication_not_found' });
    // Another transaction's secret does not open this one.
    const other = await heldOrder();
    const crossed = await submitForm({ transactionId, secret: stepOf(other.charge.body.nextAction.url).secret, outcome: 'complete' });
    expect(crossed.status).toBe(404);
    const missing = await submitForm({ transactionId, outcome: 'complete' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'invalid_request', message: 'The authentication request is incomplete.', fields: { secret: 'This field is required' } });
    expect((await orderView(order)).payments.map((p: { status: string }) => p.status)).toEqual(['on_hold']);
  });

  it('is used once: a second submit, with either button, is refused', async () => {
    const { order, charge } = await heldOrder();
    const step = stepOf(charge.body.nextAction.url);
    expect((await submitForm({ ...step, outcome: 'complete' })).status).toBe(303);
    for (const outcome of ['complete', 'fail']) {
      const again = await submitForm({ ...step, outcome });
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: 'authentication_used', message: 'This authentication has already been completed.' });
    }
    expect((await fetch(charge.body.nextAction.url)).status).toBe(409);
    expect((await orderView(order)).status).toBe('ordered');
  });

  it('answers malformed requests with 4xx in the error shape, never 5xx', async () => {
    const { charge } = await heldOrder();
    const step = stepOf(charge.body.nextAction.url);
    const cases: Array<[string, string, number]> = [
      ['', 'application/x-www-form-urlencoded', 400],
      ['transactionId=nope&secret=x&outcome=complete', 'application/x-www-form-urlencoded', 400],
      [`transactionId=${step.transactionId}&secret=${step.secret}&outcome=maybe`, 'application/x-www-form-urlencoded', 400],
      [`transactionId=${step.transactionId}&secret=${step.secret}&outcome=complete`, 'text/plain', 415],
      [`transactionId=${step.transactionId}&secret=${step.secret}&outcome=complete`, 'multipart/form-data; boundary=x', 415],
      ['{', 'application/json', 400],
      ['[]', 'application/json', 400],
      [JSON.stringify({ transactionId: ['a'], secret: { $ne: 1 }, outcome: 'complete' }), 'application/json', 400],
      [`secret=${'a'.repeat(5000)}`, 'application/x-www-form-urlencoded', 413],
    ];
    for (const [body, type, status] of cases) {
      const res = await fetch(`${server.url}/api/payment/test/authenticate`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': type }, body });
      expect(res.status, `${type} ${body.slice(0, 60)}`).toBe(status);
      const answer = await res.json();
      expect(typeof answer.error).toBe('string');
      expect(typeof answer.message).toBe('string');
    }
    for (const query of ['', '?transactionId=x', `?transactionId=${step.transactionId}`, `?transactionId=${step.transactionId}&transactionId=y&secret=${step.secret}`]) {
      const res = await fetch(`${server.url}/api/payment/test/authenticate${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json()).error).toBe('invalid_request');
    }
    // Nothing above used the step: the real form still works.
    expect((await submitForm({ ...step, outcome: 'complete' })).status).toBe(303);
  });
});
