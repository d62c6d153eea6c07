/**
 * The published versions (tables content_version, content_version_file) as the content folder's
 * source of truth, for servers that each have their own copy of the folder (or share one):
 * recording a publish, and bringing a folder up to the versions it has not applied yet.
 *
 * Every writer of content_version holds the PUBLISH_LOCK key lock for its whole transaction, so
 * version ids become visible in their order: a server that has applied every version up to N never
 * sees a version below N appear later.
 */
import type { Logger } from '../logger';
import type { Queries } from '../db/queries';
import { ContentPathError, readTextOrNull, resolveContentFile, writeFileAtomically } from './content-files';

export const PUBLISH_LOCK = 'content-publish';

export interface VersionFileText {
  path: string;
  before: string | null;
  after: string | null;
}

/** The newest version's id; 0 when nothing was ever published. */
export async function latestVersionId(q: Queries): Promise<number> {
  const row = await q.firstBy('content-version-latest', () => q.db.selectFrom('content_version').select((eb) => eb.fn.max('id').as('id')));
  return Number(row?.id ?? 0);
}

/** Inserts a version and the before and after text of each of its files; answers its id. */
export async function recordVersion(tx: Queries, meta: { author: string; message: string; restoredFrom?: number; at?: Date }, files: readonly VersionFileText[]): Promise<number> {
  const id = await tx.insertReturningId('content_version', {
    author: meta.author,
    message: meta.message,
    created_at: (meta.at ?? new Date()).toISOString(),
    restored_from: meta.restoredFrom ?? null,
  });
  for (const f of files) await tx.insert('content_version_file', { version_id: id, path: f.path, before_text: f.before, after_text: f.after });
  return id;
}

/**
 * Makes the folder hold what the versions after `since` up to `upTo` left in each file they touched.
 *
 * - `newer` (a server that has applied every version up to `since`): each file is written with its
 *   latest text where the disk differs. A shared folder another server already wrote is left alone.
 * - `start` (`since` 0: a server that does not know what its folder has seen, e.g. one started from
 *   an old image): a file is written only when the disk holds a text some version of it had before
 *   (an older publish, or the text before the first one). A text no version ever had is a change made
 *   in the folder itself after the last publish (an edit in development): it is kept, with a warning.
 *
 * Writes each file atomically; answers the files written, with their text (null: removed).
 */
export async function syncFolder(q: Queries, dir: string, since: number, upTo: number, mode: 'newer' | 'start', logger: Logger): Promise<Map<string, string | null>> {
  const written = new Map<string, string | null>();
  if (upTo <= since) return written;
  const rows = await q.all(
    q.db
      .selectFrom('content_version_file')
      .select(['path', 'before_text', 'after_text', 'version_id'])
      .where('version_id', '>', since)
      .where('version_id', '<=', upTo)
      .orderBy('version_id')
      .orderBy('id'),
  );
  const latest = new Map<string, { text: string | null; version: number }>();
  const known = new Map<string, Set<string | null>>();
  for (const row of rows) {
    latest.set(row.path, { text: row.after_text, version: row.version_id });
    const texts = known.get(row.path) ?? new Set();
    texts.add(row.before_text).add(row.after_text);
    known.set(row.path, texts);
  }
  for (const [file, { text, version }] of latest) {
    let absolute: string;
    try {
      absolute = resolveContentFile(dir, file);
    } catch (err) {
      // Never written by a publish (it refuses such paths); a row put in by hand.
      if (err instanceof ContentPathError) {
        logger.error({ file, version, problem: err.reason }, 'a content version names a file outside the content folder; not written');
        continue;
      }
      throw err;
    }
    const disk = readTextOrNull(absolute);
    if (disk === text) continue;
    if (mode === 'start' && !known.get(file)!.has(disk)) {
      logger.warn({ file, version }, 'content file changed in the folder since its last publish; kept as it is (publish it, or restore the version, to make them agree)');
      continue;
    }
    writeFileAtomically(absolute, text);
    written.set(file, text);
  }
  if (written.size) logger.info({ files: [...written.keys()], upTo }, 'content folder brought up to the published versions');
  return written;
}
