// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createApiClient } from '../../api-client';
import type { GatewayEntryProps, OfferedPaymentMethod, PaymentTarget } from '../payment-types';
import { readPendingPayment } from '../pending-payment';
import { attachOrderToStripeIntent } from './stripe-intent-metadata';
import { StripeEntry } from './StripeEntry';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMock = Mock<(...args: any[]) => any>;

/** A Stripe.js stand-in: records what the client asks, and lets each test decide what Stripe answers. */
const fake = vi.hoisted(() => {
  const state = {
    changeHandler: null as ((e: { complete: boolean }) => void) | null,
    elementsOptions: null as unknown,
    mountedOn: null as HTMLElement | null,
    update: null as unknown as AnyMock,
    submit: null as unknown as AnyMock,
    confirmPayment: null as unknown as AnyMock,
    loadStripe: null as unknown as AnyMock,
  };
  return state;
});

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: (...args: unknown[]) => fake.loadStripe(...args) }));

function stripeStandIn() {
  fake.update = vi.fn();
  fake.submit = vi.fn(async () => ({}));
  fake.confirmPayment = vi.fn(async () => ({ paymentIntent: { id: 'pi_123', status: 'succeeded' } }));
  const elements = {
    create: vi.fn(() => ({
      on: (_name: string, handler: (e: { complete: boolean }) => void) => {
        fake.changeHandler = handler;
      },
      mount: (el: HTMLElement) => {
        fake.mountedOn = el;
      },
      destroy: vi.fn(),
    })),
    update: (...a: unknown[]) => fake.update(...a),
    submit: () => fake.submit(),
  };
  return {
    elements: vi.fn((options: unknown) => {
      fake.elementsOptions = options;
      return elements;
    }),
    confirmPayment: (...a: unknown[]) => fake.confirmPayment(...a),
    elementsGroup: elements,
  };
}

