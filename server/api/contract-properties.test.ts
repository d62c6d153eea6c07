/**
 * Property tests generated from every endpoint's contract (schemas/api/): requests its schemas
 * accept never get a 5xx; requests with exactly one thing wrong get a 4xx whose `fields` name that
 * field, and store nothing. Runs against the whole server, on the run's engine.
 *
 * @engines sqlite postgres: an engine can refuse what the other takes (PostgreSQL refuses a NUL byte in text).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../schemas/api';
import type { Endpoint } from '../../schemas/api/endpoint';
import { openDatabase, type Database } from '../db/database';
import { canBeWrongAsText, nearValid, validValue } from '../testing/schema-arbitrary';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

const RUNS = Number(process.env.CONTRACT_RUNS ?? 20);

let server: TestServer;
let database: Database;
/** An admin's studio session: the studio's endpoints answer 401 before their contract without one. */
let operatorCookie = '';
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'loopback' });
  database = openDatabase(server.databaseUrl);
  operatorCookie = (await signInOperator(server, 'admin')).cookie;
});
afterAll(async () => {
  await database?.close();
  await server?.stop();
});

interface Parts {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
}

/**
 * Path parameters that reach the route: never empty nor a dot segment (either is another path), and the
 * contract's examples where it gives them (a form that exists; a made-up name is a 404 before any check).
 */
function pathParams(schema: { properties?: Record<string, { examples?: unknown[] }> } | undefined): fc.Arbitrary<Record<string, unknown>> {
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    // '.' and '..' are dot segments: the URL drops them, and the request reaches another path.
    record[name] = property.examples?.length ? fc.constantFrom(...property.examples) : validValue(property).filter((v) => String(v).length > 0 && !/^\.{1,2}$/.test(String(v)));
  }
  return fc.record(record);
}

/** A whole request: every part the contract describes, each valid. */
function validRequest(e: Endpoint): fc.Arbitrary<Parts> {
  const r = (e.request ?? {}) as Record<string, object | undefined>;
  const part = (name: string, fallback: unknown) => (r[name] ? validValue(r[name]!) : fc.constant(fallback));
  return fc.record({ params: pathParams(r.params as never), query: part('query', {}), headers: part('headers', {}), body: part('body', undefined) }) as fc.Arbitrary<Parts>;
}

/** Exactly the generated request: no header added but the Origin of the store's own pages. */
async function send(e: Endpoint, parts: Parts): Promise<{ status: number; text: string; body: any }> {
  const path = e.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(parts.params[name] ?? 'x')));
  const query = new URLSearchParams(Object.entries(parts.query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
  const headers: Record<string, string> = { Origin: new URL(server.url).origin };
  if (e.security?.includes('operatorSession')) headers.Cookie = operatorCookie;
  for (const [k, v] of Object.entries(parts.headers)) if (v !== undefined) headers[k] = String(v);
  // Each request from a client of its own, so no rate limit answers before the contract does.
  headers['X-Forwarded-For'] = `10.${counter >> 16 & 255}.${counter >> 8 & 255}.${counter++ & 255}`;
  if (parts.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${server.url}${query ? `${path}?${query}` : path}`, { method: e.method, headers, body: parts.body === undefined ? undefined : JSON.stringify(parts.body), redirect: 'manual' });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, text, body };
}
let counter = 1;

/**
 * Rows per table: what a refused request must leave as it was. Not the rate limits' counters
 * (PostgreSQL keeps them in `rate_limit`): counting a request is what they are for.
 */
async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of (await database.db.introspection.getTables()).filter((t) => t.name !== 'rate_limit')) {
    const row = await database.q.first((database.db as any).selectFrom(table.name).select((eb: any) => eb.fn.countAll().as('n')));
    counts[table.name] = Number((row as { n: number }).n);
  }
  return counts;
}

const withRequests = endpoints.filter((e) => e.request && Object.keys(e.request).length > 0);

describe('every contract, by generated requests', () => {
  it('has endpoints with requests to try', () => {
    expect(endpoints.length).toBeGreaterThan(0);
  });

  for (const e of withRequests) {
    it(`${e.method} ${e.path}: valid requests never get a 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(validRequest(e), async (parts) => {
          const res = await send(e, parts);
          expect(res.status, `${res.status} ${res.text}`).toBeLessThan(500);
        }),
        { numRuns: RUNS },
      );
    });

    // A path without one of its parameters is another path: only the other parts can be one thing wrong.
    const request = e.request as Record<string, Record<string, unknown>>;
    // A body taken only as multipart/form-data (an image upload) has text parts alone, which JSON's
    // wrong types cannot reach: its malformed bodies are the attacker suite's (server/security/studio-images.test.ts).
    const jsonBody = !e.bodyTypes || e.bodyTypes.includes('application/json');
    const wrongParts = (Object.keys(request) as (keyof Parts)[]).filter((p) => (p === 'body' && jsonBody) || (p !== 'params' && p !== 'body' && canBeWrongAsText(request[p]!)));
    for (const part of wrongParts) {
      it(`${e.method} ${e.path}: one thing wrong in the ${part} is a 4xx naming it, and nothing is stored`, async () => {
        const before = await rowCounts();
        await fc.assert(
          fc.asyncProperty(validRequest(e), nearValid(request[part]!, { text: part !== 'body' }), async (parts, wrong) => {
            if (!wrong) return;
            const res = await send(e, { ...parts, [part]: wrong.value });
            if (e.invalid?.describe === false) {
              // An endpoint that must not describe what it refuses answers its one refusal.
              expect([res.status, res.body?.error], `${wrong.how}: ${res.text}`).toEqual([e.invalid.status ?? 400, e.invalid.error]);
              return;
            }
            expect(res.status, `${wrong.how}: ${res.text}`).toBeGreaterThanOrEqual(400);
            expect(res.status, `${wrong.how}: ${res.text}`).toBeLessThan(500);
            // Header names are case-insensitive: the answer may name Idempotency-Key as idempotency-key.
            const named = Object.keys(res.body?.fields ?? {}).map((f) => (part === 'headers' ? f.toLowerCase() : f));
            expect(named, `${wrong.how}: ${res.text}`).toContain(wrong.field);
          }),
          { numRuns: RUNS },
        );
        const after = await rowCounts();
        const changed = Object.keys(after).filter((t) => after[t] !== before[t]).map((t) => `${t}: ${before[t]} -> ${after[t]}`);
        expect(changed).toEqual([]);
      });
    }
  }
});
