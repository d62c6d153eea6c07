/**
 * The shared table of form cases (schemas/evaluators/form-cases.ts) through the real server: every
 * field rule is enforced server-side with the message the browser shows. The browser's form engine
 * runs the same table.
 *
 * @engines sqlite: the field rules are the server's, before anything is stored.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileLike } from '../../schemas/evaluators/field-values';
import { FORM_CASES, type FormCase } from '../../schemas/evaluators/form-cases';
import { bytesForName, contentWithCaseForms, filesUnder, freshAddress, postJson, postMultipart, proxiedTestEnv, type JsonAnswer } from './forms-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
let contentDir: string;
beforeAll(async () => {
  contentDir = contentWithCaseForms();
  server = await startTestServer({ ...proxiedTestEnv, CONTENT_DIR: contentDir });
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(contentDir, { recursive: true, force: true });
});

function isFiles(value: unknown): value is FileLike[] {
  return Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null);
}

async function send(c: FormCase, values: Record<string, unknown>, extra: Record<string, unknown>, address: Record<string, string>): Promise<JsonAnswer> {
  const formData = Object.fromEntries(Object.entries(values).filter(([, v]) => !isFiles(v)));
  const files = Object.entries(values).flatMap(([field, v]) => (isFiles(v) ? v.map((f) => ({ field, name: f.name, bytes: bytesForName(f.name, f.size), type: f.type })) : []));
  const envelope = { formData, ...extra, ...(c.recaptchaToken !== undefined ? { recaptchaToken: c.recaptchaToken } : {}) };
  if (files.length === 0) return postJson(server.url, c.form, envelope, address);
  return postMultipart(server.url, c.form, Object.fromEntries(Object.entries(envelope).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])), files, address);
}

describe('the shared form cases, through POST /api/forms/{name}', () => {
  it.each(FORM_CASES.map((c) => [c.title, c] as const))('%s', async (_title, c) => {
    const address = freshAddress();
    let continuation: Record<string, unknown> = {};
    for (const [step, values] of (c.previousSteps ?? []).entries()) {
      const res = await send({ ...c, recaptchaToken: 'test-pass' }, values, { step, ...continuation }, address);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      continuation = { id: res.body.data.id, token: continuation.token ?? res.body.data.token };
    }
    const res = await send(c, c.values, c.step !== undefined ? { step: c.step, ...continuation } : {}, address);
    if (Object.keys(c.errors).length === 0) {
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      expect(res.body.success).toBe(true);
    } else {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.fields).toEqual(c.errors);
    }
  });

  it('left no upload of a refused case behind', () => {
    // Only the accepted case with files stored anything: its three files.
    expect(filesUnder(server.uploads)).toHaveLength(3);
  });
});
