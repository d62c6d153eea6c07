// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { PayPalButtonsComponentOptions } from '@paypal/paypal-js';
import { createApiClient } from '../../api-client';
import type { GatewayEntryProps, OfferedPaymentMethod, PaymentTarget } from '../payment-types';
import { PayPalEntry } from './PayPalEntry';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMock = Mock<(...args: any[]) => any>;

/** A PayPal SDK stand-in: keeps the options the client rendered its buttons with, so a test plays the buyer. */
const fake = vi.hoisted(() => ({
  loadScript: null as unknown as AnyMock,
  options: null as PayPalButtonsComponentOptions | null,
  renderedInto: null as HTMLElement | null,
  eligible: true,
}));
vi.mock('@paypal/paypal-js', () => ({ loadScript: (...args: unknown[]) => fake.loadScript(...args) }));

function paypalStandIn() {
  return {
    version: 'stand-in',
    Buttons: (options: PayPalButtonsComponentOptions) => {
      fake.options = options;
      return {
        isEligible: () => fake.eligible,
        render: async (el: HTMLElement) => {
          fake.renderedInto = el;
        },
        close: async () => undefined,
      };
    },
  };
}

/** What PayPal does when the buyer clicks: onClick, then createOrder; its rejection goes to onError. */
async function buyerClicks(): Promise<string | null> {
  let allowed = true;
  await fake.options!.onClick?.({}, { resolve: async () => undefined, reject: async () => void (allowed = false) });
  if (!allowed) return null;
  try {
    return await fake.options!.createOrder!({ paymentSource: 'paypal' }, {} as never);
  } catch (err) {
    fake.options!.onError!(err as Record<string, unknown>);
    return null;
  }
}

