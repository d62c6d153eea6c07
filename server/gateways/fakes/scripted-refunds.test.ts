/** The refunds of the scripted stand-in gateways: kept, successful by default, scriptable, once per key. */
import { describe, expect, it } from 'vitest';
import { ScriptedRefunds } from './scripted-refunds';

const payment = { providerReference: 'pi_1', transactionId: 'pi_1', amountCents: 5_000, currency: 'USD', additionalData: {} };

describe('ScriptedRefunds', () => {
  it('succeeds by default, once per idempotency key, and keeps every request', async () => {
    const refunds = new ScriptedRefunds('re_');
    const request = { payment, amountCents: 1_000, idempotencyKey: 'k1', reason: 'other' };
    const [a, b] = await Promise.all([refunds.answer(request), refunds.answer(request)]);
    expect(a).toEqual({ kind: 'refund', status: 'succeeded', providerReference: expect.stringMatching(/^re_\d+$/), amountCents: 1_000 });
    expect(b).toEqual(a);
    expect(refunds.requests).toHaveLength(2);
    expect(refunds.given()).toEqual([a]);
    expect(await refunds.answer({ ...request, idempotencyKey: 'void' }, 5_000)).toEqual({ kind: 'void', status: 'succeeded', providerReference: 'pi_1', amountCents: 5_000 });
  });

  it('answers a scripted refusal with the provider\'s message, and throws for an unreachable provider', async () => {
    const refunds = new ScriptedRefunds('re_');
    refunds.failures.set('pi_1', 'Charge ch_1 has already been refunded.');
    expect(await refunds.answer({ payment, amountCents: 1_000, idempotencyKey: 'k2', reason: 'other' })).toEqual({
      kind: 'refund',
      status: 'failed',
      providerReference: 'pi_1',
      amountCents: 1_000,
      message: 'Charge ch_1 has already been refunded.',
    });
    expect(refunds.given()).toEqual([]);
    refunds.unreachable.add('pi_2');
    await expect(refunds.answer({ payment: { ...payment, providerReference: 'pi_2' }, amountCents: 1, idempotencyKey: 'k3', reason: 'other' })).rejects.toThrow('ECONNREFUSED');
  });
});
