// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api-client';
import { json, orderTarget, stubFetch } from '../CardFieldsTestKit';
import { leaveByPost } from '../leave-page';
import type { OfferedPaymentMethod, PaymentOutcome, PaymentTarget } from '../payment-types';
import { readPendingPayment } from '../pending-payment';
import { AuthorizeNetEntry } from './AcceptJsEntry';

vi.mock('../leave-page', () => ({ leaveByPost: vi.fn(), leavePage: vi.fn() }));

const method: OfferedPaymentMethod = { name: 'authorizenet', title: 'Card (Authorize.net)', enabled: true, gateway: 'authorizenet', configured: true, config: {} };
let outcomes: PaymentOutcome[];
let prepare: ReturnType<typeof vi.fn<() => Promise<PaymentTarget | null>>>;

function show() {
  return render(
    <AuthorizeNetEntry api={createApiClient('http://shop.test')} method={method} submitLabel="Place Order" prepare={prepare} onOutcome={(o) => outcomes.push(o)} returnUrl="http://shop.test/payment/verify/authorizenet" />,
  );
}

beforeEach(() => {
  outcomes = [];
  prepare = vi.fn(async () => orderTarget);
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(leaveByPost).mockReset();
});

describe('Authorize.net Accept Hosted, the default', () => {
  it('shows no card field; Place Order asks the store for a token and posts it to Authorize.net\'s page', async () => {
    const { calls } = stubFetch(json(200, { success: true, token: 'FORM-TOKEN', formUrl: 'https://test.authorize.net/payment/payment', amount: 42.5 }));
    show();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByText('You will type your card on Authorize.net’s secure page, then come back here.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(leaveByPost).toHaveBeenCalledWith('https://test.authorize.net/payment/payment', { token: 'FORM-TOKEN' }));
    expect(calls[0]).toMatchObject({
      url: 'http://shop.test/api/payment/authorize-net/hosted-page',
      headers: { Authorization: 'Bearer order-token-41' },
      body: { metadata: { orderId: 41 }, returnUrl: 'http://shop.test/payment/verify/authorizenet?return=accept-hosted' },
    });
    expect(outcomes).toEqual([{ kind: 'redirecting' }]);
    expect(readPendingPayment()).toEqual({ target: orderTarget, method: 'authorizenet' });
  });

  it('a refusal of the store is shown and nothing leaves the page', async () => {
    stubFetch(json(404, { error: 'order_not_found', message: 'Order not found.' }));
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(outcomes).toHaveLength(1));
    expect(outcomes[0]).toMatchObject({ kind: 'failed', message: 'Order not found.' });
    expect(leaveByPost).not.toHaveBeenCalled();
    expect(readPendingPayment()).toBeNull();
    expect((screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
