/**
 * Each operator's drafts (table studio_draft, one per operator and path). A save is optimistic: it
 * names the revision it follows, and only a save of that revision is taken (the update's WHERE and
 * the table's unique key decide, so two tabs or two servers cannot both win); any other is stale.
 * The text is kept exactly as sent: it is formatted only when it is published.
 */
import { isUniqueViolation } from '../db/queries';
import type { Database } from '../db/database';

export interface Draft {
  path: string;
  text: string;
  revision: number;
  /** sha256 of the published text the draft began from; null: the file did not exist. */
  baseHash: string | null;
  updatedAt: string;
}

export interface DraftSave {
  path: string;
  text: string;
  /** The revision this save follows; undefined for the first save of the file. */
  revision: number | undefined;
  /** Where the editing began; undefined keeps the draft's (or, for a new draft, `currentHash`). */
  baseHash: string | null | undefined;
}

/** A save that does not follow the draft's latest revision. */
export class StaleDraftError extends Error {
  constructor(readonly current: number | null) {
    super('stale draft');
    this.name = 'StaleDraftError';
  }
}

type Row = { path: string; text: string; revision: number; base_hash: string | null; updated_at: string };

function draftOf(row: Row): Draft {
  return { path: row.path, text: row.text, revision: row.revision, baseHash: row.base_hash, updatedAt: new Date(row.updated_at).toISOString() };
}

export class DraftStore {
  constructor(private readonly database: Database) {}

  async list(operatorId: number): Promise<Draft[]> {
    const rows = await this.database.db
      .selectFrom('studio_draft')
      .select(['path', 'text', 'revision', 'base_hash', 'updated_at'])
      .where('operator_id', '=', operatorId)
      .orderBy('path')
      .execute();
    return rows.map(draftOf);
  }

  async get(operatorId: number, path: string): Promise<Draft | null> {
    const row = await this.database.db
      .selectFrom('studio_draft')
      .select(['path', 'text', 'revision', 'base_hash', 'updated_at'])
      .where('operator_id', '=', operatorId)
      .where('path', '=', path)
      .executeTakeFirst();
    return row ? draftOf(row) : null;
  }

  /**
   * Saves the draft: the first save (no revision) creates it at revision 1, a later one must name
   * the latest revision and moves it on by one. Throws StaleDraftError otherwise.
   * `currentHash`: the published file's hash now, the base of a draft whose save names none.
   */
  async save(operatorId: number, save: DraftSave, currentHash: string | null): Promise<Draft> {
    const now = new Date().toISOString();
    if (save.revision === undefined) {
      const baseHash = save.baseHash === undefined ? currentHash : save.baseHash;
      try {
        await this.database.db
          .insertInto('studio_draft')
          .values({ operator_id: operatorId, path: save.path, text: save.text, revision: 1, base_hash: baseHash, updated_at: now })
          .execute();
      } catch (err) {
        // Another tab (or server) made this draft first: this one began from an older state.
        if (isUniqueViolation(err)) throw new StaleDraftError((await this.get(operatorId, save.path))?.revision ?? null);
        throw err;
      }
      return { path: save.path, text: save.text, revision: 1, baseHash, updatedAt: now };
    }
    const result = await this.database.db
      .updateTable('studio_draft')
      .set({ text: save.text, revision: save.revision + 1, updated_at: now, ...(save.baseHash === undefined ? {} : { base_hash: save.baseHash }) })
      .where('operator_id', '=', operatorId)
      .where('path', '=', save.path)
      .where('revision', '=', save.revision)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      // Saved since by another tab, or published or discarded meanwhile.
      throw new StaleDraftError((await this.get(operatorId, save.path))?.revision ?? null);
    }
    const saved = await this.get(operatorId, save.path);
    return saved ?? { path: save.path, text: save.text, revision: save.revision + 1, baseHash: save.baseHash ?? null, updatedAt: now };
  }

  /** Removes the operator's drafts of these paths; answers how many there were. */
  async discard(operatorId: number, paths: readonly string[]): Promise<number> {
    if (paths.length === 0) return 0;
    const result = await this.database.db.deleteFrom('studio_draft').where('operator_id', '=', operatorId).where('path', 'in', [...paths]).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Removes the drafts that still hold these texts (a change published from review: a draft edited since stays). */
  async discardIfUnchanged(operatorId: number, texts: readonly { path: string; text: string }[]): Promise<void> {
    for (const t of texts) {
      await this.database.db.deleteFrom('studio_draft').where('operator_id', '=', operatorId).where('path', '=', t.path).where('text', '=', t.text).execute();
    }
  }

  /**
   * Removes drafts that were published, each only if it is still the revision that was published
   * (a save that came in while the publish ran stays, to be published next).
   */
  async discardPublished(operatorId: number, published: readonly { path: string; revision: number }[]): Promise<void> {
    for (const d of published) {
      await this.database.db.deleteFrom('studio_draft').where('operator_id', '=', operatorId).where('path', '=', d.path).where('revision', '=', d.revision).execute();
    }
  }
}
