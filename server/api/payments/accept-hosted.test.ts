/**
 * Authorize.net Accept Hosted in the whole server, against the fake Authorize.net: the form token is
 * asked for the server's amount and tied to the order, the customer pays on the fake's hosted form
 * (as a browser posts it), and the return finds the transaction, reads it from Authorize.net and
 * records it once, however often the customer comes back. Shown in a frame, the form names the
 * transaction to the store's communicator, and that transaction is read and recorded once, however
 * often it is relayed. Who may ask and what is refused.
 *
 * @engines sqlite postgres: the payment is recorded in the engine's transaction, once.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDir } from '../../build-output';
import { COMMUNICATOR_INTEGRITY } from '../../payment-pages/accept-hosted-communicator';
import { readScriptInventory, sha384 } from '../../payment-pages/script-inventory';
import { startFakeAuthorizeNet, type FakeAuthorizeNet } from '../../gateways/fakes/fake-authorize-net';
import { QuoteService } from '../../services/quote-service';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { api, orderPayload, storeQuote } from '../commerce-test-kit';

let server: TestServer;
let anet: FakeAuthorizeNet;
let quotes: QuoteService;

beforeAll(async () => {
  anet = await startFakeAuthorizeNet({ loginId: 'hosted-login', transactionKey: 'hosted-key' });
  server = await startTestServer({
    AUTHORIZE_NET_LOGIN_ID: 'hosted-login',
    AUTHORIZE_NET_TRANSACTION_KEY: 'hosted-key',
    AUTHORIZE_NET_CLIENT_KEY: 'hosted-client',
    AUTHORIZE_NET_API_BASE: anet.url,
    AUTHORIZE_NET_HOSTED_FORM_URL: anet.hostedFormUrl,
  });
  quotes = new QuoteService(server.q, server.url);
});
afterAll(async () => {
  await server?.stop();
  await anet?.close();
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** What the customer's browser does with the token: POST it to the form, type a card, press Pay; answers where Authorize.net sends it back. */
async function payOnHostedForm(formUrl: string, token: string): Promise<string> {
  const form = await fetch(formUrl, { method: 'POST', body: new URLSearchParams({ token }) });
  expect(form.status).toBe(200);
  expect(await form.text()).toContain('Card Number');
  const paid = await fetch(`${formUrl}/pay`, { method: 'POST', body: new URLSearchParams({ token, cardNumber: '4111 1111 1111 1111', expirationDate: '1230', cardCode: '123' }), redirect: 'manual' });
  expect(paid.status).toBe(302);
  return paid.headers.get('location')!;
}

async function paymentRows(orderId: number) {
  const q = server.q;
  return q.all(q.db.selectFrom('payment').select(['amount_cents', 'status', 'provider_reference', 'gateway']).where('order_id', '=', orderId));
}

async function newOrder() {
  return (await api(server.url, 'POST', '/api/order', orderPayload())).body as { id: number; orderIncrementId: string; total: number; accessToken: string };
}

