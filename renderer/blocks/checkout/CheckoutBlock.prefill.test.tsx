// @vitest-environment jsdom
/**
 * The checkout block in the browser asks for the signed-in prefill only when the account pages'
 * hint says a customer may be signed in: a guest's checkout makes no call sure to answer 401 (which
 * Chromium would log as a failed load on every guest's /checkout). A 401 with the hint set means the
 * session is gone: the form stays a guest's and the stale hint is cleared.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_CART_KEY, sampleCart } from '../../../widgets/cart-store/sample-cart';
import { serveShop, type RecordedCall } from '../../../widgets/checkout/testing/fake-shop-api';
import { SIGNED_IN_KEY } from '../account/signed-in-hint';
import { CheckoutBlock } from './CheckoutBlock';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const prefillCalls = (all: RecordedCall[]) => all.filter((c) => c.method === 'GET' && c.path === '/api/my-account/checkout-prefill');

async function mountBlock() {
  sampleCart(SAMPLE_CART_KEY).add([{ sku: 'HS-W', name: 'Sample HS-W', finish: { type: 'painted', value: 'white' } }]);
  render(<CheckoutBlock block={{ type: 'checkout', id: 'checkout' }} data={undefined} />);
  // The cart priced by the server: the component is mounted and its first calls are made.
  await screen.findByText('(1 item)');
}

describe('the checkout block and the signed-in hint', () => {
  it('a guest (no hint) gets no prefill call at all', async () => {
    const all = serveShop();
    await mountBlock();
    expect(prefillCalls(all)).toEqual([]);
    expect(all.length).toBeGreaterThan(0);
  });

  it('with the hint it asks; a 401 leaves the form empty and clears the stale hint', async () => {
    localStorage.setItem(SIGNED_IN_KEY, '1');
    const all = serveShop();
    await mountBlock();
    await waitFor(() => expect(prefillCalls(all)).toHaveLength(1));
    await waitFor(() => expect(localStorage.getItem(SIGNED_IN_KEY)).toBeNull());
    expect((screen.getAllByLabelText(/^First name/)[0] as HTMLInputElement).value).toBe('');
  });

  it('with the hint and a session it fills the form and keeps the hint', async () => {
    localStorage.setItem(SIGNED_IN_KEY, '1');
    serveShop({ 'GET /api/my-account/checkout-prefill': () => ({ status: 200, body: { success: true, data: { bill_first_name: 'Ada', bill_email: 'ada@example.com' } } }) });
    await mountBlock();
    await waitFor(() => expect((screen.getAllByLabelText(/^First name/)[0] as HTMLInputElement).value).toBe('Ada'));
    expect(localStorage.getItem(SIGNED_IN_KEY)).toBe('1');
  });
});
