/**
 * Tests only: a stand-in for the account endpoints behind `fetch` (one signed-in customer), so the
 * blocks' tests run the real API client and see the server's answers and messages.
 */
import { vi } from 'vitest';
import type { AccountRecord, SavedAddress } from './account-api';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function address(id: number, patch: Partial<SavedAddress> = {}): SavedAddress {
  return {
    id,
    type: 'shipping',
    firstName: 'Jane',
    lastName: 'Walker',
    company: '',
    street1: `${id} Oak Street`,
    street2: '',
    city: 'Dallas',
    state: 'TX',
    zipCode: '75201',
    countryId: 'US',
    phoneNumber: '2145550100',
    email: 'jane@example.com',
    isDefault: false,
    isDefaultShipping: false,
    isDefaultBilling: false,
    ...patch,
  };
}

export const sampleOrder: AccountRecord = {
  id: 12,
  orderIncrementId: '100000012',
  createdAt: '2026-11-02T15:04:05.000Z',
  status: 'holded',
  items: [{ id: 1, name: 'Shaker door sample', sku: 'SMP-SHK', qty: 1, price: 9.5, rowTotal: 9.5, customOptions: [{ type: 'Finish', label: 'Walnut' }] }],
  subtotal: 9.5,
  shippingAmount: 12,
  taxAmount: 1.78,
  total: 23.28,
  addresses: [
    { id: 1, type: 'billing', firstName: 'Jane', lastName: 'Walker', street1: '1 Bill Road', city: 'Dallas', state: 'TX', zipCode: '75201', countryId: 'US', phoneNumber: '2145550100', email: 'jane@example.com' },
    { id: 2, type: 'shipping', firstName: 'Jane', lastName: 'Walker', street1: '2 Ship Lane', city: 'Austin', state: 'TX', zipCode: '78701', countryId: 'US', phoneNumber: '5125550199' },
  ],
  payments: [{ id: 5, status: 'completed', amount: 10, methodLabel: 'Credit Card' }],
  shippingLabel: 'Flat rate',
  payment: { method: 'test', methodLabel: 'Credit Card' },
  splitPaymentEnabled: true,
  remainingBalance: 13.28,
  email: 'jane@example.com',
};

export interface FakeAccountOptions {
  addresses?: SavedAddress[];
  orders?: number;
  order?: AccountRecord | null;
  quote?: AccountRecord | null;
  /** Answer DELETE with this status and body once. */
  deleteAnswer?: { status: number; body: unknown } | 'network';
  signedOut?: boolean;
}

export function fakeAccountServer(options: FakeAccountOptions = {}) {
  let addresses = [...(options.addresses ?? [])];
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    if (options.signedOut) return json(401, { error: 'unauthorized', message: 'Please sign in to continue.' });
    const path = url.pathname;
    if (path === '/api/my-account/me') {
      return json(200, {
        success: true,
        data: {
          user: { email: 'jane@example.com', firstName: 'Jane', lastName: 'Walker', phone: null, customer: 3 },
          customer: { id: 3, email: 'jane@example.com', firstName: 'Jane', lastName: 'Walker', addresses, defaultShipping: null, defaultBilling: null },
        },
      });
    }
    if (path === '/api/my-account/logout') return json(200, { success: true, message: 'Signed out.' });
    if (path === '/api/my-account/address' && method === 'GET') return json(200, { success: true, data: addresses });
    if (path === '/api/my-account/address' && method === 'POST') {
      const created = address(100, body as Partial<SavedAddress>);
      addresses.push(created);
      return json(201, { success: true, message: 'Address saved.', data: created });
    }
    const one = /^\/api\/my-account\/address\/(\d+)$/.exec(path);
    if (one) {
      const id = Number(one[1]);
      const found = addresses.find((a) => a.id === id);
      if (!found) return json(404, { error: 'not_found', message: 'Address not found.' });
      if (method === 'DELETE') {
        const answer = options.deleteAnswer;
        if (answer === 'network') throw new TypeError('Failed to fetch');
        if (answer) return json(answer.status, answer.body);
        addresses = addresses.filter((a) => a.id !== id);
        return json(200, { success: true, message: 'Address deleted.' });
      }
      if (method === 'PATCH') {
        const b = body ?? {};
        addresses = addresses.map((a) => ({
          ...a,
          ...(a.id === id ? (b as Partial<SavedAddress>) : {}),
          isDefaultShipping: b.defaultShipping === true ? a.id === id : a.isDefaultShipping,
          isDefaultBilling: b.defaultBilling === true ? a.id === id : a.isDefaultBilling,
        }));
        return json(200, { success: true, message: 'Address saved.', data: addresses.find((a) => a.id === id) });
      }
      return json(200, { success: true, data: found });
    }
    if (path === '/api/my-account/orders' || path === '/api/my-account/quotes') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
      const total = options.orders ?? 0;
      const items = Array.from({ length: Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize)) }, (_, i) => {
        const n = total - (page - 1) * pageSize - i;
        return path.endsWith('orders')
          ? { id: n, orderIncrementId: String(100000000 + n), createdAt: '2026-11-02T15:04:05.000Z', status: 'ordered', total: 10 * n, totalItemCount: 1 }
          : { id: n, quoteIncrementId: `Q${n}`, createdAt: '2026-11-02T15:04:05.000Z', status: 'ready_to_order', total: 10 * n, poNumber: '' };
      });
      return json(200, { success: true, data: { items, total, page, pageSize } });
    }
    const detail = /^\/api\/my-account\/(orders|quotes)\/(.+)$/.exec(path);
    if (detail) {
      const record = detail[1] === 'orders' ? options.order : options.quote;
      if (record === undefined) return json(500, { error: 'internal', message: 'Failed to fetch quote' });
      if (record === null) return json(404, { error: 'not_found', message: detail[1] === 'orders' ? 'Order not found.' : 'Quote not found.' });
      return json(200, { success: true, data: record });
    }
    return json(404, { error: 'not_found', message: 'No such endpoint.' });
  });
  return { fetch, calls, addresses: () => addresses };
}
