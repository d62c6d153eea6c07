/**
 * Uploads of form submissions. While a request streams in, each file goes to a staging folder of
 * its own (`{uploadsDir}/.incoming/{random}`), never to where uploads are kept; only a submission that
 * passed every check keeps its files (./upload-store.ts: `{uploadsDir}/{form}/{random}.{ext}` on
 * SQLite, the database on PostgreSQL), under names the server generates (the visitor's name is kept
 * in the database for e-mails and exports only). The staging
 * folder is removed when the request ends, whatever happened.
 *
 * The type of a file is read from its content (magic bytes, by the `file-type` package), never from
 * the name or the type the browser claims: the content's type must be one the field takes, and a
 * name whose extension says something else (a PNG named .pdf) is refused too.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import type { InputField } from '../../schemas/forms/form-field.schema';
import { isAllowedFileType } from '../../schemas/evaluators/file-rules';
import { FIELD_MESSAGES } from '../../schemas/evaluators/validation-messages';

export interface StagedFile {
  field: string;
  /** The visitor's file name, cleaned (no folders, no control characters, at most 120 characters). */
  originalName: string;
  /** Where the file waits in the staging folder. */
  path: string;
  size: number;
  /** The type read from the content. */
  contentType: string;
  /** The extension of that type (jpg, png, pdf, txt). */
  ext: string;
}

/** The first bytes read before any byte is written: enough for file-type's signatures. */
export const SNIFF_BYTES = 4100;

/** Extensions that name the same content type. */
const EXTENSION_ALIASES: Record<string, readonly string[]> = {
  jpg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  tif: ['tif', 'tiff'],
  heic: ['heic', 'heif'],
  mp4: ['mp4', 'm4v'],
  txt: ['txt', 'text', 'csv', 'md'],
};

/** Programs, whatever their name says: never stored. */
const EXECUTABLE_TYPES = new Set(['exe', 'elf', 'macho', 'wasm', 'class', 'dex', 'lnk', 'swf', 'crx', 'xpi', 'apk', 'jar', 'deb', 'rpm', 'dmg', 'cab', 'msi', 'reg', 'chm']);

export function extensionsOf(ext: string): readonly string[] {
  return EXTENSION_ALIASES[ext] ?? [ext];
}

/** The visitor's file name without any folder part, control characters or odd whitespace. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  if (!cleaned) return 'file';
  if (cleaned.length <= 120) return cleaned;
  const ext = path.extname(cleaned).slice(0, 12);
  return cleaned.slice(0, 120 - ext.length) + ext;
}

function nameExtension(name: string): string | null {
  const ext = path.extname(name).toLowerCase().replace(/^\./, '');
  return ext === '' ? null : ext;
}

/** Plain text: no NUL byte and valid UTF-8 (only for fields that list a text type themselves). */
function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0 || head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.length >= SNIFF_BYTES ? head.subarray(0, SNIFF_BYTES - 4) : head);
    return true;
  } catch {
    return false;
  }
}

export interface DetectedType {
  ext: string;
  mime: string;
}

/** A quick look at the first bytes: true when they are a program's. Lets a request be refused before anything is written. */
export async function isExecutable(head: Uint8Array): Promise<boolean> {
  const t = await fileTypeFromBuffer(head);
  return t !== undefined && EXECUTABLE_TYPES.has(t.ext);
}

/** The content's type: file-type's signatures, else plain text, else unknown. */
export async function detectFileType(file: string, head: Uint8Array): Promise<DetectedType | undefined> {
  const t = await fileTypeFromFile(file);
  if (t) return { ext: t.ext, mime: t.mime };
  return looksLikeText(head) ? { ext: 'txt', mime: 'text/plain' } : undefined;
}

/**
 * 'Unsupported file format' when the content is of no type the field takes, is a program, is of no
 * known type, or carries a name whose extension belongs to another type; else null.
 */
export function uploadTypeProblem(field: Pick<InputField, 'fileTypes'>, originalName: string, detected: DetectedType | undefined): string | null {
  if (!detected || EXECUTABLE_TYPES.has(detected.ext)) return FIELD_MESSAGES.unsupportedFileFormat;
  const aliases = extensionsOf(detected.ext);
  const claimed = nameExtension(originalName);
  if (claimed !== null && !aliases.includes(claimed)) return FIELD_MESSAGES.unsupportedFileFormat;
  // Text is only taken where the field lists a text type: it has no signature to prove it.
  if (detected.ext === 'txt' && !field.fileTypes?.length) return FIELD_MESSAGES.unsupportedFileFormat;
  const allowed = aliases.some((ext) => isAllowedFileType({ name: `upload.${ext}`, type: detected.mime }, field.fileTypes));
  return allowed ? null : FIELD_MESSAGES.unsupportedFileFormat;
}

/** One request's staging folder; `discard` removes it and anything still in it. */
export class UploadStaging {
  private created = false;
  readonly dir: string;

  constructor(readonly uploadsDir: string) {
    this.dir = path.join(uploadsDir, '.incoming', crypto.randomUUID());
  }

  /** A new file path in the staging folder (created on first use). */
  newPath(): string {
    if (!this.created) {
      fs.mkdirSync(this.dir, { recursive: true });
      this.created = true;
    }
    return path.join(this.dir, crypto.randomUUID());
  }

  async discard(): Promise<void> {
    if (this.created) await fs.promises.rm(this.dir, { recursive: true, force: true });
  }
}

/**
 * Removes staging folders left by a process that stopped in the middle of a request. Only folders
 * older than `maxAgeMs`, so another server sharing the uploads folder keeps its requests in flight.
 */
export function sweepStaleStaging(uploadsDir: string, maxAgeMs = 60 * 60_000, now = Date.now()): number {
  const incoming = path.join(uploadsDir, '.incoming');
  if (!fs.existsSync(incoming)) return 0;
  let removed = 0;
  for (const entry of fs.readdirSync(incoming)) {
    const dir = path.join(incoming, entry);
    try {
      if (now - fs.statSync(dir).mtimeMs > maxAgeMs) {
        fs.rmSync(dir, { recursive: true, force: true });
        removed += 1;
      }
    } catch {
      // Gone meanwhile: nothing to sweep.
    }
  }
  return removed;
}

/** A generated name in the uploads folder: `{form}/{random}.{ext}` (form names are [a-z0-9-]). */
export function generatedUploadName(formName: string, ext: string): string {
  return `${formName}/${crypto.randomUUID()}.${ext}`;
}
