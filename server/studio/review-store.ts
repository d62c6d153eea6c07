/**
 * The changes submitted for review (tables studio_review, studio_review_file, studio_review_event;
 * schemas/api/studio-reviews.ts). A change keeps each file as it was when (last) submitted, with
 * the published text's hash it began from. Its status moves only from the one a step expects
 * (`UPDATE … WHERE status IN …`), so two publishers, or a publisher and the author, acting at once
 * cannot both decide: the second is told the change was decided.
 */
import crypto from 'node:crypto';
import type { ReviewStatus } from '../../schemas/api/studio-reviews';
import type { Queries } from '../db/queries';

export type ReviewEventKind = 'submitted' | 'resubmitted' | 'sent_back' | 'published' | 'withdrawn';

export interface ReviewFile {
  path: string;
  text: string;
  baseHash: string | null;
}

export interface Review {
  id: number;
  authorId: number;
  author: string;
  status: ReviewStatus;
  note: string;
  notifyEmail: boolean;
  authorSeen: boolean;
  decidedBy: string | null;
  version: number | null;
  createdAt: string;
  updatedAt: string;
  files: ReviewFile[];
}

export interface ReviewEvent {
  at: string;
  operator: string;
  kind: ReviewEventKind;
  comment: string;
}

/** Waiting for a publisher, or back with its author: a file may be in one such change of an author at a time. */
export const OPEN_STATUSES: readonly ReviewStatus[] = ['submitted', 'sent_back'];

const PAGE = 200;

/**
 * What a publisher was shown of a change: a hash of its files (each path, text and the published
 * text it began from). The studio sends it back with Publish, which publishes only the files of
 * that hash: a change submitted again meanwhile is refused (409), never published unseen.
 */
export function reviewRevision(files: readonly ReviewFile[]): string {
  const canonical = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).map((f) => [f.path, f.text, f.baseHash]);
  return crypto.createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}

