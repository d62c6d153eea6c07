/**
 * Reads a POST /api/forms/{name} request: JSON, or multipart/form-data streamed through busboy.
 * Every limit is enforced while the body streams, before anything is stored: the whole body
 * (Content-Length first, then the bytes as they come), each text part, the number of parts and of
 * files, and each file's size against its own field's maxFileSize. A file is held back from disk
 * until its first bytes show it is no program, and is only ever written to the request's staging
 * folder (./form-uploads.ts). The first problem stops the reading and answers the 4xx.
 *
 * The body is an envelope:
 *   formData        the field values, by field name (multipart: one part holding JSON text)
 *   step            multi-step forms: the step these values are (0-based; default 0)
 *   id, token       multi-step forms: the submission a later step continues (token also as
 *                   `Authorization: Bearer {token}`)
 *   recaptchaToken  forms with googleReCaptcha
 *   honeypot        the engine's hidden trap input; people leave it empty
 *   name, emailNotifications, metadata, totalPrice, summary
 *                   sent by browsers, ignored: the server uses its own definition
 * Multipart file parts are named by their file field; any other part name is refused.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import Busboy from 'busboy';
import type { Context } from 'koa';
import type { InputField } from '../../schemas/forms/form-field.schema';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import { maxFileSizeMb } from '../../schemas/evaluators/file-rules';
import { allFormFields } from '../../schemas/evaluators/form-structure';
import { fileTooLarge, FIELD_MESSAGES } from '../../schemas/evaluators/validation-messages';
import { inputFields } from '../../schemas/evaluators/visibility';
import { readJson } from '../api/read-json';
import { ApiError } from '../http/api-error';
import { cleanFileName, detectFileType, isExecutable, SNIFF_BYTES, uploadTypeProblem, type StagedFile, type UploadStaging } from './form-uploads';
import { isRecord } from './request-input';

export const ENVELOPE_KEYS: ReadonlySet<string> = new Set(['formData', 'step', 'id', 'token', 'recaptchaToken', 'honeypot', 'name', 'emailNotifications', 'metadata', 'totalPrice', 'summary']);
/** Envelope parts a multipart body carries as JSON text. */
const JSON_PARTS: ReadonlySet<string> = new Set(['formData', 'emailNotifications', 'metadata', 'summary']);

const MB = 1024 * 1024;
/** Each text part (formData holds every value of a step). */
export const MAX_TEXT_PART_BYTES = 200 * 1024;
/** Room for the text parts and the multipart framing, added to the files' own limits. */
const ENVELOPE_ALLOWANCE = 512 * 1024;

export interface FormRequest {
  envelope: Record<string, unknown>;
  files: StagedFile[];
}

export function fileFields(form: FormDefinition): InputField[] {
  return inputFields(allFormFields(form)).filter((f) => f.type === 'file');
}

/** The largest body a form can need: its text plus every file field full. */
export function bodyLimit(form: FormDefinition): number {
  return ENVELOPE_ALLOWANCE + fileFields(form).reduce((sum, f) => sum + (f.maxFiles ?? 1) * (maxFileSizeMb(f) * MB + 1024), 0);
}

export function tooLarge(): ApiError {
  return new ApiError(413, 'payload_too_large', 'The request body is too large.');
}

export function unknownFields(names: string[]): ApiError {
  const list = names.slice(0, 20).map((n) => String(n ?? ''));
  return new ApiError(400, 'unknown_field', `The form has no field named ${list.map((n) => `"${n.slice(0, 60)}"`).join(', ')}.`, Object.fromEntries(list.map((n) => [n.slice(0, 60), 'Unknown field'])));
}

export async function readFormRequest(ctx: Context, form: FormDefinition, staging: UploadStaging): Promise<FormRequest> {
  const type = ctx.get('Content-Type');
  const limit = bodyLimit(form);
  const length = Number(ctx.get('Content-Length') || '0');
  if (Number.isFinite(length) && length > limit) {
    ctx.set('Connection', 'close');
    throw tooLarge();
  }
  if (/^multipart\/form-data\b/i.test(type)) return readMultipart(ctx, form, staging, limit);
  if (type && /^application\/x-www-form-urlencoded\b/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the form as application/json or multipart/form-data.');
  }
  const body = await readJson(ctx);
  if (!isRecord(body)) throw new ApiError(400, 'invalid_body', 'The request body must be a JSON object.');
  const unknown = Object.keys(body).filter((k) => !ENVELOPE_KEYS.has(k));
  if (unknown.length) throw unknownFields(unknown);
  return { envelope: body, files: [] };
}

