/**
 * The published versions of the content folder (tables content_version and content_version_file,
 * written by LiveSite.publish): the history, newest first, one version with the unified diff of each
 * file it changed, and what restoring a version would write.
 */
import { createTwoFilesPatch } from 'diff';
import type { Database } from '../db/database';
import { changeLines, type ChangeLine } from './change-lines';

export interface VersionSummary {
  id: number;
  author: string;
  createdAt: string;
  message: string;
  files: string[];
  restoredFrom: number | null;
}

export interface VersionFile {
  path: string;
  /** Null: the version added the file. */
  before: string | null;
  /** Null: the version removed the file. */
  after: string | null;
}

export interface VersionChange {
  path: string;
  kind: 'added' | 'changed' | 'removed';
  /** What changed, in the words of the form (./change-lines.ts). */
  lines: ChangeLine[];
  diff: string;
}

const PAGE = 200;

function iso(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** What changed in one file: its lines in words, and the unified diff with its paths as git names them (a/…, b/…; /dev/null when absent). */
export function fileDiff(file: VersionFile): VersionChange {
  const kind = file.before === null ? 'added' : file.after === null ? 'removed' : 'changed';
  const diff = createTwoFilesPatch(
    file.before === null ? '/dev/null' : `a/${file.path}`,
    file.after === null ? '/dev/null' : `b/${file.path}`,
    file.before ?? '',
    file.after ?? '',
    undefined,
    undefined,
    { context: 3 },
  );
  return { path: file.path, kind, lines: changeLines(file.path, file.before, file.after), diff };
}

export class ContentVersions {
  constructor(private readonly database: Database) {}

  /** The newest versions first (at most 200), or those that changed one file. */
  async list(path?: string): Promise<VersionSummary[]> {
    let query = this.database.db.selectFrom('content_version').select(['id', 'author', 'message', 'created_at', 'restored_from']).orderBy('id', 'desc').limit(PAGE);
    if (path !== undefined) {
      query = query.where('id', 'in', this.database.db.selectFrom('content_version_file').select('version_id').where('path', '=', path));
    }
    const versions = await query.execute();
    if (versions.length === 0) return [];
    const files = await this.database.db
      .selectFrom('content_version_file')
      .select(['version_id', 'path'])
      .where(
        'version_id',
        'in',
        versions.map((v) => v.id),
      )
      .orderBy('path')
      .execute();
    const byVersion = new Map<number, string[]>();
    for (const f of files) byVersion.set(f.version_id, [...(byVersion.get(f.version_id) ?? []), f.path]);
    return versions.map((v) => ({ id: v.id, author: v.author, createdAt: iso(v.created_at), message: v.message, files: byVersion.get(v.id) ?? [], restoredFrom: v.restored_from }));
  }

  /** One version and the text of each file before and after it; null when there is none. */
  async read(id: number): Promise<{ version: VersionSummary; files: VersionFile[] } | null> {
    const v = await this.database.db.selectFrom('content_version').select(['id', 'author', 'message', 'created_at', 'restored_from']).where('id', '=', id).executeTakeFirst();
    if (!v) return null;
    const rows = await this.database.db.selectFrom('content_version_file').select(['path', 'before_text', 'after_text']).where('version_id', '=', id).orderBy('path').execute();
    const files = rows.map((r) => ({ path: r.path, before: r.before_text, after: r.after_text }));
    return {
      version: { id: v.id, author: v.author, createdAt: iso(v.created_at), message: v.message, files: files.map((f) => f.path), restoredFrom: v.restored_from },
      files,
    };
  }
}
