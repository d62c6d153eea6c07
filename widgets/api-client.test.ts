import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError, createApiClient, DEALER_HEADER } from './api-client';

function recordingFetch(status = 200, body: unknown = { ok: true }) {
  return vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));
}

describe('the API client', () => {
  it('sends the dealer on every call, GET and POST', async () => {
    const fetchImpl = recordingFetch();
    const api = createApiClient('https://shop.example/', { dealer: 'riverside', fetchImpl });
    await api.get('/api/payment-methods', { scope: 'sample-order', empty: undefined });
    await api.send('POST', '/api/forms/kitchen', { a: 1 }, { 'Idempotency-Key': 'k1' });
    const [[getUrl, getInit], [postUrl, postInit]] = fetchImpl.mock.calls as unknown as [[string, RequestInit], [string, RequestInit]];
    expect(getUrl).toBe('https://shop.example/api/payment-methods?scope=sample-order');
    expect((getInit.headers as Record<string, string>)[DEALER_HEADER]).toBe('riverside');
    expect(postUrl).toBe('https://shop.example/api/forms/kitchen');
    expect(postInit.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json', [DEALER_HEADER]: 'riverside', 'Idempotency-Key': 'k1' });
    expect(postInit.body).toBe('{"a":1}');
  });

  it('sends no dealer header without a dealer (a simple GET needs no CORS preflight)', async () => {
    const fetchImpl = recordingFetch();
    await createApiClient('https://shop.example', { fetchImpl }).get('/api/health');
    expect(fetchImpl.mock.calls[0]![1]!.headers).toEqual({ Accept: 'application/json' });
  });

  it("turns the API's error shape into an ApiRequestError", async () => {
    const fetchImpl = recordingFetch(400, { error: 'invalid_scope', message: 'Unknown payment scope.', fields: { scope: 'Unknown.' } });
    const failure = await createApiClient('https://shop.example', { fetchImpl }).get('/api/payment-methods').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 400, code: 'invalid_scope', message: 'Unknown payment scope.', fields: { scope: 'Unknown.' } });
  });
});