const api = createApiClient('http://shop.test');
const paypalMethod: OfferedPaymentMethod = { name: 'paypal', title: 'PayPal', enabled: true, gateway: 'paypal', configured: true, config: { clientId: 'client-abc' } };
const payer = { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee' };
const orderTarget: PaymentTarget = { kind: 'order', orderId: 7, incrementId: '000000007', accessToken: 'tok-7', payer };

let fetchCalls: { url: string; init: RequestInit }[] = [];
/** The server's answers, by path, in order. */
function serverAnswers(answers: Record<string, { status: number; body: unknown }>) {
  fetchCalls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      fetchCalls.push({ url, init });
      const answer = answers[new URL(url).pathname] ?? { status: 404, body: { error: 'not_found', message: 'Not found' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}
const created = { status: 200, body: { success: true, id: '5O190127TN364715T', status: 'CREATED' } };
const captured = { status: 200, body: { success: true, transactionId: '5O190127TN364715T', status: 'completed', amount: 45.99 } };

function renderEntry(overrides: Partial<GatewayEntryProps> = {}) {
  const props: GatewayEntryProps = {
    api,
    method: paypalMethod,
    submitLabel: 'Place Order',
    prepare: vi.fn(async () => orderTarget),
    onOutcome: vi.fn(),
    amountDue: 45.99,
    returnUrl: 'http://shop.test/payment/verify/paypal',
    ...overrides,
  };
  return { props, ...render(<PayPalEntry {...props} />) };
}

const bodyOf = (i: number) => JSON.parse(fetchCalls[i]!.init.body as string);
const headersOf = (i: number) => fetchCalls[i]!.init.headers as Record<string, string>;

beforeEach(() => {
  fake.options = null;
  fake.renderedInto = null;
  fake.eligible = true;
  fake.loadScript = vi.fn(async () => paypalStandIn());
  serverAnswers({ '/api/payment/paypal/order': created, '/api/payment/paypal/capture': captured });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PayPalEntry', () => {
  it("says 'PayPal configuration not found' and loads nothing when PayPal is not configured", () => {
    renderEntry({ method: { ...paypalMethod, configured: false } });
    expect(screen.getByRole('alert').textContent).toBe('PayPal configuration not found');
    expect(fake.loadScript).not.toHaveBeenCalled();
  });

  it("loads the SDK with the client id and renders PayPal's buttons instead of a submit button", async () => {
    const { container } = renderEntry();
    expect(screen.getByRole('status').textContent).toBe('Loading PayPal…');
    await waitFor(() => expect(fake.renderedInto).toBeTruthy());
    expect(fake.loadScript).toHaveBeenCalledWith({ clientId: 'client-abc', currency: 'USD', intent: 'capture', components: 'buttons', commit: true });
    expect(fake.renderedInto).toBe(container.querySelector('.sr-paypal-buttons'));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
  });

  it('creates the PayPal order with the owner proof, captures it on approval and reports it paid', async () => {
    const { props } = renderEntry();
    await waitFor(() => expect(fake.options).toBeTruthy());
    expect(await buyerClicks()).toBe('5O190127TN364715T');
    expect(fetchCalls[0]!.url).toBe('http://shop.test/api/payment/paypal/order');
    expect(headersOf(0).Authorization).toBe('Bearer tok-7');
    expect(bodyOf(0)).toEqual({ additionalData: { orderId: 7 } });
    await fake.options!.onApprove!({ orderID: '5O190127TN364715T', facilitatorAccessToken: 'x' } as never, {} as never);
    expect(fetchCalls[1]!.url).toBe('http://shop.test/api/payment/paypal/capture');
    expect(headersOf(1).Authorization).toBe('Bearer tok-7');
    expect(bodyOf(1)).toEqual({ orderId: '5O190127TN364715T' });
    expect(props.onOutcome).toHaveBeenCalledWith({
      kind: 'paid',
      payment: { transactionId: '5O190127TN364715T', method: 'paypal', gateway: 'paypal', status: 'completed', amount: 45.99 },
    });
  });

  it('proves a split payment by its e-mail and asks for the chosen amount', async () => {
    const split: PaymentTarget = { kind: 'split', orderId: 9, incrementId: '000000009', email: 'ann@example.com', amount: 20, payer };
    renderEntry({ prepare: vi.fn(async () => split) });
    await waitFor(() => expect(fake.options).toBeTruthy());
    await buyerClicks();
    expect(headersOf(0).Authorization).toBeUndefined();
    expect(bodyOf(0)).toEqual({ email: 'ann@example.com', amount: 20, additionalData: { orderId: 9 } });
    await fake.options!.onApprove!({ orderID: '5O190127TN364715T' } as never, {} as never);
    expect(bodyOf(1)).toEqual({ email: 'ann@example.com', orderId: '5O190127TN364715T' });
  });

  it("closes PayPal quietly when the page's own form stops the payment", async () => {
    const { props } = renderEntry({ prepare: vi.fn(async () => null) });
    await waitFor(() => expect(fake.options).toBeTruthy());
    expect(await buyerClicks()).toBeNull();
    expect(fetchCalls).toEqual([]);
    expect(props.onOutcome).not.toHaveBeenCalled();
  });

  it("shows the server's 'Failed to create PayPal order. Please try again.' when the order cannot be made", async () => {
    serverAnswers({ '/api/payment/paypal/order': { status: 400, body: { error: 'invalid_request', message: 'Failed to create PayPal order. Please try again.', fields: {} } } });
    const { props } = renderEntry();
    await waitFor(() => expect(fake.options).toBeTruthy());
    expect(await buyerClicks()).toBeNull();
    expect(props.onOutcome).toHaveBeenCalledWith({ kind: 'failed', message: 'Failed to create PayPal order. Please try again.' });
  });

  it("shows 'Failed to capture PayPal payment. Please try again.' on a declined capture", async () => {
    serverAnswers({
      '/api/payment/paypal/order': created,
      '/api/payment/paypal/capture': { status: 402, body: { error: 'payment_failed', message: 'Failed to capture PayPal payment. Please try again.', status: 'failed' } },
    });
    const { props } = renderEntry();
    await waitFor(() => expect(fake.options).toBeTruthy());
    await buyerClicks();
    await fake.options!.onApprove!({ orderID: '5O190127TN364715T' } as never, {} as never);
    expect(props.onOutcome).toHaveBeenCalledWith({ kind: 'failed', message: 'Failed to capture PayPal payment. Please try again.' });
  });

  it("says 'No PayPal order to capture. Please try again.' when PayPal approves without an order", async () => {
    const { props } = renderEntry();
    await waitFor(() => expect(fake.options).toBeTruthy());
    await buyerClicks();
    await fake.options!.onApprove!({} as never, {} as never);
    expect(props.onOutcome).toHaveBeenCalledWith({ kind: 'failed', message: 'No PayPal order to capture. Please try again.' });
    expect(fetchCalls).toHaveLength(1);
  });

  it('tells the customer a cancelled payment took nothing, and records nothing', async () => {
    const { props } = renderEntry();
    await waitFor(() => expect(fake.options).toBeTruthy());
    await buyerClicks();
    fake.options!.onCancel!({ orderID: '5O190127TN364715T' }, {} as never);
    expect(props.onOutcome).toHaveBeenCalledWith({ kind: 'failed', message: 'The PayPal payment was cancelled. You have not been charged.' });
    expect(fetchCalls.map((c) => new URL(c.url).pathname)).toEqual(['/api/payment/paypal/order']);
  });

  it("reports PayPal's own errors with 'An error occurred during the PayPal transaction. Please try again.'", async () => {
    const { props } = renderEntry();
    await waitFor(() => expect(fake.options).toBeTruthy());
    await buyerClicks();
    fake.options!.onError!({ message: 'popup closed unexpectedly' });
    expect(props.onOutcome).toHaveBeenCalledWith({ kind: 'failed', message: 'An error occurred during the PayPal transaction. Please try again.' });
  });

  it('refuses the click while the page is busy', async () => {
    const { props, rerender } = renderEntry();
    await waitFor(() => expect(fake.options).toBeTruthy());
    rerender(<PayPalEntry {...props} disabled />);
    expect(await buyerClicks()).toBeNull();
    expect(props.prepare).not.toHaveBeenCalled();
  });

  it("says 'Failed to load PayPal configuration. Please try again later.' when the SDK does not load", async () => {
    fake.loadScript = vi.fn(async () => {
      throw new Error('The script "https://www.paypal.com/sdk/js?client-id=client-abc" failed to load.');
    });
    renderEntry();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load PayPal configuration. Please try again later.');
  });

  it('says so when PayPal offers no button for this buyer', async () => {
    fake.eligible = false;
    renderEntry();
    expect((await screen.findByRole('alert')).textContent).toBe('PayPal is not available for this purchase. Please choose another payment method.');
    expect(fake.renderedInto).toBeNull();
  });
});
