/**
 * The image library's endpoints (schemas/api/studio-images.ts): the list with its search (a
 * viewer), and the upload (an editor): multipart/form-data read through busboy with its limits
 * while it streams (one file, one alt field, nothing else), the image made ready (./image-upload.ts),
 * stored in the database and written into this server's folder at once, within the editor's quota
 * and the operator's uploads an hour (./image-limits.ts); and an admin's delete of an image nothing
 * waiting to go live or live uses. Every upload and delete is in the audit log.
 */
import type Router from '@koa/router';
import Busboy from 'busboy';
import type { Context } from 'koa';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import { IMAGE_NOT_FOUND, imageDeleteEndpoint, imageListEndpoint, imageUploadEndpoint } from '../../schemas/api/studio-images';
import { MAX_ALT_LENGTH, MAX_IMAGE_BYTES } from '../../schemas/uploaded-images';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import { limitStore } from '../services/shared-limits';
import { ImageLibrary, type LibraryImage } from './image-library';
import { uploadRateMessage } from './image-limits';
import { IMAGE_TOO_LARGE, IMAGE_TYPE_MESSAGE, prepareImage } from './image-upload';
import type { OperatorGate } from './operator-gate';
import type { StudioDeps } from './studio-deps';

/** The body's framing and the alt field, beside the file. */
const BODY_ALLOWANCE = 64 * 1024;

interface Upload {
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer } | null;
}

const tooLarge = () => new ApiError(413, 'image_too_large', IMAGE_TOO_LARGE, { file: IMAGE_TOO_LARGE });
const malformed = () => new ApiError(400, 'invalid_multipart', 'Send the image as multipart/form-data with a file part and an alt part.');

/** One file part named `file` and text parts, each within its limit; the first problem stops the reading. */
function readUpload(ctx: Context): Promise<Upload> {
  if (!/^multipart\/form-data\b/i.test(ctx.get('Content-Type'))) return Promise.reject(new ApiError(415, 'unsupported_media_type', 'Send the image as multipart/form-data.'));
  const length = Number(ctx.get('Content-Length') || '0');
  if (Number.isFinite(length) && length > MAX_IMAGE_BYTES + BODY_ALLOWANCE) {
    ctx.set('Connection', 'close');
    return Promise.reject(tooLarge());
  }
  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({ headers: ctx.req.headers, defParamCharset: 'utf8', limits: { fieldNameSize: 20, fieldSize: MAX_ALT_LENGTH * 4 + 1, fields: 4, files: 1, fileSize: MAX_IMAGE_BYTES + 1, parts: 5 } });
  } catch {
    return Promise.reject(malformed());
  }
  return new Promise<Upload>((resolve, reject) => {
    const upload: Upload = { fields: {}, file: null };
    let failure: ApiError | null = null;
    const fail = (err: ApiError) => {
      if (failure) return;
      failure = err;
      ctx.req.unpipe(busboy);
      ctx.set('Connection', 'close');
      ctx.req.resume();
      reject(err);
    };
    busboy.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) return fail(new ApiError(400, 'validation_failed', `The alt text is at most ${MAX_ALT_LENGTH} characters.`, { alt: `The alt text is at most ${MAX_ALT_LENGTH} characters.` }));
      upload.fields[name] = value;
    });
    busboy.on('file', (name, stream, info) => {
      if (name !== 'file' || upload.file) {
        stream.resume();
        return fail(new ApiError(400, 'validation_failed', 'Send one image, in the part named file.', { file: 'Send one image, in the part named file.' }));
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge()));
      stream.on('end', () => {
        upload.file = { name: info.filename ?? 'image', bytes: Buffer.concat(chunks) };
      });
    });
    busboy.on('filesLimit', () => fail(new ApiError(400, 'validation_failed', 'Send one image at a time.', { file: 'Send one image at a time.' })));
    busboy.on('fieldsLimit', () => fail(malformed()));
    busboy.on('partsLimit', () => fail(malformed()));
    busboy.on('error', () => fail(malformed()));
    busboy.on('close', () => {
      if (!failure) resolve(upload);
    });
    ctx.req.on('error', () => fail(malformed()));
    ctx.req.pipe(busboy);
  });
}

