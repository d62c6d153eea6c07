/**
 * @engines sqlite postgres: the test gateway's transactions are rows moved under locks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openTestDatabase } from '../testing/test-database';
import { passesLuhn, REFUND_DECLINED_MESSAGE, validateCard } from './test-cards';
import { createGateways } from './create-gateways';
import { TestGateway } from './test-gateway';

const NOW = new Date(Date.UTC(2026, 5, 15));
const card = (cardNumber: string) => {
  const checked = validateCard({ cardNumber, expMonth: '12', expYear: '2030', cardCode: '123' }, NOW);
  if (!('card' in checked)) throw new Error(JSON.stringify(checked.fields));
  return checked.card;
};

describe('test cards', () => {
  it('checks direct card entry with the messages of 002 §5', () => {
    expect(validateCard({}, NOW)).toEqual({
      fields: { cardNumber: 'Card number is required', expMonth: 'Expiry is required', expYear: 'Expiry is required', cardCode: 'CVV is required' },
    });
    expect(validateCard({ cardNumber: '4242424242424241', expMonth: '13', expYear: '2025', cardCode: '12' }, NOW)).toEqual({
      fields: { cardNumber: 'Card number is invalid', expMonth: 'Expiry month is invalid', expYear: 'Expiry year is invalid', cardCode: 'CVV is invalid' },
    });
    expect(validateCard({ cardNumber: '4242 4242 4242 4242', expMonth: '5', expYear: '2026', cardCode: '123' }, NOW)).toEqual({ fields: { expMonth: 'Expiry month is invalid' } });
    expect(validateCard({ cardNumber: '4242 4242 4242 4242', expMonth: 6, expYear: 2026, cardCode: '1234' }, NOW)).toEqual({ card: { digits: '4242424242424242', expMonth: 6, expYear: 2026 } });
  });

  it('knows Luhn', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('5555555555554444')).toBe(true);
  });
});

describe('TestGateway', () => {
  let dir: string;
  let database: Database;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-test-gateway-'));
    database = await openTestDatabase(dir);
  });
  afterEach(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const charge = (gateway: TestGateway, number: string, idempotencyKey?: string) =>
    gateway.charge({ card: card(number), amountCents: 4_250, currency: 'USD', metadata: { orderId: '12', orderIncrementId: '000000012' }, idempotencyKey });

  it('charges the test cards like Stripe test mode', async () => {
    const gateway = new TestGateway(database);
    expect((await charge(gateway, '4242424242424242')).payment).toMatchObject({ status: 'completed', amountCents: 4_250, additionalData: { cardBrand: 'visa', cardLast4: '4242' } });
    expect(await charge(gateway, '4000000000000002')).toMatchObject({ payment: { status: 'failed' }, message: 'Your card was declined.', declineCode: 'card_declined' });
    expect(await charge(gateway, '4000002500003155')).toMatchObject({ payment: { status: 'on_hold' }, message: 'Additional authentication required' });
    expect(await charge(gateway, '4000000000009995')).toMatchObject({ payment: { status: 'failed' }, message: 'Your card has insufficient funds.' });
    expect((await charge(gateway, '5555555555554444')).payment).toMatchObject({ status: 'completed', additionalData: { cardBrand: 'mastercard', cardLast4: '4444' } });
  });

  it('finds its transactions again after a restart (a new gateway on the same database)', async () => {
    const { payment } = await charge(new TestGateway(database), '4242424242424242');
    const again = await new TestGateway(database).confirm(payment.transactionId);
    expect(again).toEqual(payment);
    expect(again).toMatchObject({ gateway: 'test', providerReference: payment.transactionId, metadata: { orderId: '12', orderIncrementId: '000000012' } });
    await expect(new TestGateway(database).confirm('test_txn_unknown')).rejects.toMatchObject({ status: 404, code: 'payment_not_found' });
  });

  it('gives one transaction for one idempotency key, even when two charges race', async () => {
    const gateway = new TestGateway(database);
    const [a, b] = await Promise.all([charge(gateway, '4242424242424242', 'k1'), charge(gateway, '4242424242424242', 'k1')]);
    expect(a.payment.transactionId).toBe(b.payment.transactionId);
    const rows = await database.q.first(database.q.db.selectFrom('test_gateway_transaction').select((eb) => eb.fn.countAll<number>().as('n')));
    expect(rows).toEqual({ n: 1 });
  });

  it('is switched off in production: its payments are not accepted', async () => {
    const off = createGateways({ testGateway: false, stripe: null, paypal: null, authorizeNet: null }, database);
    expect(off.test).toBeNull();
    expect(off.isConfigured('test')).toBe(false);
    await expect(off.get('test').confirm('test_txn_1')).rejects.toMatchObject({ status: 400, message: 'Payment method not available' });
    const payment = { providerReference: 'test_txn_1', transactionId: 'test_txn_1', amountCents: 100, currency: 'USD', additionalData: {} };
    await expect(off.get('test').refund({ payment, amountCents: 100, idempotencyKey: 'k', reason: 'other' })).rejects.toMatchObject({ status: 400, message: 'Payment method not available' });
    expect(createGateways({ stripe: null, paypal: null, authorizeNet: null }, database).isConfigured('test')).toBe(true);
  });

  describe('refunds and voids', () => {
    /** A charge of 4 250 cents, as the store records it. */
    const paid = async (gateway: TestGateway, number = '4242424242424242') => {
      const { payment } = await charge(gateway, number);
      return { providerReference: payment.providerReference, transactionId: payment.transactionId, amountCents: payment.amountCents, currency: payment.currency, additionalData: payment.additionalData };
    };
    const refundRows = () => database.q.all(database.q.db.selectFrom('test_gateway_refund').selectAll().orderBy('created_at'));

    it('refunds a completed transaction in full, and the transaction stays completed', async () => {
      const gateway = new TestGateway(database);
      const payment = await paid(gateway);
      const outcome = await gateway.refund({ payment, amountCents: 4_250, idempotencyKey: 'test-refund-full', reason: 'requested_by_customer' });
      expect(outcome).toEqual({ kind: 'refund', status: 'succeeded', providerReference: expect.stringMatching(/^test_re_[0-9a-f]{24}$/), amountCents: 4_250 });
      expect((await gateway.confirm(payment.transactionId)).status).toBe('completed');
      expect(await refundRows()).toMatchObject([{ id: outcome.providerReference, transaction_id: payment.transactionId, kind: 'refund', status: 'succeeded', amount_cents: 4_250, reason: 'requested_by_customer' }]);
    });

    it('refunds in parts up to the amount, then refuses more than is left (and after a restart too)', async () => {
      const payment = await paid(new TestGateway(database));
      const refund = (amountCents: number, key: string) => new TestGateway(database).refund({ payment, amountCents, idempotencyKey: key, reason: 'other' });
      expect((await refund(2_000, 'test-part-1')).status).toBe('succeeded');
      expect((await refund(2_000, 'test-part-2')).status).toBe('succeeded');
      expect(await refund(500, 'test-part-3')).toEqual({ kind: 'refund', status: 'failed', providerReference: expect.stringMatching(/^test_re_/), amountCents: 500, message: 'The refund ($5.00) is more than is left to refund on this payment ($2.50).' });
      expect((await refund(250, 'test-part-4')).status).toBe('succeeded');
      expect(await refund(1, 'test-part-5')).toMatchObject({ status: 'failed', message: 'This payment has already been refunded in full.' });
    });

    it('gives one refund for one idempotency key, even when two refunds race', async () => {
      const gateway = new TestGateway(database);
      const payment = await paid(gateway);
      const request = { payment, amountCents: 1_000, idempotencyKey: 'test-refund-race', reason: 'duplicate' };
      const [a, b] = await Promise.all([gateway.refund(request), gateway.refund(request)]);
      expect(b).toEqual(a);
      expect(await gateway.refund(request)).toEqual(a);
      expect(await refundRows()).toHaveLength(1);
      // The same key for another amount is refused, as Stripe does.
      expect(await gateway.refund({ ...request, amountCents: 999 })).toMatchObject({ status: 'failed', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' });
      // Different keys racing for more than is left: one gets the money, the other is refused.
      const [c, d] = await Promise.all([gateway.refund({ ...request, amountCents: 3_000, idempotencyKey: 'race-c' }), gateway.refund({ ...request, amountCents: 3_000, idempotencyKey: 'race-d' })]);
      expect([c.status, d.status].sort()).toEqual(['failed', 'succeeded']);
    });

    it('declines every refund of the card 4000 0000 0000 5126, whose charge succeeds', async () => {
      const gateway = new TestGateway(database);
      const payment = await paid(gateway, '4000000000005126');
      expect((await gateway.confirm(payment.transactionId)).status).toBe('completed');
      expect(await gateway.refund({ payment, amountCents: 4_250, idempotencyKey: 'test-5126', reason: 'other' })).toEqual({
        kind: 'refund',
        status: 'failed',
        providerReference: expect.stringMatching(/^test_re_/),
        amountCents: 4_250,
        message: 'The refund was declined by the card issuer.',
      });
      expect(await gateway.refund({ payment, amountCents: 1_000, idempotencyKey: 'test-5126-part', reason: 'other' })).toMatchObject({ status: 'failed', message: REFUND_DECLINED_MESSAGE });
    });

    it('voids a transaction waiting for its authentication: its page no longer completes', async () => {
      const gateway = new TestGateway(database);
      const payment = await paid(gateway, '4000002500003155');
      const { secret } = await gateway.authentication.begin(payment.transactionId, '/payment/verify/test');
      const outcome = await gateway.refund({ payment, amountCents: 4_250, idempotencyKey: 'test-void', reason: 'order_cancelled' });
      expect(outcome).toEqual({ kind: 'void', status: 'succeeded', providerReference: payment.transactionId, amountCents: 4_250 });
      expect((await gateway.confirm(payment.transactionId)).status).toBe('voided');
      await expect(gateway.authentication.check(payment.transactionId, secret)).rejects.toMatchObject({ status: 410, code: 'authentication_cancelled' });
      expect(await gateway.refund({ payment, amountCents: 4_250, idempotencyKey: 'test-void', reason: 'order_cancelled' })).toEqual(outcome);
      // A declined transaction took nothing either: void.
      const declined = await paid(gateway, '4000000000000002');
      expect(await gateway.refund({ payment: declined, amountCents: 4_250, idempotencyKey: 'test-void-declined', reason: 'other' })).toMatchObject({ kind: 'void', status: 'succeeded' });
    });

    it('refunds instead when the authentication completed first', async () => {
      const gateway = new TestGateway(database);
      const payment = await paid(gateway, '4000002500003155');
      const { secret } = await gateway.authentication.begin(payment.transactionId, '/payment/verify/test');
      await gateway.authentication.finish(payment.transactionId, secret, 'completed');
      expect(await gateway.refund({ payment, amountCents: 4_250, idempotencyKey: 'test-after-auth', reason: 'other' })).toMatchObject({ kind: 'refund', status: 'succeeded' });
    });

    it('answers an unknown transaction as a refusal', async () => {
      const payment = { providerReference: 'test_txn_unknown', transactionId: 'test_txn_unknown', amountCents: 100, currency: 'USD', additionalData: {} };
      expect(await new TestGateway(database).refund({ payment, amountCents: 100, idempotencyKey: 'test-unknown', reason: 'other' })).toMatchObject({ status: 'failed', message: 'No such transaction: test_txn_unknown.' });
    });
  });
});
