// @vitest-environment jsdom
/**
 * The checkout component (jsdom) against the real store, in-process (its API, SQLite, the offline
 * test gateway), here in e2e/ because it imports both the widgets and the server: a declined card keeps the order, a good card pays the same order, and the server ends
 * with one order, its payments (one failed, one completed) and status ordered. Proves that what the
 * component sends (payload, Idempotency-Key, token, PATCH) is what the server takes.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import Database from 'better-sqlite3';
import { createElement } from 'react';
import { skus } from '../server/api/commerce-test-kit';
import { startTestServer, type TestServer } from '../server/testing/test-server';
import { createApiClient } from '../widgets/api-client';
import { cartStorageKey, sampleCart } from '../widgets/cart-store/sample-cart';
import { Checkout } from '../widgets/checkout/Checkout';
import { serverCharge } from '../widgets/checkout/testing/server-charge-entry';

vi.mock('../widgets/payment/gateway-entries', async () => {
  const { ServerChargeEntry } = await import('../widgets/checkout/testing/server-charge-entry');
  const load = async () => ServerChargeEntry;
  return { gatewayEntries: { test: load, stripe: load, paypal: load, authorizenet: load } };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const fill = (label: string, value: string) => {
  const input = within(screen.getByRole('group', { name: 'Billing address' })).getByLabelText(new RegExp(`^${label}`));
  fireEvent.change(input, { target: { value } });
};

describe('checkout against the store', () => {
  it('a declined card keeps the order; a good card pays the same one: one order, a failed and a completed payment', async () => {
    const [sku] = skus(1);
    sampleCart(cartStorageKey(server.url)).add([{ sku: sku!, name: 'Sample' }]);
    const placed: { orderNumber: string }[] = [];
    document.addEventListener('showroom:order-placed', (e) => placed.push((e as CustomEvent).detail));
    const host = document.createElement('div');
    document.body.append(host);
    const navigate = vi.fn();
    render(createElement(Checkout, { element: host, api: createApiClient(server.url), apiBase: server.url, successUrl: '/order/success', navigate }));

    for (const [label, value] of Object.entries({ 'First name': 'Ada', 'Last name': 'Lovelace', Email: 'ada.checkout@example.com', Phone: '5125550100', 'Address line 1': '1 Main St', City: 'Austin', State: 'TX', 'ZIP code': '78701' })) fill(label, value);
    await waitFor(() => expect(screen.getByTestId('shipping-method').textContent).toMatch(/\$\d/), { timeout: 5000 });

    serverCharge.cards.push('4000000000000002', '4242424242424242');
    fireEvent.click(await screen.findByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Your card was declined.', {}, { timeout: 5000 })).toBeTruthy();
    const { order } = JSON.parse(sessionStorage.getItem(`showroom:checkout:${cartStorageKey(server.url)}`)!) as { order: { id: number; accessToken: string } };

    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/order/success'), { timeout: 5000 });
    expect(placed).toHaveLength(1);

    const view = await fetch(`${server.url}/api/order/view/${order.id}`, { headers: { Authorization: `Bearer ${order.accessToken}` } });
    const { data } = (await view.json()) as { data: { status: string; orderIncrementId: string; payments: { status: string }[] } };
    expect(data.status).toBe('ordered');
    expect(data.orderIncrementId).toBe(placed[0]!.orderNumber);
    expect(data.payments.map((p) => p.status).sort()).toEqual(['completed', 'failed']);
    expect(JSON.parse(localStorage.getItem('order-success')!)).toEqual({ orderId: data.orderIncrementId });
    const db = new Database(server.databaseFile, { readonly: true });
    try {
      expect(db.prepare('SELECT COUNT(*) AS n FROM sales_order WHERE email = ?').get('ada.checkout@example.com')).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  });
});