export function imageRoutes(api: Router, deps: StudioDeps, gate: OperatorGate): void {
  const library = new ImageLibrary(deps.database.q, deps.live.dir);
  const limits = deps.imageLimits;
  const uploads = limitStore(deps.database)({ keyPrefix: 'studio-image-uploads', points: limits.uploadsPerHour, duration: 3600 });
  const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

  api.get(imageListEndpoint.path, async (ctx) => {
    noStore(ctx);
    await gate.require(ctx, 'viewer');
    const { query } = checkRequest(imageListEndpoint, ctx);
    // An image uploaded on another server a moment ago is listed (and its file is here) already.
    await deps.live.syncImages();
    ctx.body = { success: true, data: await library.list(query.search ?? '') };
  });

  api.post(imageUploadEndpoint.path, async (ctx) => {
    noStore(ctx);
    const who = await gate.require(ctx, 'editor');
    // Counted as it arrives, before the body is read: a burst is refused without reading its bytes.
    try {
      await uploads.consume(String(who.id));
    } catch (res) {
      if (res instanceof Error) throw res;
      ctx.set('Retry-After', String(Math.max(1, Math.ceil((res as RateLimiterRes).msBeforeNext / 1000))));
      ctx.set('Connection', 'close');
      const message = uploadRateMessage(limits);
      throw new ApiError(429, 'too_many_requests', message, { file: message });
    }
    const upload = await readUpload(ctx);
    const { fields } = upload;
    const unknown = Object.keys(fields).filter((k) => k !== 'alt');
    if (unknown.length) throw new ApiError(400, 'validation_failed', `This upload has no field named ${unknown[0]!.slice(0, 20)}.`, { [unknown[0]!.slice(0, 20)]: 'Unknown field' });
    // Every problem of the form at once: the file's and the alt text's.
    let checked: { alt: string } | undefined;
    let altProblem: ApiError | undefined;
    try {
      checked = checkRequest(imageUploadEndpoint, ctx, fields.alt?.trim() ? { alt: fields.alt } : {}).body;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      altProblem = err;
    }
    if (!upload.file || upload.file.bytes.length === 0) throw new ApiError(400, 'validation_failed', IMAGE_TYPE_MESSAGE, { file: IMAGE_TYPE_MESSAGE, ...altProblem?.fields });
    if (altProblem || !checked) throw altProblem!;
    const alt = checked.alt.trim();
    const image = await prepareImage(upload.file.bytes, upload.file.name);
    const { created } = await library.add(image, alt, who.email, limits);
    await deps.live.syncImages();
    if (created) await gate.audit(ctx, who, 'image.uploaded', `${image.src} (${image.width} x ${image.height}, ${image.files.length - 1} smaller copies): ${alt.slice(0, 200)}`);
    ctx.status = created ? 201 : 200;
    ctx.body = { success: true, data: (await library.find(image.src))! };
  });

  api.delete(imageDeleteEndpoint.path, async (ctx) => {
    noStore(ctx);
    const who = await gate.require(ctx, 'admin');
    const { query } = checkRequest(imageDeleteEndpoint, ctx);
    await deps.live.syncImages();
    const image = (await library.list()).find((i) => i.src === query.src && i.uploadedBy !== null);
    if (!image) throw new ApiError(404, 'image_not_found', IMAGE_NOT_FOUND);
    const problem = inUse(image, await library.waitingChangesUsing(image));
    if (problem) throw new ApiError(409, 'image_in_use', problem);
    const files = await library.remove(image.src);
    if (files.length === 0) throw new ApiError(404, 'image_not_found', IMAGE_NOT_FOUND);
    await deps.live.syncImages();
    await gate.audit(ctx, who, 'image.deleted', `${image.src} (uploaded by ${image.uploadedBy}, ${files.length} files)`);
    ctx.body = { success: true, message: `${image.src} is deleted from the library.` };
  });
}

/** Why an image cannot be deleted yet, in the admin's words; null when nothing uses it. */
function inUse(image: LibraryImage, waiting: { id: number; files: string[] }[]): string | null {
  const pages = image.usedOn.map((u) => (u.address ? `${u.title} (${u.address})` : u.title));
  const parts: string[] = [];
  if (pages.length) parts.push(`the published ${pages.length === 1 ? 'page' : 'pages'} ${pages.join(', ')}`);
  if (waiting.length) parts.push(`${waiting.length === 1 ? 'the change' : 'the changes'} waiting for review ${waiting.map((w) => `#${w.id} (${w.files.join(', ')})`).join(', ')}`);
  if (!parts.length) return null;
  return `This image is still used by ${parts.join(' and by ')}. Take it out of ${pages.length + waiting.length === 1 ? 'that' : 'those'} first, then delete it.`;
}
