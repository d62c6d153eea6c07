/**
 * The store's API as the checkout's jsdom tests see it: a fetch stub answering the calls the
 * checkout makes, recording each request (method, path, headers, body) for the assertions.
 */
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
export type Route = (call: RecordedCall) => Answer;

export const AWAITING = 'Shipping will be calculated after entering address.';
export const NO_METHODS = 'Sorry, no shipping methods are available for the selected shipping address. Please try using a different address, as you will not be able to proceed without selecting a shipping method.';

/** A cart's totals as the server answers them: $10 ground shipping, 8.25% tax in TX, none for AK. */
export function totalsFor(body: Record<string, unknown> | undefined) {
  const items = (body?.items as { sku: string; qty: number }[]) ?? [];
  const address = body?.address as { state: string; zipCode: string } | undefined;
  const subtotal = items.length * 19.99;
  const applied = !!address && address.state !== 'AK';
  const shippingCost = applied ? 10 : 0;
  const taxAmount = applied && address.state === 'TX' ? Math.round((subtotal + shippingCost) * 8.25) / 100 : 0;
  return {
    success: true,
    items: items.map((i) => ({ sku: i.sku, name: `Sample ${i.sku}`, price: 19.99, qty: i.qty, rowTotal: 19.99 })),
    subtotal,
    shippingCost,
    shippingMethod: applied ? { type: 'flat', displayName: 'Ground', description: '', rate: 10 } : null,
    shippingAvailable: applied,
    shippingMessage: applied ? null : address ? NO_METHODS : AWAITING,
    taxAmount,
    taxDetails: { taxTotal: taxAmount, taxPercent: taxAmount ? 8.25 : 0 },
    total: Math.round((subtotal + shippingCost + taxAmount) * 100) / 100,
    totalItemCount: items.length,
  };
}

export const defaultRoutes: Record<string, Route> = {
  'GET /api/payment-methods': () => ({ status: 200, body: { success: true, paymentMethods: [{ name: 'card', title: 'Credit card', gateway: 'test', enabled: true, isDefault: true }] } }),
  'POST /api/cart/totals': (c) => ({ status: 200, body: totalsFor(c.body) }),
  'POST /api/order': () => ({ status: 201, body: { id: 7, orderIncrementId: '000000007', status: 'pending', total: 29.99, accessToken: 'order-token-7' } }),
  'PATCH /api/order': (c) => ({ status: 200, body: { success: true, message: 'Order paid.', order: { id: c.body?.id, orderIncrementId: '000000007', status: 'ordered', total: 29.99 } } }),
  'GET /api/my-account/checkout-prefill': () => ({ status: 401, body: { error: 'unauthorized', message: 'Please sign in.' } }),
};

export function serveShop(overrides: Record<string, Route> = {}): RecordedCall[] {
  const routes = { ...defaultRoutes, ...overrides };
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = new URL(url).pathname;
      const call: RecordedCall = { method, path, headers: (init.headers as Record<string, string>) ?? {}, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const route = routes[`${method} ${path}`];
      const answer = route ? await route(call) : { status: 404, body: { error: 'not_found', message: 'No such API endpoint.' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}
