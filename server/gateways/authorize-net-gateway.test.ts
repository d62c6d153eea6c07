/**
 * Contract test: the Authorize.net adapter against a local Authorize.net that checks element order,
 * required elements and lengths as its XML schema does (it publishes no OpenAPI document).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthorizeNetGateway } from './authorize-net-gateway';
import { startFakeAuthorizeNet, type FakeAuthorizeNet } from './fakes/fake-authorize-net';

const SIGNATURE_KEY = 'A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90';

describe('Authorize.net gateway against its schema order', () => {
  let fake: FakeAuthorizeNet;
  let gateway: AuthorizeNetGateway;

  beforeAll(async () => {
    fake = await startFakeAuthorizeNet({ loginId: 'login', transactionKey: 'txnkey' });
    gateway = new AuthorizeNetGateway({ loginId: 'login', transactionKey: 'txnkey', clientKey: 'ck', signatureKey: SIGNATURE_KEY, apiBase: fake.url, acceptJsUrl: 'https://jstest.authorize.net/v1/Accept.js' });
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
