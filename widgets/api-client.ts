/**
 * The one small client the browser uses to talk to the Showroom API, on the main site and inside
 * widgets on dealer sites. Errors arrive as ApiRequestError with the server's message and fields.
 *
 * A widget on a dealer's page names its dealer (`dealer="..."`): the client then sends the
 * `X-Showroom-Dealer` header on every call, so the server can attribute estimates and orders to that
 * dealer and accept the call only from that dealer's origins. A header, not a query or body field,
 * so one server middleware sees it on every endpoint without touching each endpoint's validation.
 */
import { recordRefusal, recordUnreached, REFUSAL_CODES } from './dealer-refusal';

export const DEALER_HEADER = 'X-Showroom-Dealer';

export interface ApiClientOptions {
  /** The dealer's id from the store's dealers file; sent as X-Showroom-Dealer on every call. */
  dealer?: string;
  fetchImpl?: typeof fetch;
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** The rest of the error body (a payment's `status`, `transactionId`, `nextAction` ...). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export interface ApiClient {
  /** `headers` carry a read's proof of ownership (a quote link's token as `Authorization: Bearer`). */
  get<T>(path: string, query?: Record<string, string | undefined>, headers?: Record<string, string>): Promise<T>;
  send<T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
}

export function createApiClient(apiBase: string, options: ApiClientOptions = {}): ApiClient {
  const base = apiBase.replace(/\/$/, '');
  const fetchImpl = options.fetchImpl ?? ((...a) => fetch(...a));
  const dealerHeaders: Record<string, string> = options.dealer ? { [DEALER_HEADER]: options.dealer } : {};

  async function request<T>(method: string, path: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(base + path, { ...init, method });
    } catch {
      if (!options.dealer) recordUnreached(base);
      throw new ApiRequestError(0, 'network_error', 'The server could not be reached. Please check your connection and try again.');
    }
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok) {
      const error = new ApiRequestError(
        response.status,
        typeof body?.error === 'string' ? body.error : 'http_error',
        typeof body?.message === 'string' ? body.message : 'Something went wrong. Plase try again later.',
        (body?.fields as Record<string, string> | undefined) ?? {},
        body ?? {},
      );
      // The store refused this page for its dealer: every element of the page says so (dealer-refusal.ts).
      if (options.dealer && response.status === 403 && REFUSAL_CODES.has(error.code)) recordRefusal(base, options.dealer, error.code, error.message);
      throw error;
    }
    return body as T;
  }

  return {
    get(path, query, headers = {}) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, v);
      const qs = params.toString();
      return request('GET', qs ? `${path}?${qs}` : path, { headers: { Accept: 'application/json', ...dealerHeaders, ...headers } });
    },
    send(method, path, body, headers = {}) {
      return request(method, path, {
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...dealerHeaders, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    },
  };
}
