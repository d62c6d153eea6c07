/**
 * Contract test: the Authorize.net adapter against a local Authorize.net that checks element order,
 * required elements and lengths as its XML schema does (it publishes no OpenAPI document).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthorizeNetGateway, PARTIAL_REFUND_UNSETTLED_MESSAGE } from './authorize-net-gateway';
import { startFakeAuthorizeNet, type FakeAuthorizeNet } from './fakes/fake-authorize-net';

const SIGNATURE_KEY = 'A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90';

describe('Authorize.net gateway against its schema order', () => {
  let fake: FakeAuthorizeNet;
  let gateway: AuthorizeNetGateway;

  beforeAll(async () => {
    fake = await startFakeAuthorizeNet({ loginId: 'login', transactionKey: 'txnkey' });
    gateway = new AuthorizeNetGateway({ loginId: 'login', transactionKey: 'txnkey', clientKey: 'ck', signatureKey: SIGNATURE_KEY, apiBase: fake.url, acceptJsUrl: 'https://jstest.authorize.net/v1/Accept.js', production: false });
  });
  afterAll(() => fake.close());
  afterEach(() => expect(fake.violations).toEqual([]));

  const charge = () =>
    gateway.charge({
      dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT',
      dataValue: 'eyJjb2RlIjoiNTBfMl8wNjAwMDUzNjkyNDcyMTk0',
      amountCents: 12_999,
      metadata: { orderId: '21', orderIncrementId: '000000021' },
      email: 'jane@example.com',
      billTo: { lastName: 'Doe', firstName: 'Jane', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US', phoneNumber: '5125550100' },
      shipTo: { firstName: 'Jane', lastName: 'Doe', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US', phoneNumber: '5125550100' },
      refId: 'ref-1',
    });

  it('sends createTransactionRequest in schema order and maps response code 1 to completed', async () => {
    const result = await charge();
    expect(result.payment).toMatchObject({ gateway: 'authorizenet', status: 'completed', amountCents: 12_999, metadata: { orderId: '21', orderIncrementId: '000000021' }, additionalData: { cardLast4: '1111', cardBrand: 'Visa' } });
    expect(result.message).toBe('This transaction has been approved.');
    const sent = JSON.parse(fake.requests.at(-1)!.body);
    expect(Object.keys(sent.createTransactionRequest)).toEqual(['merchantAuthentication', 'refId', 'transactionRequest']);
    expect(Object.keys(sent.createTransactionRequest.transactionRequest)).toEqual(['transactionType', 'amount', 'payment', 'order', 'customer', 'billTo', 'shipTo', 'userFields']);
    expect(Object.keys(sent.createTransactionRequest.transactionRequest.billTo)).toEqual(['firstName', 'lastName', 'address', 'city', 'state', 'zip', 'country', 'phoneNumber']);
    // shipTo has no phone in the schema: it is left out rather than refused.
    expect(sent.createTransactionRequest.transactionRequest.shipTo.phoneNumber).toBeUndefined();
    expect(sent.createTransactionRequest.transactionRequest.amount).toBe('129.99');
  });

  it('maps response codes 2, 3 and 4 as 002 §4 says', async () => {
    fake.nextResponseCode('2');
    expect(await charge()).toMatchObject({ payment: { status: 'pending' }, message: 'This transaction has been declined.' });
    fake.nextResponseCode('3');
    expect((await charge()).payment.status).toBe('failed');
    fake.nextResponseCode('4');
    expect((await charge()).payment.status).toBe('on_hold');
  });

  it('confirms through getTransactionDetailsRequest, with the metadata from userFields', async () => {
    const { payment } = await charge();
    expect(await gateway.confirm(payment.transactionId)).toEqual({ ...payment, additionalData: { ...payment.additionalData, providerStatus: 'capturedPendingSettlement', responseCode: '1' } });
    const sent = JSON.parse(fake.requests.at(-1)!.body);
    expect(Object.keys(sent.getTransactionDetailsRequest)).toEqual(['merchantAuthentication', 'transId']);
    await expect(gateway.confirm('123')).rejects.toMatchObject({ status: 404 });
    await expect(gateway.confirm('not-a-number')).rejects.toMatchObject({ status: 404 });
  });

  it('the fake refuses elements out of order (so the checks above mean something)', async () => {
    const res = await fetch(fake.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ createTransactionRequest: { transactionRequest: { amount: '1.00', transactionType: 'authCaptureTransaction' }, merchantAuthentication: { name: 'login', transactionKey: 'txnkey' } } }),
    });
    const body = JSON.parse((await res.text()).replace(/^\uFEFF/, ''));
    expect(body.messages).toMatchObject({ resultCode: 'Error', message: [{ code: 'E00003' }] });
    expect(fake.violations.join('\n')).toMatch(/out of order/);
    fake.violations.length = 0;
  });

  it('checks X-ANET-Signature over the raw body', () => {
    const body = JSON.stringify({ eventType: 'net.authorize.payment.authcapture.created', payload: { id: '1' } });
    expect(gateway.verifyWebhook(Buffer.from(body), fake.sign(body, SIGNATURE_KEY))).toBe(true);
    expect(gateway.verifyWebhook(Buffer.from(body), fake.sign(body, SIGNATURE_KEY).toLowerCase().replace('sha512=', 'sha512='))).toBe(true);
    expect(gateway.verifyWebhook(Buffer.from(body + ' '), fake.sign(body, SIGNATURE_KEY))).toBe(false);
    expect(gateway.verifyWebhook(Buffer.from(body), undefined)).toBe(false);
    expect(gateway.verifyWebhook(Buffer.from(body), 'sha512=abc')).toBe(false);
  });
});

describe('Authorize.net refunds and voids against its schema order and reason codes', () => {
  let fake: FakeAuthorizeNet;
  let gateway: AuthorizeNetGateway;

  beforeAll(async () => {
    fake = await startFakeAuthorizeNet({ loginId: 'login', transactionKey: 'txnkey' });
    gateway = new AuthorizeNetGateway({ loginId: 'login', transactionKey: 'txnkey', clientKey: 'ck', signatureKey: SIGNATURE_KEY, apiBase: fake.url, acceptJsUrl: 'https://jstest.authorize.net/v1/Accept.js', production: false });
  });
  afterAll(() => fake.close());
  afterEach(() => expect(fake.violations).toEqual([]));

  /** A card payment as the store recorded it (confirm's additionalData has the card's last four digits). */
  const paid = async (amountCents: number, settled = true) => {
    const { payment } = await gateway.charge({ dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'eyJjb2RlIjoiNTBfMl8wNjAwMDUzNjkyNDcyMTk0', amountCents, metadata: { orderId: '44' } });
    if (settled) fake.settle(payment.transactionId);
    return { providerReference: payment.providerReference, transactionId: payment.transactionId, amountCents, currency: 'USD', additionalData: payment.additionalData };
  };
  const sentRequests = () => fake.requests.map((r) => JSON.parse(r.body) as { createTransactionRequest?: { refId?: string; transactionRequest: Record<string, unknown> } });
  const lastTransaction = () => sentRequests().filter((b) => b.createTransactionRequest).at(-1)!.createTransactionRequest!;

  it('refunds a settled payment in full: refundTransaction in schema order, the last four digits, refId and invoice number from the key', async () => {
    const payment = await paid(12_999);
    const outcome = await gateway.refund({ payment, amountCents: 12_999, idempotencyKey: 'anet-refund-full', reason: 'returned_goods' });
    expect(outcome).toEqual({ kind: 'refund', status: 'succeeded', providerReference: expect.stringMatching(/^\d+$/), amountCents: 12_999 });
    expect(outcome.providerReference).not.toBe(payment.providerReference);
    const sent = lastTransaction();
    expect(sent.refId).toMatch(/^[0-9a-f]{20}$/);
    expect(Object.keys(sent.transactionRequest)).toEqual(['transactionType', 'amount', 'payment', 'refTransId', 'order', 'transactionSettings']);
    expect(sent.transactionRequest).toEqual({
      transactionType: 'refundTransaction',
      amount: '129.99',
      payment: { creditCard: { cardNumber: '1111', expirationDate: 'XXXX' } },
      refTransId: payment.providerReference,
      order: { invoiceNumber: sent.refId, description: 'Refund: returned_goods' },
      transactionSettings: { setting: [{ settingName: 'duplicateWindow', settingValue: '28800' }] },
    });
    expect(fake.refundsOf(payment.providerReference)).toMatchObject([{ transId: outcome.providerReference, transactionStatus: 'refundPendingSettlement', settleAmount: 129.99 }]);
  });

  it('refunds in parts, then refuses more than is left with Authorize.net\'s text (55)', async () => {
    const payment = await paid(10_000);
    const refund = (amountCents: number, key: string) => gateway.refund({ payment, amountCents, idempotencyKey: key, reason: 'other' });
    expect((await refund(4_000, 'anet-part-1')).status).toBe('succeeded');
    expect((await refund(5_000, 'anet-part-2')).status).toBe('succeeded');
    expect(await refund(2_000, 'anet-part-3')).toEqual({
      kind: 'refund',
      status: 'failed',
      providerReference: payment.providerReference,
      amountCents: 2_000,
      message: 'The sum of credits against the referenced transaction would exceed the original debit amount.',
    });
    expect(fake.refundsOf(payment.providerReference).map((t) => t.settleAmount)).toEqual([40, 50]);
  });

  it('refunds once for one key: the retry is Authorize.net\'s duplicate (11), which names the first refund', async () => {
    const payment = await paid(3_000);
    const request = { payment, amountCents: 1_000, idempotencyKey: 'anet-retry-1', reason: 'duplicate' };
    const first = await gateway.refund(request);
    const again = await gateway.refund(request);
    expect(again).toEqual(first);
    expect(fake.refundsOf(payment.providerReference)).toHaveLength(1);
    // The retry asked for the first refund's details after the duplicate answer.
    expect(sentRequests().at(-1)).toMatchObject({ getTransactionDetailsRequest: { transId: first.providerReference } });
    // Another refund of the same amount (another key) is not a duplicate: its invoice number differs.
    expect((await gateway.refund({ ...request, idempotencyKey: 'anet-retry-2' })).providerReference).not.toBe(first.providerReference);
    expect(fake.refundsOf(payment.providerReference)).toHaveLength(2);
  });

  it('voids a payment not settled yet (error 54) when the whole amount is refunded, and a retry is the same void', async () => {
    const payment = await paid(8_800, false);
    const outcome = await gateway.refund({ payment, amountCents: 8_800, idempotencyKey: 'anet-void-1', reason: 'order_cancelled' });
    expect(outcome).toEqual({ kind: 'void', status: 'succeeded', providerReference: payment.providerReference, amountCents: 8_800 });
    expect(lastTransaction().transactionRequest).toEqual({ transactionType: 'voidTransaction', refTransId: payment.providerReference });
    expect(fake.transactions.get(payment.providerReference)).toMatchObject({ transactionStatus: 'voided' });
    expect(fake.refundsOf(payment.providerReference)).toEqual([]);
    expect((await gateway.confirm(payment.transactionId)).status).toBe('failed');
    // Sent again: 54 again, and the void answers "already voided" (310): the same void.
    expect(await gateway.refund({ payment, amountCents: 8_800, idempotencyKey: 'anet-void-1', reason: 'order_cancelled' })).toEqual(outcome);
  });

  it('refuses a part of a payment not settled yet: voided in full today, or refunded in part once it settles', async () => {
    const payment = await paid(6_000, false);
    const before = fake.requests.length;
    expect(await gateway.refund({ payment, amountCents: 1_000, idempotencyKey: 'anet-part-unsettled', reason: 'other' })).toEqual({
      kind: 'refund',
      status: 'failed',
      providerReference: payment.providerReference,
      amountCents: 1_000,
      message: PARTIAL_REFUND_UNSETTLED_MESSAGE,
    });
    // The refund, then the payment's status (error 54 may mean other things): no void.
    expect(fake.requests).toHaveLength(before + 2);
    expect(fake.transactions.get(payment.providerReference)).toMatchObject({ transactionStatus: 'capturedPendingSettlement' });
    // The next day, once settled, the part is refunded.
    fake.settle(payment.providerReference);
    expect((await gateway.refund({ payment, amountCents: 1_000, idempotencyKey: 'anet-part-settled', reason: 'other' })).status).toBe('succeeded');
  });

  it('reads the card\'s last four digits from Authorize.net when the payment did not record them', async () => {
    const payment = { ...(await paid(2_000)), additionalData: {} };
    expect((await gateway.refund({ payment, amountCents: 2_000, idempotencyKey: 'anet-no-last4', reason: 'other' })).status).toBe('succeeded');
    expect(lastTransaction().transactionRequest.payment).toEqual({ creditCard: { cardNumber: '1111', expirationDate: 'XXXX' } });
  });

  it('answers wrong card digits and an unknown transaction as refusals, and throws only when Authorize.net cannot be reached', async () => {
    const payment = await paid(1_500);
    expect(await gateway.refund({ payment: { ...payment, additionalData: { cardLast4: '4242' } }, amountCents: 1_500, idempotencyKey: 'anet-wrong-card', reason: 'other' })).toMatchObject({
      status: 'failed',
      message: 'The referenced transaction does not meet the criteria for issuing a credit.',
    });
    // A part of a transaction Authorize.net does not know: 54, and not the whole amount.
    expect(await gateway.refund({ payment: { ...payment, providerReference: '123', transactionId: '123' }, amountCents: 100, idempotencyKey: 'anet-unknown', reason: 'other' })).toMatchObject({ status: 'failed' });
    const closed = await startFakeAuthorizeNet({ loginId: 'login', transactionKey: 'txnkey' });
    await closed.close();
    const offline = new AuthorizeNetGateway({ loginId: 'login', transactionKey: 'txnkey', clientKey: 'ck', signatureKey: null, apiBase: closed.url, acceptJsUrl: 'https://jstest.authorize.net/v1/Accept.js', production: false });
    await expect(offline.refund({ payment, amountCents: 100, idempotencyKey: 'anet-offline', reason: 'other' })).rejects.toMatchObject({ status: 502, code: 'provider_error' });
  });

  it('the fake refuses a refund Authorize.net would refuse (so the checks above mean something)', async () => {
    const res = await fetch(fake.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        createTransactionRequest: {
          merchantAuthentication: { name: 'login', transactionKey: 'txnkey' },
          transactionRequest: { transactionType: 'refundTransaction', amount: '1.00', refTransId: '60000000001', payment: { creditCard: { expirationDate: 'XXXX', cardNumber: '1111' } } },
        },
      }),
    });
    const body = JSON.parse((await res.text()).replace(/^\uFEFF/, ''));
    expect(body.messages).toMatchObject({ resultCode: 'Error', message: [{ code: 'E00003' }] });
    expect(fake.violations.join('\n')).toMatch(/transactionRequest: element 'payment' is out of order/);
    expect(fake.violations.join('\n')).toMatch(/payment\.creditCard: element 'cardNumber' is out of order/);
    fake.violations.length = 0;
  });
});

