/**
 * Content that tries to stop the store, as an outside test found it: a field pattern that
 * backtracks for minutes on one visitor's post, an editor's flood of drafts, a viewer's flood of
 * previews, a draft nested thousands of levels deep (a 500, then every later save broken), a draft
 * too large. Each is refused with a message (never a 500), costs nobody else anything, and the next
 * save works.
 *
 * @engines sqlite: the limits here are checked before any query that an engine could change.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InputField } from '../../schemas/forms/form-field.schema';
import { validateFieldValue } from '../../schemas/evaluators/field-validation';
import { DRAFT_BYTES_PER_OPERATOR, DRAFTS_PER_OPERATOR, DRAFTS_TOO_LARGE, PREVIEWS_PER_MINUTE, SAVES_PER_MINUTE, TOO_MANY_DRAFTS, TOO_MANY_PREVIEWS, TOO_MANY_SAVES } from '../studio/draft-limits';
import { useLinearPatterns } from '../services/linear-patterns';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

type Json = Record<string, any>;

let server: TestServer;

beforeAll(async () => {
  // A copy of its own: the publish attempt below must not touch the demo folder.
  server = await startTestServer({}, { contentChanges: {} });
});
afterAll(async () => {
  await server?.stop();
});

async function call(headers: Record<string, string>, method: string, pathname: string, body?: unknown): Promise<{ status: number; body: Json; headers: Headers }> {
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
    // the preview's HTML
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

const published = (path: string) => fs.readFileSync(`${server.contentDir}/${path}`, 'utf8');

/** Puts drafts straight into the table, as a flood of earlier saves would have left them. */
async function storeDrafts(operatorId: number, drafts: { path: string; text: string }[]): Promise<void> {
  const now = new Date().toISOString();
  for (const d of drafts) await server.q.insert('studio_draft', { operator_id: operatorId, path: d.path, text: d.text, revision: 1, base_hash: null, updated_at: now });
}

describe('a field pattern that backtracks', () => {
  const handle: InputField = { type: 'text', name: 'handle', label: 'Handle', pattern: '([a-z]|[a-z0-9])+' };

  it('is refused before it is published, naming the form and the field', async () => {
    const publisher = await signInOperator(server, 'publisher');
    const form = JSON.parse(published('forms/contact.json')) as Json;
    const field = (form.fields as Json[]).findIndex((f) => f.type === 'text');
    form.fields[field].pattern = handle.pattern;
    const saved = await call(publisher.headers, 'PUT', '/api/studio/draft', { path: 'forms/contact.json', text: JSON.stringify(form, null, 2) });
    expect(saved.status).toBe(200);
    const problem = (saved.body.data.problems as Json[]).find((p) => p.pointer === `/fields/${field}/pattern`);
    expect(problem?.message).toContain('can match the same text in many ways');
    const publish = await call(publisher.headers, 'POST', '/api/studio/publish', {});
    expect(publish.status).toBe(422);
    expect(JSON.stringify(publish.body.fields)).toContain('can match the same text in many ways');
    expect(published('forms/contact.json')).not.toContain(handle.pattern!);
  });

  it("cannot stop the server even were it live: the server's engine is linear, a 50-character post and a 100,000-character one answer at once", () => {
    useLinearPatterns();
    // With V8's backtracking RegExp the first value takes minutes; this test would time out.
    expect(validateFieldValue(handle, `${'a'.repeat(50)}!`)).toBe('Handle is not in the expected format');
    expect(validateFieldValue(handle, `${'a1'.repeat(50_000)}!`)).toBe('Handle is not in the expected format');
    expect(validateFieldValue(handle, 'abc123')).toBeNull();
  });
});

