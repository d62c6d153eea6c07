/**
 * Review's endpoints against an attacker: no session, a customer's session, a forged studio cookie,
 * each role below the one needed (a viewer submitting, an editor sending back or publishing), a
 * write from a foreign Origin, another editor's change (submitted again or withdrawn by someone
 * else), and malformed ids and bodies. Each refusal changes no change, publishes nothing, writes
 * no audit line and sends no mail; nothing answers a 500.
 *
 * @engines sqlite: who may call is decided before any query of the reviews.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../api/my-account-test-kit';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

type Json = Record<string, any>;
type Headers = Record<string, string>;

let server: TestServer;
let origin: string;
const as = {} as Record<'viewer' | 'editor' | 'otherEditor' | 'publisher' | 'customer', Headers>;
let changeId: number;

async function call(headers: Headers, method: string, pathname: string, body?: unknown): Promise<{ status: number; body: Json; text: string }> {
  const res = await fetch(new URL(pathname, server.url), {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Json = {};
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, text };
}

/** What an attack must leave as it was: the changes and their threads, the versions, the audit log of reviews, the mails. */
async function snapshot() {
  const q = server.q;
  return {
    reviews: await q.all(q.db.selectFrom('studio_review').select(['id', 'status', 'note', 'decided_by', 'version_id', 'author_seen']).orderBy('id')),
    files: await q.all(q.db.selectFrom('studio_review_file').select(['review_id', 'path', 'text']).orderBy('id')),
    events: (await q.all(q.db.selectFrom('studio_review_event').select('id'))).length,
    versions: (await q.all(q.db.selectFrom('content_version').select('id'))).length,
    audit: (await q.all(q.db.selectFrom('studio_audit').select('id').where('action', 'like', 'review.%'))).length,
    mails: (await q.all(q.db.selectFrom('mail_outbox').select('id'))).length,
  };
}

type Call = [method: string, pathname: string, body?: unknown];
const calls = (): Call[] => [
  ['GET', '/api/studio/reviews'],
  ['GET', '/api/studio/reviews/counts'],
  ['GET', `/api/studio/reviews/${changeId}`],
  ['POST', '/api/studio/reviews', { paths: ['pages/about-us.json'], note: 'attack' }],
  ['POST', `/api/studio/reviews/${changeId}/resubmit`, { note: 'attack' }],
  ['POST', `/api/studio/reviews/${changeId}/withdraw`],
  ['POST', `/api/studio/reviews/${changeId}/send-back`, { comment: 'attack' }],
  ['POST', `/api/studio/reviews/${changeId}/publish`, { revision: 'any' }],
];

beforeAll(async () => {
  server = await startTestServer({ CONTENT_POLL_MS: '0' }, { contentChanges: {} });
  origin = new URL(server.url).origin;
  as.viewer = (await signInOperator(server, 'viewer')).headers;
  as.editor = (await signInOperator(server, 'editor')).headers;
  as.otherEditor = (await signInOperator(server, 'editor')).headers;
  as.publisher = (await signInOperator(server, 'publisher')).headers;
  as.customer = { Cookie: (await signedUp(server.url)).browser.cookie!, Origin: origin };
  // The editor's change, waiting for review, with an e-mail asked for.
  const opened = (await call(as.editor, 'GET', '/api/studio/file?path=pages/about-us.json')).body.data;
  const value = JSON.parse(opened.published.text) as Json;
  value.metadata.title = 'About the editor';
  expect((await call(as.editor, 'PUT', '/api/studio/draft', { path: 'pages/about-us.json', text: JSON.stringify(value), baseHash: opened.published.hash })).status).toBe(200);
  const submitted = await call(as.editor, 'POST', '/api/studio/reviews', { paths: ['pages/about-us.json'], note: 'About us', notifyByEmail: true });
  expect(submitted.status, submitted.text).toBe(201);
  changeId = submitted.body.data.review.id;
});

afterAll(async () => {
  await server?.stop();
});