function iso(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

type Row = {
  id: number;
  author_id: number;
  author: string;
  status: ReviewStatus;
  note: string;
  notify_email: number;
  author_seen: number;
  decided_by: string | null;
  version_id: number | null;
  created_at: string;
  updated_at: string;
};

export class ReviewStore {
  constructor(private readonly q: Queries) {}

  private select(q: Queries = this.q) {
    return q.db
      .selectFrom('studio_review as r')
      .innerJoin('operator as o', 'o.id', 'r.author_id')
      .select(['r.id', 'r.author_id', 'o.email as author', 'r.status', 'r.note', 'r.notify_email', 'r.author_seen', 'r.decided_by', 'r.version_id', 'r.created_at', 'r.updated_at']);
  }

  private async withFiles(rows: Row[], q: Queries = this.q): Promise<Review[]> {
    if (rows.length === 0) return [];
    const files = await q.all(
      q.db
        .selectFrom('studio_review_file')
        .select(['review_id', 'path', 'text', 'base_hash'])
        .where(
          'review_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('path'),
    );
    return rows.map((r) => ({
      id: r.id,
      authorId: r.author_id,
      author: r.author,
      status: r.status,
      note: r.note,
      notifyEmail: r.notify_email === 1,
      authorSeen: r.author_seen === 1,
      decidedBy: r.decided_by,
      version: r.version_id,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      files: files.filter((f) => f.review_id === r.id).map((f) => ({ path: f.path, text: f.text, baseHash: f.base_hash })),
    }));
  }

  /** Newest first (at most 200): of one status, and/or of one author. */
  async list(filter: { status?: ReviewStatus; authorId?: number } = {}): Promise<Review[]> {
    let query = this.select().orderBy('r.id', 'desc').limit(PAGE);
    if (filter.status) query = query.where('r.status', '=', filter.status);
    if (filter.authorId !== undefined) query = query.where('r.author_id', '=', filter.authorId);
    return this.withFiles(await this.q.all(query));
  }

  async get(id: number, q: Queries = this.q): Promise<Review | null> {
    const row = await q.first(this.select(q).where('r.id', '=', id));
    return row ? ((await this.withFiles([row], q))[0] ?? null) : null;
  }

  async events(id: number): Promise<ReviewEvent[]> {
    const rows = await this.q.all(this.q.db.selectFrom('studio_review_event').select(['at', 'operator_email', 'kind', 'comment']).where('review_id', '=', id).orderBy('id'));
    return rows.map((e) => ({ at: iso(e.at), operator: e.operator_email, kind: e.kind, comment: e.comment }));
  }

  /** The author's open changes by each path they hold. */
  async openPathsOf(authorId: number): Promise<Map<string, number>> {
    const rows = await this.q.all(
      this.q.db
        .selectFrom('studio_review_file as f')
        .innerJoin('studio_review as r', 'r.id', 'f.review_id')
        .select(['f.path', 'r.id'])
        .where('r.author_id', '=', authorId)
        .where('r.status', 'in', [...OPEN_STATUSES]),
    );
    return new Map(rows.map((r) => [r.path, r.id]));
  }

  /** Changes waiting for review that hold one of these paths, but `except`: [{path, review}]. */
  async waitingWith(paths: readonly string[], except: number): Promise<{ path: string; review: number }[]> {
    if (paths.length === 0) return [];
    const rows = await this.q.all(
      this.q.db
        .selectFrom('studio_review_file as f')
        .innerJoin('studio_review as r', 'r.id', 'f.review_id')
        .select(['f.path', 'r.id'])
        .where('r.status', '=', 'submitted')
        .where('r.id', '!=', except)
        .where('f.path', 'in', [...paths])
        .orderBy('r.id'),
    );
    return rows.map((r) => ({ path: r.path, review: r.id }));
  }

  async counts(operatorId: number): Promise<{ waiting: number; answered: number }> {
    const waiting = await this.q.first(this.q.db.selectFrom('studio_review').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'submitted'));
    const answered = await this.q.first(
      this.q.db.selectFrom('studio_review').select((eb) => eb.fn.countAll<number>().as('n')).where('author_id', '=', operatorId).where('author_seen', '=', 0),
    );
    return { waiting: Number(waiting?.n ?? 0), answered: Number(answered?.n ?? 0) };
  }

  /** A new change, waiting for review; answers its id. */
  async create(author: { id: number; email: string }, input: { note: string; notifyEmail: boolean; files: readonly ReviewFile[] }): Promise<number> {
    const now = new Date().toISOString();
    return this.q.transaction(async (tx) => {
      const id = await tx.insertReturningId('studio_review', {
        author_id: author.id,
        status: 'submitted',
        note: input.note,
        notify_email: input.notifyEmail ? 1 : 0,
        author_seen: 1,
        decided_by: null,
        version_id: null,
        created_at: now,
        updated_at: now,
      });
      for (const f of input.files) await tx.insert('studio_review_file', { review_id: id, path: f.path, text: f.text, base_hash: f.baseHash });
      await tx.insert('studio_review_event', { review_id: id, at: now, operator_email: author.email, kind: 'submitted', comment: input.note });
      return id;
    });
  }

  /** The change's files replaced by these, waiting for review again; false when it was not open any more. */
  async resubmit(id: number, author: { email: string }, input: { note: string; notifyEmail: boolean | undefined; files: readonly ReviewFile[] }): Promise<boolean> {
    const now = new Date().toISOString();
    return this.q.transaction(async (tx) => {
      const moved = await tx.run(
        tx.db
          .updateTable('studio_review')
          .set({ status: 'submitted', note: input.note, updated_at: now, author_seen: 1, ...(input.notifyEmail === undefined ? {} : { notify_email: input.notifyEmail ? 1 : 0 }) })
          .where('id', '=', id)
          .where('status', 'in', [...OPEN_STATUSES]),
      );
      if (moved !== 1) return false;
      await tx.run(tx.db.deleteFrom('studio_review_file').where('review_id', '=', id));
      for (const f of input.files) await tx.insert('studio_review_file', { review_id: id, path: f.path, text: f.text, base_hash: f.baseHash });
      await tx.insert('studio_review_event', { review_id: id, at: now, operator_email: author.email, kind: 'resubmitted', comment: input.note });
      return true;
    });
  }

  /**
   * Moves the change from one of `from` to `to`, with its event; false when it was in none of them
   * (decided meanwhile). A decision by someone other than the author is "unseen" by them until
   * they open it. Without an event: a claim (a publish about to be made; ./review-routes.ts).
   */
  async move(id: number, from: readonly ReviewStatus[], to: ReviewStatus, by: { email: string; isAuthor: boolean }, event?: { kind: ReviewEventKind; comment: string }): Promise<boolean> {
    const now = new Date().toISOString();
    return this.q.transaction(async (tx) => {
      const moved = await tx.run(
        tx.db
          .updateTable('studio_review')
          .set({ status: to, updated_at: now, ...(by.isAuthor ? {} : { decided_by: by.email, author_seen: 0 }) })
          .where('id', '=', id)
          .where('status', 'in', [...from]),
      );
      if (moved !== 1) return false;
      if (event) await tx.insert('studio_review_event', { review_id: id, at: now, operator_email: by.email, kind: event.kind, comment: event.comment });
      return true;
    });
  }

  /**
   * A publisher's claim on the change to publish it, as they were shown it: in one transaction, the
   * change moves from waiting to published (version still null) and its files are read; unless they
   * are the files of `revision`, nothing is stored. Once claimed, nobody can submit it again (its
   * status is not open), so the files answered are the ones that go live.
   */
  async claimToPublish(id: number, revision: string, by: { email: string; isAuthor: boolean }): Promise<{ claimed: ReviewFile[] } | 'decided' | 'changed'> {
    const changed = new Error('changed');
    try {
      return await this.q.transaction(async (tx) => {
        const now = new Date().toISOString();
        const moved = await tx.run(
          tx.db
            .updateTable('studio_review')
            .set({ status: 'published', updated_at: now, ...(by.isAuthor ? {} : { decided_by: by.email, author_seen: 0 }) })
            .where('id', '=', id)
            .where('status', '=', 'submitted'),
        );
        if (moved !== 1) return 'decided' as const;
        const files = (await tx.all(tx.db.selectFrom('studio_review_file').select(['path', 'text', 'base_hash']).where('review_id', '=', id).orderBy('path'))).map((f) => ({
          path: f.path,
          text: f.text,
          baseHash: f.base_hash,
        }));
        // Thrown, so the transaction takes the claim back.
        if (reviewRevision(files) !== revision) throw changed;
        return { claimed: files };
      });
    } catch (err) {
      if (err === changed) return 'changed';
      throw err;
    }
  }

  /** A publish that did not happen after all: the change waits again (its claim is taken back, no event). */
  async release(id: number): Promise<void> {
    await this.q.run(this.q.db.updateTable('studio_review').set({ status: 'submitted', author_seen: 1 }).where('id', '=', id).where('status', '=', 'published').where('version_id', 'is', null));
  }

  /** The claimed publish made: its version and its event. */
  async published(id: number, version: number, by: string, comment: string): Promise<void> {
    await this.q.transaction(async (tx) => {
      await tx.run(tx.db.updateTable('studio_review').set({ version_id: version }).where('id', '=', id));
      await tx.insert('studio_review_event', { review_id: id, at: new Date().toISOString(), operator_email: by, kind: 'published', comment });
    });
  }

  async markSeen(id: number): Promise<void> {
    await this.q.run(this.q.db.updateTable('studio_review').set({ author_seen: 1 }).where('id', '=', id).where('author_seen', '=', 0));
  }
}
