/**
 * 300 random malformed bodies and multipart streams to every form endpoint: never a 5xx, every 4xx
 * in the error shape, and no file left behind (every file in the uploads folder belongs to a stored
 * submission; nothing stays in staging).
 *
 * @engines sqlite: malformed bodies are refused before anything is stored.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allFormFields } from '../../schemas/evaluators/form-structure';
import { inputFields } from '../../schemas/evaluators/visibility';
import { loadContent } from '../content/load-content';
import { bytesOf, filesUnder, freshAddress, multipartBody, rawPost, readRows, proxiedTestEnv } from './forms-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(proxiedTestEnv);
});
afterAll(async () => {
  await server?.stop();
});

const content = loadContent(process.env.CONTENT_DIR ?? 'examples/site');
const forms = Object.values(content.forms);
const fieldNames = [...new Set(forms.flatMap((f) => inputFields(allFormFields(f)).map((x) => x.name)))];

const names = fc.oneof(
  fc.constantFrom(...fieldNames, 'formData', 'step', 'id', 'token', 'recaptchaToken', 'honeypot', 'metadata', '__proto__', 'constructor'),
  fc.string({ maxLength: 12 }),
);
const scalars = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom('test-pass', 'a@b.co', '', '-1', '0', '1', '99999999999999999999'));
const values = fc.oneof(scalars, fc.array(scalars, { maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }));
const envelope = fc.record(
  {
    formData: fc.oneof(fc.dictionary(names, values, { maxKeys: 8 }), values),
    step: values,
    id: values,
    token: values,
    recaptchaToken: fc.oneof(fc.constant('test-pass'), scalars),
  },
  { requiredKeys: [] },
);

const jsonBodies = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  envelope.map((e) => JSON.stringify(e)),
  fc.string({ maxLength: 80 }),
  fc.constantFrom('', '{', '[]', 'null', '{"formData":[]}', '{"formData":{"__proto__":{"x":1}}}', '{"formData":{"email":{"$ne":1}}}'),
);

const fileNames = fc.oneof(
  fc.constantFrom('photo.jpg', '../../etc/passwd.jpg', '..\\..\\boot.ini', '', 'a'.repeat(300) + '.png', 'scan.pdf', 'x.exe', '.htaccess', 'nul\u0000.jpg', '😀.png', 'con.jpg'),
  fc.string({ maxLength: 20 }),
);
const fileBodies = fc.oneof(
  fc.constantFrom('jpg', 'png', 'pdf', 'gif', 'exe', 'elf').chain((kind) => fc.integer({ min: 0, max: 20_000 }).map((size) => bytesOf(kind, size))),
  fc.uint8Array({ maxLength: 3000 }).map((a) => Buffer.from(a)),
);
const part = fc.oneof(
  fc.record({ name: names, body: fc.oneof(fc.string({ maxLength: 60 }), envelope.map((e) => JSON.stringify(e.formData ?? {}))) }),
  fc.record({ name: names, filename: fileNames, type: fc.constantFrom('image/jpeg', 'application/pdf', 'text/plain', ''), body: fileBodies }),
);
const multipart = fc.record({
  boundary: fc.oneof(fc.constant('fuzzboundary'), fc.string({ minLength: 1, maxLength: 20 })),
  headerBoundary: fc.oneof(fc.constant(null), fc.string({ maxLength: 20 })),
  parts: fc.array(part, { maxLength: 6 }),
  end: fc.boolean(),
  chop: fc.nat({ max: 200 }),
  junk: fc.uint8Array({ maxLength: 200 }),
});

const requests = fc.record({
  form: fc.oneof(fc.constantFrom(...forms.map((f) => f.name)), fc.constantFrom('nope', 'CONTACT', 'contact%2F..', '..%2Fcontact', 'a'.repeat(120))),
  body: fc.oneof(
    jsonBodies.map((text) => ({ type: 'application/json', chunks: [Buffer.from(text)] })),
    multipart.map((m) => {
      let body = multipartBody(m.boundary, m.parts as never, m.end);
      if (m.chop) body = body.subarray(0, Math.max(0, body.length - m.chop));
      body = Buffer.concat([body, Buffer.from(m.junk)]);
      return { type: `multipart/form-data; boundary=${m.headerBoundary ?? m.boundary}`, chunks: [body] };
    }),
    fc.constantFrom('text/html', 'application/octet-stream', 'multipart/form-data', 'multipart/mixed; boundary=x').map((type) => ({ type, chunks: [Buffer.from('<b>x</b>')] })),
  ),
});

describe('forms fuzz', () => {
  it('300 random malformed requests: no 5xx, the error shape, no file left behind', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requests, async ({ form, body }) => {
        const chunks: Buffer[] = body.chunks;
        const length = chunks.reduce((n, c) => n + c.length, 0);
        const res = await rawPost(`${server.url}/api/forms/${form}`, { 'Content-Type': body.type, 'Content-Length': length, ...freshAddress() }, chunks);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status).toBeGreaterThanOrEqual(200);
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          expect(typeof res.body.error).toBe('string');
          expect(typeof res.body.message).toBe('string');
        }
      }),
      { numRuns: 300 },
    );
    // Mostly refusals, of several kinds.
    expect([...statuses.keys()].filter((s) => s >= 400).length).toBeGreaterThan(2);
    const stored = new Set((await readRows<{ stored_name: string }>(server, sql`select stored_name from form_upload`)).map((r) => r.stored_name));
    expect(filesUnder(server.uploads).filter((f) => !stored.has(f))).toEqual([]);
  });
});