describe('who may call', () => {
  it('refuses every review endpoint without a studio session, with a customer\'s session and with a forged cookie', async () => {
    const before = await snapshot();
    for (const [method, pathname, body] of calls()) {
      expect((await call({ Origin: origin }, method, pathname, body)).status, `${method} ${pathname} without a session`).toBe(401);
      expect((await call(as.customer, method, pathname, body)).status, `${method} ${pathname} as a customer`).toBe(401);
      expect((await call({ Origin: origin, Cookie: 'showroom_studio=forged-session-id' }, method, pathname, body)).status, `${method} ${pathname} forged`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets a viewer read, never submit, withdraw, send back or publish', async () => {
    const before = await snapshot();
    for (const [method, pathname, body] of calls()) {
      const res = await call(as.viewer, method, pathname, body);
      expect(res.status, `${method} ${pathname} as a viewer`).toBe(method === 'GET' ? 200 : 403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets an editor submit, never send back or publish', async () => {
    const before = await snapshot();
    expect((await call(as.editor, 'POST', `/api/studio/reviews/${changeId}/send-back`, { comment: 'myself' })).status).toBe(403);
    expect((await call(as.editor, 'POST', `/api/studio/reviews/${changeId}/publish`, { revision: 'any' })).status).toBe(403);
    expect((await call(as.otherEditor, 'POST', `/api/studio/reviews/${changeId}/publish`, { revision: 'any' })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses another editor's change: nobody but its author submits it again or withdraws it", async () => {
    const before = await snapshot();
    const resubmit = await call(as.otherEditor, 'POST', `/api/studio/reviews/${changeId}/resubmit`, { note: 'mine now' });
    expect(resubmit.status).toBe(403);
    expect(resubmit.body.error).toBe('forbidden');
    expect((await call(as.otherEditor, 'POST', `/api/studio/reviews/${changeId}/withdraw`)).status).toBe(403);
    // A publisher is not its author either.
    expect((await call(as.publisher, 'POST', `/api/studio/reviews/${changeId}/withdraw`)).status).toBe(403);
    // Another editor's drafts are not theirs to submit: they have none of the file.
    const foreignDraft = await call(as.otherEditor, 'POST', '/api/studio/reviews', { paths: ['pages/about-us.json'], note: 'theirs' });
    expect(foreignDraft.status).toBe(400);
    expect(foreignDraft.body.fields).toEqual({ 'paths.0': 'You have no draft of this file.' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses every write from a foreign Origin, or with none, even with a good session', async () => {
    const before = await snapshot();
    for (const [method, pathname, body] of calls().filter(([m]) => m === 'POST')) {
      for (const who of [as.editor, as.publisher]) {
        expect((await call({ ...who, Origin: 'https://attacker.example' }, method, pathname, body)).status, `${method} ${pathname} foreign`).toBe(403);
        expect((await call({ Cookie: who.Cookie! }, method, pathname, body)).status, `${method} ${pathname} no Origin`).toBe(403);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('malformed requests', () => {
  it('answers a clear 4xx, stores nothing, and never a 500', async () => {
    const before = await snapshot();
    const bad: [Headers, string, string, unknown, number][] = [
      [as.viewer, 'GET', '/api/studio/reviews/0', undefined, 400],
      [as.viewer, 'GET', '/api/studio/reviews/abc', undefined, 400],
      [as.viewer, 'GET', '/api/studio/reviews/99999999', undefined, 404],
      [as.viewer, 'GET', '/api/studio/reviews?status=lost', undefined, 400],
      [as.viewer, 'GET', '/api/studio/reviews?mine=yes', undefined, 400],
      [as.editor, 'POST', '/api/studio/reviews', {}, 400],
      [as.editor, 'POST', '/api/studio/reviews', { paths: 'pages/about-us.json', note: 'x' }, 400],
      [as.editor, 'POST', '/api/studio/reviews', { paths: [], note: 'x' }, 400],
      [as.editor, 'POST', '/api/studio/reviews', { paths: ['../../etc/passwd'], note: 'x' }, 400],
      [as.editor, 'POST', '/api/studio/reviews', { paths: ['images/x.json'], note: 'x' }, 400],
      [as.editor, 'POST', '/api/studio/reviews', { paths: ['pages/a.json', 'pages/a.json'], note: 'x' }, 400],
      [as.editor, 'POST', '/api/studio/reviews', { paths: ['pages/about-us.json'], note: '   ' }, 400],
      [as.editor, 'POST', '/api/studio/reviews', { paths: ['pages/about-us.json'], note: 'x'.repeat(2001) }, 400],
      [as.editor, 'POST', '/api/studio/reviews', { paths: ['pages/about-us.json'], note: 'x', notifyByEmail: 'yes' }, 400],
      [as.editor, 'POST', '/api/studio/reviews', { paths: ['pages/about-us.json'], note: 'x', author: 'someone' }, 400],
      [as.editor, 'POST', '/api/studio/reviews', 'not json', 400],
      [as.editor, 'POST', `/api/studio/reviews/${changeId}/resubmit`, { note: '' }, 400],
      [as.publisher, 'POST', `/api/studio/reviews/${changeId}/send-back`, {}, 400],
      [as.publisher, 'POST', `/api/studio/reviews/${changeId}/send-back`, { comment: 7 }, 400],
      [as.publisher, 'POST', `/api/studio/reviews/${changeId}/publish`, { revision: 'any', message: 'x'.repeat(501) }, 400],
      [as.publisher, 'POST', `/api/studio/reviews/${changeId}/publish`, {}, 400],
      [as.publisher, 'POST', `/api/studio/reviews/${changeId}/publish`, { revision: 7 }, 400],
      [as.publisher, 'POST', '/api/studio/reviews/99999999/publish', { revision: 'any' }, 404],
      [as.publisher, 'POST', '/api/studio/reviews/99999999/send-back', { comment: 'x' }, 404],
      [as.viewer, 'POST', '/api/studio/preview', { path: 'pages/home.json', text: '{}', review: 'one' }, 400],
      [as.viewer, 'POST', '/api/studio/preview', { path: 'pages/home.json', text: '{}', review: 99999999 }, 404],
    ];
    for (const [who, method, pathname, body, status] of bad) {
      const res = await call(who, method, pathname, body);
      expect(res.status, `${method} ${pathname} ${JSON.stringify(body)}: ${res.text}`).toBe(status);
      expect(res.body.error, res.text).toEqual(expect.any(String));
      expect(res.text).not.toMatch(/at \w+ \(|node_modules|SqliteError/);
    }
    expect(await snapshot()).toEqual(before);
  });
});
