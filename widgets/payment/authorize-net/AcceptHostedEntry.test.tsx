// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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

const framedMethod: OfferedPaymentMethod = { ...method, integration: 'authorizenet-accept-hosted-iframe' };
const HOSTED_PAGE = { success: true, token: 'FORM-TOKEN', formUrl: 'https://test.authorize.net/payment/payment', amount: 42.5 };

/** The store's own page: its return address is of this page's origin, so the form shows in a frame. */
function showFramed() {
  const origin = window.location.origin;
  return render(
    <AuthorizeNetEntry api={createApiClient(origin)} method={framedMethod} submitLabel="Place Order" prepare={prepare} onOutcome={(o) => outcomes.push(o)} returnUrl={`${origin}/payment/verify/authorizenet`} />,
  );
}

/** Authorize.net's form in the frame, and the store's communicator it frames. */
async function openFrame(): Promise<{ frame: HTMLIFrameElement; communicator: Window }> {
  fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
  const frame = (await screen.findByTitle('Authorize.net secure payment form')) as HTMLIFrameElement;
  // The page listens once it has posted the token into the frame.
  await waitFor(() => expect(leaveByPost).toHaveBeenCalledWith('https://test.authorize.net/payment/payment', { token: 'FORM-TOKEN' }, frame.name));
  const inner = frame.contentDocument!.createElement('iframe');
  frame.contentDocument!.body.append(inner);
  return { frame, communicator: inner.contentWindow! };
}

function relay(data: string, from: { origin?: string; source: Window }) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin: from.origin ?? window.location.origin, source: from.source }));
  });
}

const TRANSACT = `action=transactResponse&response=${encodeURIComponent(JSON.stringify({ transId: '60000000007', responseCode: '1', totalAmount: '42.50' }))}`;

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

describe('Authorize.net Accept Hosted in a frame of the page', () => {
  it('posts the token into a frame of the page, sized by the form, and hands the transaction it names to the store once, however often it is relayed', async () => {
    const { calls } = stubFetch(json(200, HOSTED_PAGE), json(200, { success: true, transactionId: '60000000007', status: 'completed', amount: 42.5 }));
    showFramed();
    expect(screen.getByText('You will type your card in Authorize.net’s secure form, shown on this page.')).toBeTruthy();
    const { frame, communicator } = await openFrame();
    expect(calls[0]!.body).toMatchObject({ metadata: { orderId: 41 }, display: 'iframe' });
    expect(frame.name).toMatch(/^sr-accept-hosted-\d+$/);
    expect(readPendingPayment()).toBeNull();

    relay('action=resizeWindow&width=500&height=712', { source: communicator });
    expect(frame.style.height).toBe('712px');
    relay(TRANSACT, { source: communicator });
    relay(TRANSACT, { source: communicator });
    await waitFor(() => expect(outcomes).toHaveLength(2));
    expect(outcomes[0]).toEqual({ kind: 'awaiting-card' });
    expect(outcomes[1]).toEqual({ kind: 'paid', payment: { transactionId: '60000000007', method: 'authorizenet', gateway: 'authorizenet', status: 'completed', amount: 42.5 } });
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ['http://localhost:3000/api/payment/authorize-net/hosted-page', expect.anything()],
      ['http://localhost:3000/api/payment/authorize-net/hosted-return', { metadata: { orderId: 41 }, transactionId: '60000000007' }],
    ]);
  });

  it('ignores a message from another origin, from the form itself or from the page, and closes the frame on Cancel, saying so', async () => {
    const { calls } = stubFetch(json(200, HOSTED_PAGE));
    showFramed();
    const { frame, communicator } = await openFrame();
    relay(TRANSACT, { origin: 'https://evil.example', source: communicator });
    relay(TRANSACT, { source: frame.contentWindow! });
    relay(TRANSACT, { source: window });
    relay('action=resizeWindow&width=500&height=900', { origin: 'https://evil.example', source: communicator });
    expect(frame.style.height).toBe('560px');
    expect(calls).toHaveLength(1);
    expect(outcomes).toEqual([{ kind: 'awaiting-card' }]);

    relay('action=cancel', { source: communicator });
    expect(screen.queryByTitle('Authorize.net secure payment form')).toBeNull();
    expect(outcomes[1]).toEqual({ kind: 'failed', message: 'The Authorize.net payment was cancelled. You have not been charged.' });
    expect((screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends the customer to Authorize.net\'s page instead on another site\'s page, where the store\'s communicator cannot reach', async () => {
    stubFetch(json(200, HOSTED_PAGE));
    render(<AuthorizeNetEntry api={createApiClient('http://shop.test')} method={framedMethod} submitLabel="Place Order" prepare={prepare} onOutcome={(o) => outcomes.push(o)} returnUrl="http://shop.test/payment/verify/authorizenet" />);
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(leaveByPost).toHaveBeenCalledWith('https://test.authorize.net/payment/payment', { token: 'FORM-TOKEN' }));
    expect(outcomes).toEqual([{ kind: 'redirecting' }]);
  });
});