describe('Authorize.net Accept Hosted (redirect)', () => {
  it('a checkout: the token is asked for the server\'s amount, and returning twice pays the order once', async () => {
    const order = await newOrder();
    const asked = await api(server.url, 'POST', '/api/payment/authorize-net/hosted-page', { metadata: { orderId: String(order.id) } }, bearer(order.accessToken));
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ success: true, formUrl: anet.hostedFormUrl, amount: order.total });

    const { request, settings } = anet.hostedTokens.get(asked.body.token)!;
    const tr = request.transactionRequest as Record<string, any>;
    expect(tr).toMatchObject({ transactionType: 'authCaptureTransaction', amount: order.total.toFixed(2), order: { invoiceNumber: order.orderIncrementId } });
    expect(tr.userFields.userField).toContainEqual({ name: 'orderId', value: String(order.id) });
    expect(settings.hostedPaymentReturnOptions).toMatchObject({ showReceipt: false, url: `${server.url}/payment/verify/authorizenet?return=accept-hosted` });
    expect(anet.violations).toEqual([]);

    const back = await payOnHostedForm(asked.body.formUrl, asked.body.token);
    expect(back).toBe(`${server.url}/payment/verify/authorizenet?return=accept-hosted`);

    const first = await api(server.url, 'POST', '/api/payment/authorize-net/hosted-return', { metadata: { orderId: String(order.id) } }, bearer(order.accessToken));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, status: 'completed', amount: order.total });
    const again = await api(server.url, 'POST', '/api/payment/authorize-net/hosted-return', { metadata: { orderId: String(order.id) } }, bearer(order.accessToken));
    expect(again.body).toEqual(first.body);

    expect(await paymentRows(order.id)).toEqual([{ amount_cents: Math.round(order.total * 100), status: 'completed', provider_reference: first.body.transactionId, gateway: 'authorizenet' }]);
    const view = await api(server.url, 'GET', `/api/order/view/${order.id}`, undefined, bearer(order.accessToken));
    expect(view.body.data).toMatchObject({ status: 'ordered', remainingBalance: 0 });
    // The token paid once: posting it again shows Authorize.net's expired-session page.
    const reused = await fetch(asked.body.formUrl, { method: 'POST', body: new URLSearchParams({ token: asked.body.token }) });
    expect(reused.status).toBe(400);
    expect(anet.violations).toEqual([]);
  });

  it('a quote payment: the link pays the quote\'s total and converts it to one paid order, however often the customer returns', async () => {
    const quote = await storeQuote(quotes, { splitPaymentEnabled: false });
    const link = await quotes.issueLink(quote.id);
    const asked = await api(server.url, 'POST', '/api/payment/authorize-net/hosted-page', { metadata: { quoteId: String(quote.id) }, amount: 1 }, bearer(link.token));
    expect(asked.status).toBe(200);
    const tr = anet.hostedTokens.get(asked.body.token)!.request.transactionRequest as Record<string, any>;
    expect(Number(tr.amount)).toBe(asked.body.amount);
    expect(asked.body.amount).toBeGreaterThan(1);

    await payOnHostedForm(asked.body.formUrl, asked.body.token);
    const returns = [];
    for (let i = 0; i < 2; i++) returns.push(await api(server.url, 'POST', '/api/payment/authorize-net/hosted-return', { metadata: { quoteId: String(quote.id) } }, bearer(link.token)));
    expect(returns.map((r) => r.status)).toEqual([200, 200]);
    expect(returns[1]!.body).toEqual(returns[0]!.body);

    const verified = await api(server.url, 'POST', '/api/payment/authorizenet/verify', { transactionId: returns[0]!.body.transactionId }, bearer(link.token));
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, orderStatus: 'ordered', remainingBalance: 0, metadata: { quoteId: String(quote.id) } });
    expect(await paymentRows(Number(verified.body.metadata.orderId))).toHaveLength(1);
  });

  it('refuses a transaction that names another order, though it carries this order\'s invoice number', async () => {
    const victim = await newOrder();
    const payer = await newOrder();
    const asked = await api(server.url, 'POST', '/api/payment/authorize-net/hosted-page', { metadata: { orderId: String(payer.id) } }, bearer(payer.accessToken));
    await payOnHostedForm(asked.body.formUrl, asked.body.token);
    const paid = [...anet.transactions.values()].at(-1)!;
    // The invoice number is the seller's label: one set to another order's proves nothing.
    (paid.order as Record<string, string>).invoiceNumber = victim.orderIncrementId;
    const res = await api(server.url, 'POST', '/api/payment/authorize-net/hosted-return', { metadata: { orderId: String(victim.id) } }, bearer(victim.accessToken));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'payment_not_found', message: 'No Authorize.net payment was found for this order. If you paid, it will show here within a few minutes.' });
    expect(await paymentRows(victim.id)).toEqual([]);
  });

  it('an unpaid order has nothing to record on return', async () => {
    const order = await newOrder();
    const res = await api(server.url, 'POST', '/api/payment/authorize-net/hosted-return', { metadata: { orderId: String(order.id) } }, bearer(order.accessToken));
    expect(res.status).toBe(404);
    expect(await paymentRows(order.id)).toEqual([]);
  });
});

