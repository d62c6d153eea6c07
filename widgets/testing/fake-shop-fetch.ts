/**
 * A fetch stand-in for the money pages' jsdom tests: answers by "METHOD /path" with a status and a
 * body (or a function of the request), and records every call with its headers and JSON body, so a
 * test asserts on the proof each call carried.
 */
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status: number; body: unknown };
type Route = Answer | ((call: RecordedCall) => Answer);

export function fakeShopFetch(routes: Record<string, Route | Route[]>) {
  const calls: RecordedCall[] = [];
  const served: Record<string, number> = {};
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    const route = routes[key];
    if (!route) return new Response(JSON.stringify({ error: 'not_found', message: `No route ${key}` }), { status: 404 });
    // A list answers in turn, its last answer repeating.
    const n = (served[key] = (served[key] ?? 0) + 1);
    const chosen = Array.isArray(route) ? route[Math.min(n, route.length) - 1]! : route;
    const answer = typeof chosen === 'function' ? chosen(call) : chosen;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  return { fetchImpl, calls };
}
