/**
 * @engines sqlite postgres: the test gateway's transactions are rows moved under locks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openTestDatabase } from '../testing/test-database';
import { passesLuhn, validateCard } from './test-cards';
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
    expect(createGateways({ stripe: null, paypal: null, authorizeNet: null }, database).isConfigured('test')).toBe(true);
  });
});
