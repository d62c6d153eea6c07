/**
 * Helpers for the forms API tests: a content folder with the shared case forms added, requests in
 * JSON, in multipart (fetch's FormData) and raw (node:http, for bodies the server refuses before it
 * has read them), files whose bytes really are of the type their name says, and a look into the
 * uploads folder and the database of the test server (SQLite or PostgreSQL, as the test run says).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { RawBuilder } from 'kysely';
import { FORM_CASE_FORMS } from '../../schemas/evaluators/form-cases';
import { projectRoot } from '../build-output';
import { openDatabase } from '../db/database';
import type { Queries } from '../db/queries';
import type { TestServer } from '../testing/test-server';

/** A copy of the demo content with the forms of schemas/evaluators/form-cases.ts added. Removed by the caller. */
export function contentWithCaseForms(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-forms-content-'));
  fs.cpSync(path.join(projectRoot, 'examples', 'site'), dir, { recursive: true });
  for (const form of FORM_CASE_FORMS) fs.writeFileSync(path.join(dir, 'forms', `${form.name}.json`), JSON.stringify(form, null, 2));
  return dir;
}


/** Every file under the uploads folder (folders left out), relative paths. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

const SIGNATURES: Record<string, Buffer> = {
  jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  png: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  gif: Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1'),
  pdf: Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
  exe: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), Buffer.alloc(46), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\x00\x00', 'latin1')]),
  elf: Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1'),
};
const ALIASES: Record<string, string> = { jpeg: 'jpg', heic: 'jpg' };

/** `size` bytes of the given kind (jpg, png, gif, pdf, exe, elf), padded with zeros. */
export function bytesOf(kind: string, size: number): Buffer {
  const signature = SIGNATURES[ALIASES[kind] ?? kind];
  if (!signature) throw new Error(`no signature for ${kind}`);
  const out = Buffer.alloc(Math.max(size, signature.length));
  signature.copy(out);
  return out;
}

/**
 * A PNG of `size` bytes whose every byte past its header is random: its image header, then one
 * text chunk holding the rest (so the type check reads it as a PNG, whatever the random bytes are).
 * A part of a stored file lost, doubled or out of order shows when it is read back.
 */
export function randomPng(size: number): Buffer {
  const head = Buffer.concat([bytesOf('png', 29), Buffer.alloc(4)]);
  const data = crypto.randomBytes(Math.max(0, size - head.length - 12));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([head, length, Buffer.from('tEXt', 'latin1'), data, Buffer.alloc(4)]);
}

/** Bytes whose content matches the file name's extension. */
export function bytesForName(name: string, size: number): Buffer {
  return bytesOf(path.extname(name).slice(1).toLowerCase(), size);
}

export interface JsonAnswer {
  status: number;
  body: Record<string, any>;
  headers: Headers;
}

async function answer(res: Response): Promise<JsonAnswer> {
  const text = await res.text();
  let body: Record<string, any>;
  try {
    body = JSON.parse(text) as Record<string, any>;
  } catch {
    body = { text };
  }
  return { status: res.status, body, headers: res.headers };
}

export function postJson(base: string, form: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer> {
  return fetch(`${base}/api/forms/${form}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }).then(answer);
}

export interface UploadPart {
  field: string;
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart post as a browser's FormData sends it: formData as JSON text, other envelope parts as text, then the files. */
export function postMultipart(base: string, form: string, envelope: Record<string, unknown>, files: UploadPart[] = [], headers: Record<string, string> = {}): Promise<JsonAnswer> {
  const body = new FormData();
  for (const [key, value] of Object.entries(envelope)) body.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  for (const f of files) body.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }), f.name);
  return fetch(`${base}/api/forms/${form}`, { method: 'POST', body, headers }).then(answer);
}

/**
 * A raw POST through node:http, written chunk by chunk; it reads the answer even when the server
 * answers before the body is all sent (write errors after that are expected and ignored).
 */
export function rawPost(url: string, headers: Record<string, string | number>, chunks: Buffer[]): Promise<{ status: number; body: Record<string, any> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        let body: Record<string, any>;
        try {
          body = JSON.parse(text) as Record<string, any>;
        } catch {
          body = { text };
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
      res.on('error', reject);
    });
    let answered = false;
    req.on('response', () => (answered = true));
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const write = async () => {
      for (const c of chunks) {
        if (answered || req.destroyed) return;
        if (!req.write(c)) {
          await new Promise<void>((r) => {
            const done = () => {
              req.off('drain', done).off('close', done);
              r();
            };
            req.on('drain', done).on('close', done);
          });
        }
      }
      req.end();
    };
    void write();
  });
}

/** A multipart body built by hand (for streams a FormData would never produce). */
export function multipartBody(boundary: string, parts: { name: string; filename?: string; type?: string; body: Buffer | string }[], end = true): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(typeof p.body === 'string' ? Buffer.from(p.body) : p.body);
    chunks.push(Buffer.from('\r\n'));
  }
  if (end) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Runs `fn` on a connection of its own to the test server's database (as an operator's tool would). */
export async function withDatabaseOf<T>(server: TestServer, fn: (q: Queries) => Promise<T>): Promise<T> {
  const database = openDatabase(server.databaseUrl);
  try {
    return await fn(database.q);
  } finally {
    await database.close();
  }
}

/** The rows of a query (kysely's sql`...`, values bound) on the test server's database. */
export function readRows<T = Record<string, any>>(server: TestServer, query: RawBuilder<unknown>): Promise<T[]> {
  return withDatabaseOf(server, (q) => q.rows(query as RawBuilder<T>));
}

/** A client address of its own for each test, so the per-address rate limit never mixes tests (the app trusts X-Forwarded-For). */
let nextAddress = 1;
export function freshAddress(): Record<string, string> {
  const n = nextAddress++;
  return { 'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
}

/**
 * The forms tests speak as many visitors behind one proxy (freshAddress gives each its own
 * X-Forwarded-For), so their server believes the loopback proxy, as a shop behind a load balancer
 * would with TRUST_PROXY set; otherwise every request is one client and the per-address limit trips.
 */
export const proxiedTestEnv: Record<string, string> = { TRUST_PROXY: 'loopback' };
