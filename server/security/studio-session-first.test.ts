/**
 * Every studio route proves the caller before it reads what they sent (two operator
 * routes checked the body first, so a stranger got the list of the fields they expect, not a 401).
 * For every endpoint whose contract asks for an operator's session, a stranger (no cookie, a forged
 * one, a customer's) sends a body and a query that are wrong in every way, and path values that
 * are not even numbers: each answer is 401 and names no field.
 *
 * @engines sqlite: who may call is decided before any query or any reading of the request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../schemas/api';
import { signedUp } from '../api/my-account-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
let origin: string;
let customerCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  origin = new URL(server.url).origin;
  customerCookie = (await signedUp(server.url)).browser.cookie!;
});

afterAll(async () => {
  await server?.stop();
});

const studioEndpoints = () => endpoints.filter((e) => e.security?.includes('operatorSession'));

/** The endpoint's path with each parameter given `value`, and a query it does not take. */
const pathWith = (path: string, value: string) => `${path.replace(/:[A-Za-z]+/g, encodeURIComponent(value))}?bogus=${'x'.repeat(3000)}&limit=-1&page=abc`;

describe('a stranger at every studio route', () => {
  it('covers the studio: its operators, content, review, images and back office', () => {
    const paths = studioEndpoints().map((e) => `${e.method} ${e.path}`);
    expect(paths.length).toBeGreaterThan(40);
    for (const expected of ['POST /api/studio/operators', 'PATCH /api/studio/operators/:id', 'GET /api/studio/audit', 'POST /api/studio/reviews/:id/publish', 'POST /api/studio/images']) {
      expect(paths).toContain(expected);
    }
  });

  it('is told 401 before any field list, whatever the body, the query and the path hold', async () => {
    const strangers: [who: string, headers: Record<string, string>][] = [
      ['no session', { Origin: origin }],
      ['a forged studio cookie', { Origin: origin, Cookie: 'showroom_studio=forged-session-id' }],
      ["a customer's session", { Origin: origin, Cookie: customerCookie }],
    ];
    const bodies: unknown[] = [{ bogus: 1, email: 'not an address', role: 'owner', paths: 7, note: '', revision: 12 }, [1, 2, 3], 'not json'];
    const refusedLate: string[] = [];
    for (const e of studioEndpoints()) {
      for (const [who, headers] of strangers) {
        for (const value of ['1', 'not-a-number']) {
          for (const body of e.method === 'GET' ? [undefined] : bodies) {
            const res = await fetch(new URL(pathWith(e.path, value), server.url), {
              method: e.method,
              headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
              body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
            });
            const text = await res.text();
            const answer = (() => {
              try {
                return JSON.parse(text) as { fields?: Record<string, string> };
              } catch {
                return {};
              }
            })();
            if (res.status !== 401 || answer.fields) refusedLate.push(`${e.method} ${e.path} (${who}, ${value}, ${JSON.stringify(body)}): ${res.status} ${text.slice(0, 200)}`);
          }
        }
      }
    }
    expect(refusedLate).toEqual([]);
  });
});
