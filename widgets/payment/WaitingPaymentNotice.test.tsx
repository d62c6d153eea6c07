// @vitest-environment jsdom
/**
 * A payment waiting for the bank, in the paying page: the store refuses a card because another
 * payment of the order waits for the bank (409). The entry shows the store's words with "Pay
 * another way"; the button cancels the waiting payment with the target's own proof (the order's
 * token; the split page's e-mail), and the next attempt pays. The page hears the failure with
 * `waiting` set, so it does not show it twice.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api-client';
import { fillCard, GOOD_CARD, json, orderTarget, splitTarget, stubFetch } from './CardFieldsTestKit';
import { PaymentEntry } from './PaymentEntry';
import type { PaymentOutcome, PaymentTarget } from './payment-types';

const WAITING = "A payment for this order is waiting for your bank's confirmation. Finish it, or cancel it to pay another way.";
const CANCELLED = 'The waiting payment was cancelled. You have not been charged for it; you can pay another way now.';
const method = { name: 'card', title: 'Credit or debit card', enabled: true, gateway: 'test' as const };

let outcomes: PaymentOutcome[];
beforeEach(() => {
  outcomes = [];
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(target: PaymentTarget) {
  render(<PaymentEntry api={createApiClient('http://shop.test')} method={method} submitLabel="Place Order" prepare={async () => target} onOutcome={(o) => outcomes.push(o)} returnUrl="http://shop.test/payment/verify/test" />);
}

describe('a payment waiting for the bank', () => {
  it('shows the store\'s words with "Pay another way", which cancels it with the order\'s token; the next card pays', async () => {
    const { calls } = stubFetch(
      json(409, { error: 'payment_waiting', message: WAITING }),
      json(200, { success: true, cancelled: [{ gateway: 'test', transactionId: 'test_txn_1' }], message: CANCELLED }),
      json(200, { success: true, status: 'completed', transactionId: 'test_txn_2', transactionResponse: { amount: 57.25 } }),
    );
    show(orderTarget);
    await screen.findByLabelText('Card number');
    fillCard(GOOD_CARD);
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(WAITING);
    expect(outcomes).toEqual([{ kind: 'failed', message: WAITING, waiting: orderTarget }]);

    fireEvent.click(screen.getByRole('button', { name: 'Pay another way' }));
    expect((await screen.findByRole('status')).textContent).toBe(CANCELLED);
    expect(screen.queryByRole('button', { name: 'Pay another way' })).toBeNull();
    expect(calls[1]!.url).toBe('http://shop.test/api/payment/waiting/cancel');
    expect(calls[1]!.headers.Authorization).toBe('Bearer order-token-41');
    expect(calls[1]!.body).toEqual({ metadata: { orderId: 41 } });

    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(outcomes.at(-1)).toMatchObject({ kind: 'paid', payment: { transactionId: 'test_txn_2' } }));
  });

  it('cancels by the split page\'s e-mail, and shows the store\'s refusal when it cannot be cancelled', async () => {
    const cannot = 'This payment can no longer be cancelled: the provider has already taken it and is confirming it. Please wait for its confirmation or contact us.';
    const { calls } = stubFetch(json(409, { error: 'payment_waiting', message: WAITING }), json(409, { error: 'payment_not_cancellable', message: cannot }));
    show(splitTarget);
    await screen.findByLabelText('Card number');
    fillCard(GOOD_CARD);
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay another way' }));
    await screen.findByText(cannot);
    expect(calls[1]!.headers.Authorization).toBeUndefined();
    expect(calls[1]!.body).toEqual({ email: 'ada@example.com', metadata: { orderId: 42 } });
    expect(screen.getByRole('button', { name: 'Pay another way' })).toBeTruthy();
  });

  it('any other refusal is only the page\'s to show', async () => {
    stubFetch(json(402, { error: 'card_declined', message: 'Your card was declined.', status: 'failed' }));
    show(orderTarget);
    await screen.findByLabelText('Card number');
    fillCard(GOOD_CARD);
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(outcomes).toEqual([{ kind: 'failed', message: 'Your card was declined.' }]));
    expect(screen.queryByRole('button', { name: 'Pay another way' })).toBeNull();
  });
});