/** The customer pays in the form shown in a frame: answers the transactResponse message the form sends the communicator. */
async function payInFrame(formUrl: string, token: string): Promise<string> {
  const form = await fetch(formUrl, { method: 'POST', body: new URLSearchParams({ token }) });
  const shown = await form.text();
  // The form frames the store's communicator and tells it its size.
  expect(shown).toContain(`src="${server.url}/payment/authorize-net/communicator"`);
  expect(shown).toContain('action=resizeWindow');
  const paid = await fetch(`${formUrl}/pay`, { method: 'POST', body: new URLSearchParams({ token, cardNumber: '4111111111111111', expirationDate: '1230', cardCode: '123' }), redirect: 'manual' });
  expect(paid.status).toBe(200);
  return decodeURIComponent(/"(action=transactResponse&response=[^"]+)"/.exec(await paid.text())![1]!);
}

const transIdOf = (message: string): string => (JSON.parse(message.slice(message.indexOf('response=') + 9)) as { transId: string }).transId;

describe('Authorize.net Accept Hosted in a frame', () => {
  it('names the store\'s communicator in the token, and records the transaction the form names once, however often it is relayed', async () => {
    const order = await newOrder();
    const asked = await api(server.url, 'POST', '/api/payment/authorize-net/hosted-page', { metadata: { orderId: String(order.id) }, display: 'iframe' }, bearer(order.accessToken));
    expect(asked.status).toBe(200);
    const { settings } = anet.hostedTokens.get(asked.body.token)!;
    expect(settings.hostedPaymentIFrameCommunicatorUrl).toEqual({ url: `${server.url}/payment/authorize-net/communicator` });
    expect(settings.hostedPaymentReturnOptions).toMatchObject({ showReceipt: false });

    const message = await payInFrame(asked.body.formUrl, asked.body.token);
    const transId = transIdOf(message);
    expect(JSON.parse(message.slice(message.indexOf('response=') + 9))).toMatchObject({ transId, responseCode: '1', orderInvoiceNumber: order.orderIncrementId, totalAmount: order.total.toFixed(2) });
    const relayed = [];
    for (let i = 0; i < 2; i++) relayed.push(await api(server.url, 'POST', '/api/payment/authorize-net/hosted-return', { metadata: { orderId: String(order.id) }, transactionId: transId }, bearer(order.accessToken)));
    expect(relayed.map((r) => r.status)).toEqual([200, 200]);
    expect(relayed[0]!.body).toEqual({ success: true, transactionId: transId, status: 'completed', amount: order.total });
    expect(relayed[1]!.body).toEqual(relayed[0]!.body);
    // The customer's redirect-style return after it finds the same payment: still one.
    expect((await api(server.url, 'POST', '/api/payment/authorize-net/hosted-return', { metadata: { orderId: String(order.id) } }, bearer(order.accessToken))).body).toEqual(relayed[0]!.body);
    expect(await paymentRows(order.id)).toEqual([{ amount_cents: Math.round(order.total * 100), status: 'completed', provider_reference: transId, gateway: 'authorizenet' }]);
    expect(anet.violations).toEqual([]);
  });

  it('serves the communicator under its own policy: its script by hash, framed only by the store and Authorize.net\'s form', async () => {
    const res = await fetch(`${server.url}/payment/authorize-net/communicator`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toBe(`default-src 'none'; script-src '${COMMUNICATOR_INTEGRITY}'; base-uri 'none'; form-action 'none'; frame-ancestors 'self' ${new URL(anet.url).origin}`);
    expect(res.headers.get('x-frame-options')).toBeNull();
    const script = /<script>([\s\S]*)<\/script>/.exec(await res.text())![1]!;
    expect(`'${sha384(Buffer.from(script))}'`).toBe(`'${COMMUNICATOR_INTEGRITY}'`);
    // The evidence lists it with that hash.
    const listed = readScriptInventory(path.join(clientDir, 'payment-pages')).firstParty.find((s) => s.url === '/payment/authorize-net/communicator');
    expect(listed).toMatchObject({ inline: true, integrity: COMMUNICATOR_INTEGRITY, gateway: 'authorizenet' });
  });
});

describe('Accept Hosted, as an attacker', () => {
  it('records nothing for a transaction the frame names that pays another order, or that does not exist, and refuses a malformed one', async () => {
    const victim = await newOrder();
    const payer = await newOrder();
    const asked = await api(server.url, 'POST', '/api/payment/authorize-net/hosted-page', { metadata: { orderId: String(payer.id) }, display: 'iframe' }, bearer(payer.accessToken));
    const othersTransId = transIdOf(await payInFrame(asked.body.formUrl, asked.body.token));
    // A forged transactResponse on the victim's page, naming the payer's transaction (another invoice), or one made up.
    for (const transactionId of [othersTransId, '99999999999']) {
      const res = await api(server.url, 'POST', '/api/payment/authorize-net/hosted-return', { metadata: { orderId: String(victim.id) }, transactionId }, bearer(victim.accessToken));
      expect(res.status, transactionId).toBe(404);
      expect(res.body).toMatchObject({ error: 'payment_not_found' });
    }
    expect(await paymentRows(victim.id)).toEqual([]);
    expect(await paymentRows(payer.id)).toEqual([]);
    for (const transactionId of ['abc', '1'.repeat(21), '12 OR 1=1', 42]) {
      const res = await api(server.url, 'POST', '/api/payment/authorize-net/hosted-return', { metadata: { orderId: String(victim.id) }, transactionId }, bearer(victim.accessToken));
      expect(res.status, String(transactionId)).toBe(400);
      expect(res.body.fields.transactionId, String(transactionId)).toMatch(/^Must be/);
    }
    // Without the order's own proof, a true transaction of the order tells nothing and records nothing.
    for (const headers of [{}, bearer(victim.accessToken)]) {
      const res = await api(server.url, 'POST', '/api/payment/authorize-net/hosted-return', { metadata: { orderId: String(payer.id) }, transactionId: othersTransId }, headers);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'Order not found.' });
    }
    expect(await paymentRows(payer.id)).toEqual([]);
    const bad = await api(server.url, 'POST', '/api/payment/authorize-net/hosted-page', { metadata: { orderId: String(payer.id) }, display: 'popup' }, bearer(payer.accessToken));
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ display: 'Must be redirect or iframe' });
  });

  it('asks for no token and hears of no payment without the order\'s own token', async () => {
    const order = await newOrder();
    const other = await newOrder();
    const asked = await api(server.url, 'POST', '/api/payment/authorize-net/hosted-page', { metadata: { orderId: String(order.id) } }, bearer(order.accessToken));
    await payOnHostedForm(asked.body.formUrl, asked.body.token);
    const tokensBefore = anet.hostedTokens.size;
    for (const headers of [{}, bearer('x'.repeat(43)), bearer(other.accessToken)]) {
      for (const path of ['/api/payment/authorize-net/hosted-page', '/api/payment/authorize-net/hosted-return']) {
        const res = await api(server.url, 'POST', path, { metadata: { orderId: String(order.id) } }, headers);
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(404);
        expect(res.body).toMatchObject({ message: 'Order not found.' });
      }
    }
    expect(anet.hostedTokens.size).toBe(tokensBefore);
    expect(await paymentRows(order.id)).toEqual([]);
  });

  it('never sends the customer back to another site, and refuses malformed input with a 400', async () => {
    const order = await newOrder();
    const away = await api(server.url, 'POST', '/api/payment/authorize-net/hosted-page', { metadata: { orderId: String(order.id) }, returnUrl: 'https://evil.example/thanks' }, bearer(order.accessToken));
    expect(away.status).toBe(400);
    expect(away.body.fields).toHaveProperty('returnUrl');
    const cancel = await api(server.url, 'POST', '/api/payment/authorize-net/hosted-page', { metadata: { orderId: String(order.id) }, cancelUrl: '//evil.example' }, bearer(order.accessToken));
    expect(cancel.status).toBe(400);
    expect(cancel.body.fields).toHaveProperty('cancelUrl');
    for (const body of [{ metadata: 'x' }, { metadata: { orderId: String(order.id) }, amount: 'lots' }, [1]]) {
      const res = await api(server.url, 'POST', '/api/payment/authorize-net/hosted-page', body, bearer(order.accessToken));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toHaveProperty('error');
    }
  });
});
