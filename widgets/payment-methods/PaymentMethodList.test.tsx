// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api-client';
import { PaymentMethodList } from './PaymentMethodList';

const api = createApiClient('http://shop.test');

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const methods = [
  { name: 'card', title: 'Card', enabled: true, gateway: 'test', isDefault: false },
  { name: 'paypal', title: 'PayPal', description: 'Pay with PayPal', enabled: true, gateway: 'paypal', isDefault: true },
];

describe('PaymentMethodList', () => {
  it('shows a loading state, then the methods with the default preselected', async () => {
    answer(200, { success: true, paymentMethods: methods });
    render(<PaymentMethodList api={api} scope="sample-order" />);
    expect(screen.getByText('Loading payment methods…')).toBeTruthy();
    const paypal = (await screen.findByLabelText(/PayPal/)) as HTMLInputElement;
    expect(paypal.checked).toBe(true);
    expect((screen.getByLabelText(/Card/) as HTMLInputElement).checked).toBe(false);
    expect(vi.mocked(fetch).mock.calls[0]![0]).toBe('http://shop.test/api/payment-methods?scope=sample-order');
  });

  it('announces the choice with a composed showroom event', async () => {
    answer(200, { success: true, paymentMethods: methods });
    const { container } = render(<PaymentMethodList api={api} />);
    const seen: unknown[] = [];
    container.addEventListener('showroom:payment-method-selected', (e) => seen.push((e as CustomEvent).detail));
    fireEvent.click(await screen.findByLabelText(/Card/));
    expect(seen).toEqual([{ name: 'card' }]);
  });

  it('tells the page the preselected method, then each choice, and locks while disabled', async () => {
    answer(200, { success: true, paymentMethods: methods });
    const onSelect = vi.fn();
    const { rerender } = render(<PaymentMethodList api={api} onSelect={onSelect} />);
    fireEvent.click(await screen.findByLabelText(/Card/));
    expect(onSelect.mock.calls.map(([m]) => m.name)).toEqual(['paypal', 'card']);
    rerender(<PaymentMethodList api={api} onSelect={onSelect} disabled />);
    expect((screen.getByRole('group') as HTMLFieldSetElement).disabled).toBe(true);
  });

  it('says so when no method is offered', async () => {
    answer(200, { success: true, paymentMethods: [] });
    render(<PaymentMethodList api={api} />);
    expect(await screen.findByText('No payment methods are available right now.')).toBeTruthy();
  });

  it("shows the server's message on an error", async () => {
    answer(400, { error: 'invalid_scope', message: 'Unknown payment scope.' });
    render(<PaymentMethodList api={api} scope="nope" />);
    expect((await screen.findByRole('alert')).textContent).toBe('Unknown payment scope.');
  });
});
