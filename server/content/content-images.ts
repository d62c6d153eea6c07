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