describe('Authorize.net Accept Hosted against its schema order', () => {
  let fake: FakeAuthorizeNet;
  let gateway: AuthorizeNetGateway;
  let clock = Date.parse('2031-03-01T10:00:00Z');

  beforeAll(async () => {
    fake = await startFakeAuthorizeNet({ loginId: 'login', transactionKey: 'txnkey', now: () => clock });
    gateway = new AuthorizeNetGateway({ loginId: 'login', transactionKey: 'txnkey', clientKey: 'ck', signatureKey: null, apiBase: fake.url, acceptJsUrl: 'https://jstest.authorize.net/v1/Accept.js', production: false });
  });
  afterAll(() => fake.close());
  afterEach(() => expect(fake.violations).toEqual([]));

  const hosted = () =>
    gateway.hostedPaymentPage({ amountCents: 45_000, metadata: { orderId: '31', orderIncrementId: '000000031' }, refId: 'h0123456789abcdef0123', returnUrl: 'https://shop.example/payment/verify/authorizenet?return=accept-hosted', cancelUrl: 'https://shop.example/checkout' });
  const pay = (token: string) => fetch(`${fake.hostedFormUrl}/pay`, { method: 'POST', body: new URLSearchParams({ token, cardNumber: '4111111111111111' }), redirect: 'manual' });

  it('asks getHostedPaymentPageRequest in schema order: the amount, the invoice number, our metadata, the return to the store', async () => {
    const token = await hosted();
    const sent = JSON.parse(fake.requests.at(-1)!.body).getHostedPaymentPageRequest;
    expect(Object.keys(sent)).toEqual(['merchantAuthentication', 'refId', 'transactionRequest', 'hostedPaymentSettings']);
    expect(sent.refId).toHaveLength(20);
    expect(sent.transactionRequest).toEqual({ transactionType: 'authCaptureTransaction', amount: '450.00', order: { invoiceNumber: '000000031' }, userFields: { userField: [{ name: 'orderId', value: '31' }, { name: 'orderIncrementId', value: '000000031' }] } });
    expect(fake.hostedTokens.get(token)!.settings.hostedPaymentReturnOptions).toEqual({ showReceipt: false, url: 'https://shop.example/payment/verify/authorizenet?return=accept-hosted', urlText: 'Continue', cancelUrl: 'https://shop.example/checkout', cancelUrlText: 'Cancel' });
  });

  it('the paid token is found by invoice number among the unsettled transactions, and reads back as the order\'s payment', async () => {
    const paid = await pay(await hosted());
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toBe('https://shop.example/payment/verify/authorizenet?return=accept-hosted');
    const [transId] = await gateway.unsettledTransactionIds(['000000031']);
    expect(await gateway.unsettledTransactionIds(['000000099'])).toEqual([]);
    expect(await gateway.confirm(transId!)).toMatchObject({ status: 'completed', amountCents: 45_000, metadata: { orderId: '31', orderIncrementId: '000000031' } });
  });

  it('a token lives 15 minutes on Authorize.net\'s page', async () => {
    const token = await hosted();
    clock += 15 * 60 * 1000;
    const late = await pay(token);
    expect(late.status).toBe(400);
    expect(await late.text()).toContain('Your session has expired or does not exist.');
  });
});