describe("an editor's flood of drafts", () => {
  it(`keeps at most ${DRAFTS_PER_OPERATOR} drafts per operator: the next new file is refused, an existing draft still saves`, async () => {
    const editor = await signInOperator(server, 'editor');
    const page = published('pages/about-us.json');
    await storeDrafts(
      editor.id,
      Array.from({ length: DRAFTS_PER_OPERATOR }, (_, i) => ({ path: `pages/flood-${i}.json`, text: page })),
    );
    const refused = await call(editor.headers, 'PUT', '/api/studio/draft', { path: 'pages/one-more.json', text: page });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'drafts_full', message: TOO_MANY_DRAFTS, fields: { path: TOO_MANY_DRAFTS } });
    const count = await server.q.all(server.q.db.selectFrom('studio_draft').select('path').where('operator_id', '=', editor.id));
    expect(count).toHaveLength(DRAFTS_PER_OPERATOR);
    // A draft already there is not a new one: it saves.
    expect((await call(editor.headers, 'PUT', '/api/studio/draft', { path: 'pages/flood-0.json', text: page, revision: 1 })).status).toBe(200);
    // Another operator is not held back by it.
    const other = await signInOperator(server, 'editor');
    expect((await call(other.headers, 'PUT', '/api/studio/draft', { path: 'pages/one-more.json', text: page })).status).toBe(200);
  });

  it(`keeps at most ${DRAFT_BYTES_PER_OPERATOR / 1024 / 1024} MB of drafts per operator`, async () => {
    const editor = await signInOperator(server, 'editor');
    const big = JSON.stringify({ metadata: { title: 'Big', description: 'x'.repeat(900_000) }, blocks: [] });
    await storeDrafts(editor.id, [
      { path: 'pages/big-1.json', text: big },
      { path: 'pages/big-2.json', text: big },
    ]);
    const refused = await call(editor.headers, 'PUT', '/api/studio/draft', { path: 'pages/big-3.json', text: big });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'drafts_full', message: DRAFTS_TOO_LARGE, fields: { text: DRAFTS_TOO_LARGE } });
  });

  it(`answers at most ${SAVES_PER_MINUTE} saves a minute per operator, then 429 with Retry-After`, async () => {
    const editor = await signInOperator(server, 'editor');
    // Cheap requests count as well as real saves: every one is counted as it arrives.
    for (let i = 0; i < SAVES_PER_MINUTE; i += 1) expect((await call(editor.headers, 'PUT', '/api/studio/draft', { path: 'nowhere/x.json', text: '{}' })).status).toBe(400);
    const limited = await call(editor.headers, 'PUT', '/api/studio/draft', { path: 'pages/about-us.json', text: published('pages/about-us.json') });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'too_many_requests', message: TOO_MANY_SAVES });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe("a viewer's flood of previews", () => {
  it(`renders at most ${PREVIEWS_PER_MINUTE} previews a minute per operator, then 429; another operator's previews go on`, async () => {
    const viewer = await signInOperator(server, 'viewer');
    for (let i = 0; i < PREVIEWS_PER_MINUTE; i += 1) expect((await call(viewer.headers, 'POST', '/api/studio/preview', { path: 'nowhere/x.json', text: '{}' })).status).toBe(400);
    const limited = await call(viewer.headers, 'POST', '/api/studio/preview', { path: 'pages/about-us.json', text: published('pages/about-us.json') });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'too_many_requests', message: TOO_MANY_PREVIEWS });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await signInOperator(server, 'viewer');
    expect((await call(other.headers, 'POST', '/api/studio/preview', { path: 'pages/about-us.json', text: published('pages/about-us.json') })).status).toBe(200);
  });
});

describe('deep or huge JSON', () => {
  const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;

  it('a draft nested 20,000 levels deep is refused with a message, and the next save works', async () => {
    const editor = await signInOperator(server, 'editor');
    const refused = await call(editor.headers, 'PUT', '/api/studio/draft', { path: 'pages/about-us.json', text: deep });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.text).toBe('This file nests lists and groups 20000 levels deep; the store reads at most 32 levels, so flatten it.');
    const next = await call(editor.headers, 'PUT', '/api/studio/draft', { path: 'pages/about-us.json', text: published('pages/about-us.json') });
    expect(next.status).toBe(200);
    expect(next.body.data.problems).toEqual([]);
  });

  it('a deep draft left from before does not break the next save, the preview or the publish: it is a problem of its file', async () => {
    const publisher = await signInOperator(server, 'publisher');
    await storeDrafts(publisher.id, [{ path: 'pages/deep.json', text: `{"blocks": ${deep}}` }]);
    const saved = await call(publisher.headers, 'PUT', '/api/studio/draft', { path: 'pages/about-us.json', text: published('pages/about-us.json') });
    expect(saved.status).toBe(200);
    expect(saved.body.data.problems).toEqual([expect.objectContaining({ file: 'pages/deep.json', message: expect.stringContaining('levels deep') })]);
    expect((await call(publisher.headers, 'POST', '/api/studio/preview', { path: 'pages/about-us.json', text: published('pages/about-us.json') })).status).toBe(200);
    const preview = await call(publisher.headers, 'POST', '/api/studio/preview', { path: 'pages/deep.json', text: deep });
    expect(preview.status).toBe(422);
    const publish = await call(publisher.headers, 'POST', '/api/studio/publish', {});
    expect(publish.status).toBe(422);
    expect(JSON.stringify(publish.body.fields)).toContain('levels deep');
  });

  it('a draft over 1 MB, or a body over 4 MB, is refused with a message', async () => {
    const editor = await signInOperator(server, 'editor');
    const huge = await call(editor.headers, 'PUT', '/api/studio/draft', { path: 'pages/about-us.json', text: 'x'.repeat(1_000_001) });
    expect(huge.status).toBe(400);
    expect(huge.body.fields).toEqual({ text: 'The draft is the text of the file, up to 1 MB.' });
    const body = await call(editor.headers, 'PUT', '/api/studio/draft', JSON.stringify({ path: 'pages/about-us.json', text: 'x'.repeat(5_000_000) }));
    expect(body.status).toBe(413);
    expect(body.body.message).toBe('The request body is too large.');
  });
});