const api = createApiClient('http://shop.test');
const stripeMethod: OfferedPaymentMethod = {
  name: 'stripe-card',
  title: 'Credit card (Stripe)',
  enabled: true,
  gateway: 'stripe',
  configured: true,
  config: { publishableKey: 'pk_test_123' },
};
const payer = { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee' };
const orderTarget: PaymentTarget = { kind: 'order', orderId: 7, incrementId: '000000007', accessToken: 'tok-7', payer };

let fetchCalls: { url: string; init: RequestInit }[] = [];
function serverAnswers(status: number, body: unknown) {
  fetchCalls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      fetchCalls.push({ url, init });
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}
const createdIntent = { success: true, paymentIntent: { id: 'pi_123', status: 'requires_payment_method', client_secret: 'pi_123_secret_x', amount: 4599, currency: 'usd' } };

function renderEntry(overrides: Partial<GatewayEntryProps> = {}) {
  const props: GatewayEntryProps = {
    api,
    method: stripeMethod,
    submitLabel: 'Place Order',
    prepare: vi.fn(async () => orderTarget),
    onOutcome: vi.fn(),
    amountDue: 45.99,
    returnUrl: 'http://shop.test/payment/verify/stripe',
    ...overrides,
  };
  const view = render(<StripeEntry {...props} />);
  return { props, ...view };
}

async function readyAndComplete() {
  const button = await screen.findByRole('button', { name: 'Place Order' });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  act(() => fake.changeHandler!({ complete: true }));
  return button;
}

let standIn: ReturnType<typeof stripeStandIn>;
beforeEach(() => {
  standIn = stripeStandIn();
  fake.loadStripe = vi.fn(async () => standIn);
  serverAnswers(200, createdIntent);
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StripeEntry', () => {
  it('says the method is not available, and loads nothing, when Stripe is not configured', () => {
    renderEntry({ method: { ...stripeMethod, configured: false } });
    expect(screen.getByRole('alert').textContent).toBe('Payment method not available');
    expect(fake.loadStripe).not.toHaveBeenCalled();
  });

  it("loads Stripe.js with the publishable key and mounts the Payment Element in deferred mode for the server's amount", async () => {
    renderEntry({ method: { ...stripeMethod, availableMethods: ['card', 'us_bank_account'] } });
    expect(screen.getByRole('status').textContent).toBe('Loading payment form…');
    await screen.findByRole('button', { name: 'Place Order' });
    await waitFor(() => expect(fake.mountedOn).toBeTruthy());
    expect(fake.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(fake.elementsOptions).toEqual({ mode: 'payment', amount: 4599, currency: 'usd', allowedPaymentMethodTypes: ['card', 'us_bank_account'] });
    expect(fake.mountedOn!.className).toBe('sr-stripe-element');
  });

  it('follows a new amount without remounting the card fields', async () => {
    const { rerender, props } = renderEntry();
    await readyAndComplete();
    rerender(<StripeEntry {...props} amountDue={50} />);
    await waitFor(() => expect(fake.update).toHaveBeenLastCalledWith({ amount: 5000 }));
    expect(standIn.elements).toHaveBeenCalledTimes(1);
  });

  it("shows 'Payment details are required to continue.' while the element is incomplete, and touches no order", async () => {
    const { props } = renderEntry();
    const button = await screen.findByRole('button', { name: 'Place Order' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('Payment details are required to continue.');
    expect(props.prepare).not.toHaveBeenCalled();
    expect(fetchCalls).toEqual([]);
    act(() => fake.changeHandler!({ complete: true }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("asks the page's own check first: a wrong form stops the attempt before Stripe or the store is asked", async () => {
    const check = vi.fn(() => false);
    const { props } = renderEntry({ check });
    fireEvent.click(await readyAndComplete());
    expect(check).toHaveBeenCalledTimes(1);
    expect(props.prepare).not.toHaveBeenCalled();
    expect(fetchCalls).toEqual([]);
    expect(props.onOutcome).not.toHaveBeenCalled();
  });

  it('creates the intent with the order proof, confirms it in the browser and reports it paid', async () => {
    const { props } = renderEntry();
    fireEvent.click(await readyAndComplete());
    await waitFor(() => expect(props.onOutcome).toHaveBeenCalled());
    expect(props.onOutcome).toHaveBeenCalledWith({
      kind: 'paid',
      payment: { transactionId: 'pi_123', method: 'stripe-card', gateway: 'stripe', status: 'completed', amount: 45.99 },
    });
    expect(fake.submit).toHaveBeenCalled();
    expect(fetchCalls).toHaveLength(1);
    expect(fetchCalls[0]!.url).toBe('http://shop.test/api/payment/stripe/payment-intent');
    expect((fetchCalls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer tok-7');
    expect(JSON.parse(fetchCalls[0]!.init.body as string)).toEqual({
      metadata: { orderId: 7, orderIncrementId: '000000007' },
      availableMethods: ['card'],
      receiptEmail: 'ann@example.com',
    });
    expect(fake.confirmPayment).toHaveBeenCalledWith({
      elements: standIn.elementsGroup,
      clientSecret: 'pi_123_secret_x',
      confirmParams: { return_url: 'http://shop.test/payment/verify/stripe' },
      redirect: 'if_required',
    });
    expect(readPendingPayment()).toBeNull();
  });

  it('reports processing and requires_capture as paid but pending', async () => {
    fake.loadStripe = vi.fn(async () => {
      fake.confirmPayment = vi.fn(async () => ({ paymentIntent: { id: 'pi_123', status: 'requires_capture' } }));
      return standIn;
    });
    const { props } = renderEntry();
    fireEvent.click(await readyAndComplete());
    await waitFor(() => expect(props.onOutcome).toHaveBeenCalled());
    expect(vi.mocked(props.onOutcome).mock.calls[0]![0]).toMatchObject({ kind: 'paid', payment: { status: 'pending' } });
  });

  it("reports Stripe's decline message as a failure", async () => {
    const { props } = renderEntry();
    await readyAndComplete();
    fake.confirmPayment.mockResolvedValueOnce({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(props.onOutcome).toHaveBeenCalledWith({ kind: 'failed', message: 'Your card was declined.' }));
    expect(readPendingPayment()).toBeNull();
  });

  it('names an intent still waiting for authentication, and any other status, with the messages of 002 §8', async () => {
    const { props } = renderEntry();
    await readyAndComplete();
    fake.confirmPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_123', status: 'requires_action' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(props.onOutcome).toHaveBeenCalledWith({ kind: 'failed', message: 'Additional authentication required' }));
    fake.confirmPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_123', status: 'canceled' } });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(props.onOutcome).toHaveBeenLastCalledWith({ kind: 'failed', message: 'Unexpected payment status: canceled' }));
  });

  it("shows the server's message when the intent cannot be created, and never confirms", async () => {
    serverAnswers(400, { error: 'gateway_not_configured', message: 'Payment method not available', fields: {} });
    const { props } = renderEntry();
    fireEvent.click(await readyAndComplete());
    await waitFor(() => expect(props.onOutcome).toHaveBeenCalledWith({ kind: 'failed', message: 'Payment method not available' }));
    expect(fake.confirmPayment).not.toHaveBeenCalled();
  });

  it("shows Stripe's own field error from elements.submit() and stops before the page's order", async () => {
    const { props } = renderEntry();
    await readyAndComplete();
    fake.submit.mockResolvedValueOnce({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your card number is incomplete.');
    expect(props.prepare).not.toHaveBeenCalled();
    expect(props.onOutcome).not.toHaveBeenCalled();
  });

  it('stops quietly when the page answers no target (its own form has errors)', async () => {
    const { props } = renderEntry({ prepare: vi.fn(async () => null) });
    fireEvent.click(await readyAndComplete());
    await waitFor(() => expect(props.prepare).toHaveBeenCalled());
    await waitFor(() => expect((screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement).disabled).toBe(false));
    expect(fetchCalls).toEqual([]);
    expect(props.onOutcome).not.toHaveBeenCalled();
  });

  it('keeps the pending payment for the verify page when Stripe leaves for a redirect', async () => {
    const quoteTarget: PaymentTarget = { kind: 'quote', quoteId: 3, token: 'qt', amount: 20, payer };
    const { props } = renderEntry({ prepare: vi.fn(async () => quoteTarget) });
    await readyAndComplete();
    fake.confirmPayment.mockReturnValueOnce(new Promise(() => {})); // the browser is navigating away
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(fake.confirmPayment).toHaveBeenCalled());
    expect(readPendingPayment()).toEqual({ target: quoteTarget, method: 'stripe-card' });
    expect(JSON.parse(fetchCalls[0]!.init.body as string)).toEqual({ metadata: { quoteId: 3 }, amount: 20, availableMethods: ['card'], receiptEmail: 'ann@example.com' });
    expect((screen.getByRole('button', { name: 'Processing…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(props.onOutcome).not.toHaveBeenCalled();
  });

  it('says the form could not be loaded when Stripe.js does not load', async () => {
    fake.loadStripe = vi.fn(async () => {
      throw new Error('Failed to load Stripe.js');
    });
    renderEntry();
    expect((await screen.findByRole('alert')).textContent).toBe('The payment form could not be loaded. Please check your connection and reload the page.');
    expect((screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('attachOrderToStripeIntent', () => {
  it('patches the paid intent with the order made from the quote, proved by the quote link token', async () => {
    serverAnswers(200, { success: true, paymentIntent: {} });
    const target: PaymentTarget = { kind: 'quote', quoteId: 3, token: 'qt', payer };
    await attachOrderToStripeIntent(api, target, 'pi_123', { orderId: 12, orderIncrementId: '000000012', paymentId: 5 });
    expect(fetchCalls[0]!.init.method).toBe('PATCH');
    expect((fetchCalls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer qt');
    expect(JSON.parse(fetchCalls[0]!.init.body as string)).toEqual({
      paymentIntentId: 'pi_123',
      metadata: { quoteId: '3', orderId: '12', orderIncrementId: '000000012', paymentId: '5' },
    });
  });
});
