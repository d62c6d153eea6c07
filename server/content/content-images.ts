/**
 * The images uploaded in the studio, brought into a content folder from the database, where they
 * live (tables content_image, content_image_file): as published versions are (./content-sync.ts),
 * so that on several servers, each with its own folder, a page published on one never shows a
 * missing picture on another. A server writes every image file it has not written yet, at start,
 * at each content poll, before a publish (under the publish lock), and before the studio checks a
 * draft. Image files are never changed in place (a new upload is a new name), so a file already on
 * disk with the same size is left alone.
 */
import fs from 'node:fs';
import type { Queries } from '../db/queries';
import type { Logger } from '../logger';
import { ContentPathError, resolveContentFile, writeFileAtomically } from './content-files';

/** Rows read at a time: image files are up to a few MB each. */
const BATCH = 16;

/** The newest image file's id; 0 when none was ever uploaded. */
export async function latestImageFileId(q: Queries): Promise<number> {
  const row = await q.firstBy('content-image-file-latest', () => q.db.selectFrom('content_image_file').select((eb) => eb.fn.max('id').as('id')));
  return Number(row?.id ?? 0);
}

/** Writes the image files after `since` into the folder; answers the last id it has seen. */
export async function syncImageFiles(q: Queries, dir: string, since: number, logger: Logger): Promise<number> {
  let last = since;
  let written = 0;
  for (;;) {
    const rows = await q.all(q.db.selectFrom('content_image_file').select(['id', 'path', 'bytes']).where('id', '>', last).orderBy('id').limit(BATCH));
    if (rows.length === 0) break;
    for (const row of rows) {
      last = row.id;
      let absolute: string;
      try {
        absolute = resolveContentFile(dir, row.path);
      } catch (err) {
        if (err instanceof ContentPathError) {
          logger.error({ file: row.path, problem: err.reason }, 'an image file names a place outside the content folder; not written');
          continue;
        }
        throw err;
      }
      const bytes = Buffer.from(row.bytes);
      const size = fs.statSync(absolute, { throwIfNoEntry: false })?.size;
      if (size === bytes.length) continue;
      writeFileAtomically(absolute, bytes);
      written++;
    }
  }
  if (written) logger.info({ files: written, upTo: last }, 'uploaded images brought into the content folder');
  return last;
}

/** The newest removal's id; 0 when no image was ever deleted. */
export async function latestImageRemovalId(q: Queries): Promise<number> {
  const row = await q.firstBy('content-image-removed-latest', () => q.db.selectFrom('content_image_removed').select((eb) => eb.fn.max('id').as('id')));
  return Number(row?.id ?? 0);
}

/**
 * Takes the files of images deleted after `since` out of the folder; answers the last removal it has
 * seen. A file uploaded again since its image was deleted (the same image has the same name) has a
 * row in content_image_file again and stays.
 */
export async function removeDeletedImageFiles(q: Queries, dir: string, since: number, logger: Logger): Promise<number> {
  const rows = await q.all(q.db.selectFrom('content_image_removed').select(['id', 'path']).where('id', '>', since).orderBy('id'));
  if (rows.length === 0) return since;
  const kept = new Set((await q.all(q.db.selectFrom('content_image_file').select('path').where('path', 'in', [...new Set(rows.map((r) => r.path))]))).map((r) => r.path));
  let removed = 0;
  for (const row of rows) {
    if (kept.has(row.path)) continue;
    let absolute: string;
    try {
      absolute = resolveContentFile(dir, row.path);
    } catch (err) {
      if (err instanceof ContentPathError) continue;
      throw err;
    }
    if (!fs.existsSync(absolute)) continue;
    fs.rmSync(absolute, { force: true });
    removed++;
  }
  if (removed) logger.info({ files: removed, upTo: rows.at(-1)!.id }, 'deleted images taken out of the content folder');
  return rows.at(-1)!.id;
}
