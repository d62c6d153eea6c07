// @vitest-environment jsdom
/**
 * The checkout component (jsdom) against the real store (its API, SQLite, the offline test gateway,
 * the accounts), in e2e/ because it uses both the widgets and the server. A declined card keeps the
 * order and a good card pays the same one: one order in the database, a failed and a completed
 * payment, status ordered. A signed-in customer gets the prefill and the order is theirs. Proves that
 * what the component sends (payload, Idempotency-Key, tokens, PATCH) is what the server takes.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { createElement } from 'react';
import { skus } from '../server/api/commerce-test-kit';
import { createApiClient } from '../widgets/api-client';
import { cartStorageKey, sampleCart } from '../widgets/cart-store/sample-cart';
import { Checkout } from '../widgets/checkout/Checkout';
import { serverCharge } from '../widgets/checkout/testing/server-charge-entry';
import { withServerDatabase } from './server-database';
import { scaledMs } from '../scripts/test-calibration';

vi.mock('../widgets/payment/gateway-entries', async () => {
  const { ServerChargeEntry } = await import('../widgets/checkout/testing/server-charge-entry');
  const load = async () => ServerChargeEntry;
  return { gatewayEntries: { test: load, stripe: load, paypal: load, authorizenet: load } };
});

/** The store in its own process (e2e/serve-test-store.ts says why). */
let store: ChildProcess;
let server: { url: string; databaseUrl: string };
beforeAll(async () => {
  store = spawn(path.join('node_modules', '.bin', 'tsx'), [path.join('e2e', 'serve-test-store.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: store.stdout! })[Symbol.asyncIterator]();
  const first = await lines.next();
  server = JSON.parse(String(first.value)) as typeof server;
});
afterAll(async () => {
  if (!store || store.exitCode !== null) return;
  const exited = new Promise((resolve) => store.once('exit', resolve));
  store.kill('SIGTERM');
  await exited;
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
    await waitFor(() => expect(screen.getByTestId('shipping-method').textContent).toMatch(/\$\d/), { timeout: scaledMs(5000) });

    serverCharge.cards.push('4000000000000002', '4242424242424242');
    fireEvent.click(await screen.findByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Your card was declined.', {}, { timeout: scaledMs(5000) })).toBeTruthy();
    const { order } = JSON.parse(sessionStorage.getItem(`showroom:checkout:${cartStorageKey(server.url)}`)!) as { order: { id: number; accessToken: string } };

    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/order/success'), { timeout: scaledMs(5000) });
    expect(placed).toHaveLength(1);

    const view = await fetch(`${server.url}/api/order/view/${order.id}`, { headers: { Authorization: `Bearer ${order.accessToken}` } });
    const { data } = (await view.json()) as { data: { status: string; orderIncrementId: string; payments: { status: string }[] } };
    expect(data.status).toBe('ordered');
    expect(data.orderIncrementId).toBe(placed[0]!.orderNumber);
    expect(data.payments.map((p) => p.status).sort()).toEqual(['completed', 'failed']);
    expect(JSON.parse(localStorage.getItem('order-success')!)).toEqual({ orderId: data.orderIncrementId });
    const stored = await withServerDatabase(server.databaseUrl, (q) =>
      q.first(q.db.selectFrom('sales_order').select((eb) => eb.fn.countAll<number>().as('n')).where('email', '=', 'ada.checkout@example.com')),
    );
    expect(stored).toEqual({ n: 1 });
  });

  it("a signed-in customer: prefilled from the default addresses, the e-mail locked, and the order is the customer's", async () => {
    const email = 'grace.checkout@example.com';
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(server.url + path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    expect((await post('/api/my-account/register', { email, password: 'a long enough passphrase', firstName: 'Grace', lastName: 'Hopper' })).status).toBe(202);
    const { accessToken } = (await (await post('/api/my-account/login', { email, password: 'a long enough passphrase' })).json()) as { accessToken: string };
    const address = { firstName: 'Grace', lastName: 'Hopper', street1: '9 Navy Way', city: 'Arlington', state: 'VA', zipCode: '22201', countryId: 'US', phoneNumber: '7035550100' };
    expect((await post('/api/my-account/address', { ...address, type: 'billing', isDefault: true, defaultShipping: true }, { Authorization: `Bearer ${accessToken}` })).status).toBe(201);

    // The browser sends the session cookie; here the sign-in's bearer token stands in for it
    // (never over a call that carries the order's own token).
    const fetchImpl: typeof fetch = (input, init = {}) => {
      const headers = { ...(init.headers as Record<string, string>) };
      headers.Authorization ??= `Bearer ${accessToken}`;
      return fetch(input, { ...init, headers });
    };
    const [sku] = skus(1);
    sampleCart(cartStorageKey(server.url)).add([{ sku: sku!, name: 'Sample' }]);
    const host = document.createElement('div');
    document.body.append(host);
    const navigate = vi.fn();
    render(createElement(Checkout, { element: host, api: createApiClient(server.url, { fetchImpl }), apiBase: server.url, successUrl: '/order/success', prefill: true, navigate }));

    const billing = within(screen.getByRole('group', { name: 'Billing address' }));
    await waitFor(() => expect((billing.getByLabelText(/^Address line 1/) as HTMLInputElement).value).toBe('9 Navy Way'), { timeout: scaledMs(5000) });
    expect((billing.getByLabelText(/^Email/) as HTMLInputElement).value).toBe(email);
    expect((billing.getByLabelText(/^Email/) as HTMLInputElement).disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId('shipping-method').textContent).toMatch(/\$\d/), { timeout: scaledMs(5000) });
    serverCharge.cards.push('4242424242424242');
    fireEvent.click(await screen.findByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/order/success'), { timeout: scaledMs(5000) });

    const row = (await withServerDatabase(server.databaseUrl, (q) => q.first(q.db.selectFrom('sales_order').select(['customer_id', 'customer_is_guest', 'status']).where('email', '=', email))))!;
    expect(row.customer_is_guest).toBe(0);
    expect(row.customer_id).not.toBeNull();
    expect(row.status).toBe('ordered');
  });
});
