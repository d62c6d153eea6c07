/**
 * Where the files of form submissions are kept once a submission passed its checks:
 *
 * - **a folder** (`UPLOADS_DIR`) on SQLite, as one server process is all a SQLite store has: the
 *   file is moved there before the submission's transaction and removed again if it rolls back;
 * - **the database** on PostgreSQL, so several servers share the files with no shared folder, and
 *   a backup (pg_dump) holds them: the file is written in parts of 256 kB (`form_upload_content`)
 *   inside the submission's transaction, and read back one part at a time, so neither a request nor
 *   a download ever holds a whole file in memory.
 *
 * Either way a request's files wait in its local staging folder first (./form-uploads.ts), where
 * the size limits and the content checks apply as they always have.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Database } from '../db/database';
import type { Queries } from '../db/queries';
import type { MailAttachment } from '../mail/outbox';

/** The size of a part of an upload's content in the database. */
export const UPLOAD_PART_BYTES = 256 * 1024;

export interface UploadStore {
  readonly kind: 'folder' | 'database';
  /** Before the submission's transaction: the folder takes the staged file under its generated name. */
  place(stagedPath: string, storedName: string): void;
  /** Inside the submission's transaction: the database takes the staged file's content. */
  write(tx: Queries, stagedPath: string, storedName: string): Promise<void>;
  /** Inside a transaction: files a submission no longer has (the database forgets them there). */
  forget(tx: Queries, storedNames: string[]): Promise<void>;
  /** Outside any transaction: the folder removes files placed for a rolled-back submission, or forgotten by a committed one. */
  discard(storedNames: string[]): void;
  /** A stored file's content as a stream; undefined when it is not there. */
  open(q: Queries, storedName: string): Promise<Readable | undefined>;
  /** How the admin notification attaches a stored file (the mail worker reads it when it sends). */
  attachment(storedName: string, filename: string, contentType: string): MailAttachment;
}

/** A folder of uploads (SQLite): `{uploadsDir}/{form}/{random}.{ext}`. */
export function folderUploads(uploadsDir: string): UploadStore {
  const root = path.resolve(uploadsDir);
  // The name is the server's own; one that would still lead out of the folder is never served or removed.
  const pathOf = (storedName: string): string | undefined => {
    const file = path.join(root, storedName);
    return file.startsWith(root + path.sep) ? file : undefined;
  };
  return {
    kind: 'folder',
    place(stagedPath, storedName) {
      const target = pathOf(storedName)!;
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.renameSync(stagedPath, target);
    },
    async write() {},
    async forget() {},
    discard(storedNames) {
      for (const name of storedNames) {
        const file = pathOf(name);
        if (file) fs.rmSync(file, { force: true });
      }
    },
    async open(_q, storedName) {
      const file = pathOf(storedName);
      const stat = file === undefined ? undefined : await fs.promises.stat(file).catch(() => undefined);
      return stat?.isFile() ? fs.createReadStream(file!) : undefined;
    },
    attachment(storedName, filename, contentType) {
      return { filename, path: path.join(root, storedName), contentType };
    },
  };
}

/** Cuts a stream into parts of UPLOAD_PART_BYTES (the last one shorter) and hands each on in order; answers how many. */
export async function inParts(content: AsyncIterable<Buffer | string>, write: (part: number, data: Buffer) => Promise<unknown>): Promise<number> {
  let part = 0;
  let pending: Buffer[] = [];
  let size = 0;
  const flush = async (data: Buffer) => {
    await write(part, data);
    part += 1;
  };
  for await (const chunk of content) {
    const bytes = Buffer.from(chunk);
    pending.push(bytes);
    size += bytes.length;
    while (size >= UPLOAD_PART_BYTES) {
      const all = Buffer.concat(pending);
      await flush(all.subarray(0, UPLOAD_PART_BYTES));
      pending = [all.subarray(UPLOAD_PART_BYTES)];
      size = pending[0]!.length;
    }
  }
  if (size > 0) await flush(Buffer.concat(pending));
  return part;
}

/** Reads an upload's parts one at a time, in order. */
async function* partsOf(q: Queries, storedName: string): AsyncGenerator<Buffer> {
  for (let part = 0; ; part++) {
    const row = await q.firstBy('upload-part', (name: string, n: number) => q.db.selectFrom('form_upload_content').select('data').where('stored_name', '=', name).where('part', '=', n), storedName, part);
    if (!row) return;
    yield Buffer.from(row.data);
  }
}

/** Uploads in the database (PostgreSQL): `form_upload_content`, in parts of UPLOAD_PART_BYTES. */
export function databaseUploads(): UploadStore {
  return {
    kind: 'database',
    place() {},
    async write(tx, stagedPath, storedName) {
      await inParts(fs.createReadStream(stagedPath, { highWaterMark: UPLOAD_PART_BYTES }), (part, data) => tx.insert('form_upload_content', { stored_name: storedName, part, data }));
    },
    async forget(tx, storedNames) {
      if (storedNames.length) await tx.run(tx.db.deleteFrom('form_upload_content').where('stored_name', 'in', storedNames));
    },
    discard() {},
    async open(q, storedName) {
      const first = await q.first(q.db.selectFrom('form_upload_content').select('part').where('stored_name', '=', storedName).where('part', '=', 0));
      return first ? Readable.from(partsOf(q, storedName)) : undefined;
    },
    attachment(storedName, filename, contentType) {
      return { filename, upload: storedName, contentType };
    },
  };
}

/** The store of a database's uploads: the database itself on PostgreSQL, the folder on SQLite. */
export function uploadStoreFor(database: Pick<Database, 'q'>, uploadsDir: string): UploadStore {
  return database.q.engine === 'postgres' ? databaseUploads() : folderUploads(uploadsDir);
}

/** An upload's whole content from the database (a mail attachment; at most the field's size limit). */
export async function readStoredUpload(q: Queries, storedName: string): Promise<Buffer | undefined> {
  const parts: Buffer[] = [];
  for await (const part of partsOf(q, storedName)) parts.push(part);
  return parts.length ? Buffer.concat(parts) : undefined;
}
