/**
 * @engines sqlite postgres: an authentication is a row moved once under a lock.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openTestDatabase } from '../testing/test-database';
import { AUTHENTICATION_LIFETIME_MS, TestGatewayAuthentication } from './test-gateway-authentication';
import { TestGateway } from './test-gateway';
import { validateCard } from './test-cards';

const START = new Date(Date.UTC(2026, 5, 15, 12));
const checked = validateCard({ cardNumber: '4000002500003155', expMonth: '12', expYear: '2030', cardCode: '123' }, START);
const card = 'card' in checked ? checked.card : undefined!;

describe('TestGatewayAuthentication', () => {
  let database: Database;
  let now: Date;
  let steps: TestGatewayAuthentication;
  let gateway: TestGateway;

  beforeEach(async () => {
    database = await openTestDatabase();
    now = START;
    steps = new TestGatewayAuthentication(database, () => now);
    gateway = new TestGateway(database);
  });
  afterEach(() => database.close());

  async function held() {
    const { payment } = await gateway.charge({ card, amountCents: 1234, currency: 'USD', metadata: { orderId: '1' } });
    expect(payment.status).toBe('on_hold');
    return payment.transactionId;
  }

  it('stores only a hash of the secret, and the secret opens its own transaction only', async () => {
    const id = await held();
    const { secret } = await steps.begin(id, 'http://shop.test/payment/verify/test');
    const rows = await database.q.all(database.q.db.selectFrom('test_gateway_authentication').selectAll());
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(secret);
    expect(await steps.check(id, secret)).toEqual({ transactionId: id, returnUrl: 'http://shop.test/payment/verify/test' });
    const other = await held();
    await expect(steps.check(other, secret)).rejects.toThrow('This authentication link is not valid.');
  });

  it('moves the transaction once; a new secret for the same step replaces the old one', async () => {
    const id = await held();
    const first = (await steps.begin(id, 'http://shop.test/r')).secret;
    const second = (await steps.begin(id, 'http://shop.test/r')).secret;
    await expect(steps.check(id, first)).rejects.toThrow('This authentication link is not valid.');
    await steps.finish(id, second, 'completed');
    expect((await gateway.confirm(id)).status).toBe('completed');
    await expect(steps.finish(id, second, 'failed')).rejects.toThrow('This authentication has already been completed.');
    await expect(steps.begin(id, 'http://shop.test/r')).rejects.toThrow('This authentication has already been completed.');
    expect((await gateway.confirm(id)).status).toBe('completed');
  });

  it('records a failed authentication with the message the failure page shows', async () => {
    const id = await held();
    await steps.finish(id, (await steps.begin(id, 'http://shop.test/r')).secret, 'failed');
    const payment = await gateway.confirm(id);
    expect(payment.status).toBe('failed');
    expect(payment.additionalData.message).toBe('We are unable to authenticate your payment method. Please choose a different payment method and try again.');
  });

  it('expires after its lifetime, on a clock the test moves', async () => {
    const id = await held();
    const { secret } = await steps.begin(id, 'http://shop.test/r');
    now = new Date(START.getTime() + AUTHENTICATION_LIFETIME_MS - 1);
    expect((await steps.check(id, secret)).transactionId).toBe(id);
    now = new Date(START.getTime() + AUTHENTICATION_LIFETIME_MS);
    await expect(steps.finish(id, secret, 'completed')).rejects.toThrow('This authentication link has expired. Please try the payment again.');
    expect((await gateway.confirm(id)).status).toBe('on_hold');
  });
});