function readMultipart(ctx: Context, form: FormDefinition, staging: UploadStaging, limit: number): Promise<FormRequest> {
  const byName = new Map(fileFields(form).map((f) => [f.name, f]));
  const largestFile = Math.max(0, ...[...byName.values()].map((f) => maxFileSizeMb(f) * MB));
  // One over the sum, so a field's own count (with its message) refuses the extra file first.
  const maxFiles = [...byName.values()].reduce((n, f) => n + (f.maxFiles ?? 1), 0);
  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({
      headers: ctx.req.headers,
      defParamCharset: 'utf8',
      limits: { fieldNameSize: 100, fieldSize: MAX_TEXT_PART_BYTES, fields: ENVELOPE_KEYS.size, fileSize: largestFile + 1, files: maxFiles + 1, parts: ENVELOPE_KEYS.size + maxFiles + 1 },
    });
  } catch {
    return Promise.reject(new ApiError(400, 'invalid_multipart', 'The multipart body is malformed.'));
  }

  return new Promise<FormRequest>((resolve, reject) => {
    const envelope: Record<string, unknown> = {};
    // Files in the order they arrived, whichever finished first.
    const files: (StagedFile | undefined)[] = [];
    const pending: Promise<void>[] = [];
    const streams = new Set<Readable>();
    const counts = new Map<string, number>();
    let failure: ApiError | null = null;
    let received = 0;
    let settled = false;

    const settle = () => {
      void Promise.allSettled(pending).then(() => {
        if (settled) return;
        settled = true;
        if (failure) reject(failure);
        else resolve({ envelope, files: files.filter((f): f is StagedFile => f !== undefined) });
      });
    };
    const fail = (err: ApiError) => {
      if (failure) return;
      failure = err;
      // Stop parsing; what is still on its way is read and dropped by Node, never stored.
      ctx.req.unpipe(busboy);
      ctx.set('Connection', 'close');
      for (const s of streams) s.destroy();
      ctx.req.resume();
      settle();
    };

    ctx.req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) fail(tooLarge());
    });
    ctx.req.on('error', () => fail(new ApiError(400, 'invalid_multipart', 'The request was interrupted.')));

    // A handler that threw inside busboy's parser would take the process down: every handler is guarded.
    const guarded =
      <A extends unknown[]>(handler: (...args: A) => void) =>
      (...args: A) => {
        try {
          handler(...args);
        } catch {
          fail(new ApiError(400, 'invalid_multipart', 'The multipart body is malformed.'));
        }
      };

    busboy.on('field', guarded((rawName: string | undefined, value: string, info: Busboy.FieldInfo) => {
      const name = rawName ?? '';
      if (failure) return;
      if (info.nameTruncated || info.valueTruncated) return fail(new ApiError(413, 'payload_too_large', 'A form value is too long.'));
      if (!ENVELOPE_KEYS.has(name)) return fail(unknownFields([name]));
      if (name in envelope) return fail(new ApiError(400, 'invalid_multipart', `The part "${name}" is sent twice.`));
      if (JSON_PARTS.has(name)) {
        try {
          envelope[name] = JSON.parse(value) as unknown;
        } catch {
          return fail(new ApiError(400, 'invalid_json', `The part "${name}" is not valid JSON.`, { [name]: 'Not valid JSON' }));
        }
      } else envelope[name] = value;
    }));

    busboy.on('file', guarded((rawName: string | undefined, stream: Readable, info: Busboy.FileInfo) => {
      const name = rawName ?? '';
      if (failure) {
        stream.resume();
        return;
      }
      const field = byName.get(name);
      if (!field) {
        stream.resume();
        return fail(unknownFields([name]));
      }
      // An empty file input still sends a part, with no file name and no bytes.
      if (!info.filename) {
        stream.resume();
        return;
      }
      const count = (counts.get(name) ?? 0) + 1;
      counts.set(name, count);
      const allowed = field.maxFiles ?? 1;
      if (count > allowed) {
        stream.resume();
        const message = `At most ${allowed} file${allowed === 1 ? '' : 's'} can be sent for this field.`;
        return fail(new ApiError(400, 'too_many_files', message, { [name]: message }));
      }
      streams.add(stream);
      const slot = files.push(undefined) - 1;
      const job = receiveFile(field, info.filename, stream, staging)
        .then((file) => void (files[slot] = file))
        .catch((err: unknown) => fail(err instanceof ApiError ? err : new ApiError(400, 'invalid_multipart', 'The upload could not be read.')))
        .finally(() => streams.delete(stream));
      pending.push(job);
    }));

    busboy.on('filesLimit', () => fail(new ApiError(400, 'too_many_files', 'Too many files for this form.')));
    busboy.on('fieldsLimit', () => fail(new ApiError(400, 'invalid_multipart', 'Too many parts for this form.')));
    busboy.on('partsLimit', () => fail(new ApiError(400, 'invalid_multipart', 'Too many parts for this form.')));
    busboy.on('error', () => fail(new ApiError(400, 'invalid_multipart', 'The multipart body is malformed.')));
    busboy.on('close', settle);
    ctx.req.pipe(busboy);
  });
}

/** Streams one file into the staging folder, counting its bytes against the field's limit. */
async function receiveFile(field: InputField, rawName: string, stream: Readable, staging: UploadStaging): Promise<StagedFile> {
  const maxMb = maxFileSizeMb(field);
  const limit = maxMb * MB;
  const problem = (status: number, code: string, message: string) => new ApiError(status, code, message, { [field.name]: message });
  const target = staging.newPath();
  let head = Buffer.alloc(0);
  let size = 0;
  let out: fs.WriteStream | null = null;
  const open = async () => {
    if (await isExecutable(head)) throw problem(400, 'unsupported_file_format', FIELD_MESSAGES.unsupportedFileFormat);
    out = fs.createWriteStream(target, { flags: 'wx' });
    if (!out.write(head)) await once(out, 'drain');
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw problem(413, 'file_too_large', fileTooLarge(maxMb));
      if (out === null) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= SNIFF_BYTES) await open();
      } else if (!(out as fs.WriteStream).write(chunk)) await once(out, 'drain');
    }
    if (out === null) await open();
    const written = out as unknown as fs.WriteStream;
    written.end();
    await finished(written);
  } catch (err) {
    (out as fs.WriteStream | null)?.destroy();
    throw err;
  }
  const originalName = cleanFileName(rawName);
  const detected = await detectFileType(target, head);
  const typeProblem = uploadTypeProblem(field, originalName, detected);
  if (typeProblem || !detected) throw problem(400, 'unsupported_file_format', typeProblem ?? FIELD_MESSAGES.unsupportedFileFormat);
  return { field: field.name, originalName, path: target, size, contentType: detected.mime, ext: detected.ext };
}
