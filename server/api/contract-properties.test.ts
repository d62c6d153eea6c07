/**
 * Property tests generated from every endpoint's contract (schemas/api/): requests its schemas
 * accept never get a 5xx; requests with exactly one thing wrong get a 4xx whose `fields` name that
 * field, and store nothing. Runs against the whole server, on the run's engine.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../schemas/api';
import type { Endpoint } from '../../schemas/api/endpoint';
import { openDatabase, type Database } from '../db/database';
import { call, freshClient } from '../security/attacker-kit';
import { nearValid, validValue } from '../testing/schema-arbitrary';
import { startTestServer, type TestServer } from '../testing/test-server';
import { testEnv } from './commerce-test-kit';

const RUNS = Number(process.env.CONTRACT_RUNS ?? 20);

let server: TestServer;
let database: Database;
beforeAll(async () => {
  server = await startTestServer({ ...testEnv, TRUST_PROXY: 'loopback' });
  database = openDatabase(server.databaseUrl);
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

/** A whole request: every part the contract describes, each valid. */
function validRequest(e: Endpoint): fc.Arbitrary<Parts> {
  const r = (e.request ?? {}) as Record<string, object | undefined>;
  const part = (name: string, fallback: unknown) => (r[name] ? validValue(r[name]!) : fc.constant(fallback));
  return fc.record({ params: part('params', {}), query: part('query', {}), headers: part('headers', {}), body: part('body', undefined) }) as fc.Arbitrary<Parts>;
}

function send(e: Endpoint, parts: Parts) {
  const path = e.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(parts.params[name] ?? 'x')));
  const query = new URLSearchParams(Object.entries(parts.query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
  const headers: Record<string, string> = { Origin: new URL(server.url).origin };
  for (const [k, v] of Object.entries(parts.headers)) if (v !== undefined) headers[k] = String(v);
  // Each request from a client of its own, so no rate limit answers before the contract does.
  headers['X-Forwarded-For'] = freshClient().replace(/^127\./, '10.');
  return call(server.url, e.method, query ? `${path}?${query}` : path, { body: parts.body, headers });
}

/** Rows per table: what a refused request must leave as it was. */
async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await database.db.introspection.getTables()) {
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

    for (const part of Object.keys(e.request!) as (keyof Parts)[]) {
      it(`${e.method} ${e.path}: one thing wrong in the ${part} is a 4xx naming it, and nothing is stored`, async () => {
        const before = await rowCounts();
        await fc.assert(
          fc.asyncProperty(validRequest(e), nearValid((e.request as Record<string, object>)[part]!), async (parts, wrong) => {
            const res = await send(e, { ...parts, [part]: wrong.value });
            expect(res.status, `${wrong.how}: ${res.text}`).toBeGreaterThanOrEqual(400);
            expect(res.status, `${wrong.how}: ${res.text}`).toBeLessThan(500);
            expect(Object.keys(res.body?.fields ?? {}), `${wrong.how}: ${res.text}`).toContain(wrong.field);
          }),
          { numRuns: RUNS },
        );
        expect(await rowCounts()).toEqual(before);
      });
    }
  }
});
