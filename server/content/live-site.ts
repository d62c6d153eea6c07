/**
 * The content every server serves, swapped whole when it changes: after a publish of the studio
 * (on this server, or on another one sharing the database), and in development when a file of the
 * content folder changes. A folder that fails validation never replaces the content serving: the
 * last good one stays, and its problems are kept for the log and the studio.
 *
 * How a server follows the others (docs/deployment.md, "Content changes on several servers"): each
 * remembers the last version it has applied, and every CONTENT_POLL_MS asks the database for the
 * newest one; for each it has not applied it writes the files (./content-sync.ts), then reloads.
 * Everything that changes the content serving (a publish, a sync, a reload) runs one at a time.
 */
import type { Database } from '../db/database';
import type { Queries } from '../db/queries';
import type { Logger } from '../logger';
import { sha256Hex } from '../services/secrets';
import type { ContentChanges } from './content-changes';
import { ContentPathError, contentFilePath, readTextOrNull, resolveContentFile, writeFileAtomically } from './content-files';
import { latestImageFileId, latestImageRemovalId, removeDeletedImageFiles, syncImageFiles } from './content-images';
import { latestVersionId, PUBLISH_LOCK, recordVersion, syncFolder } from './content-sync';
import { watchContentFolder, type ContentWatcher } from './content-watcher';
import { formatProblem, InvalidContentError, type DefinitionProblem } from './definition-problem';
import { loadContent, type Content } from './load-content';
import { SiteCheckThread } from './site-check-thread';

export type ContentProblem = DefinitionProblem;

/** Files of the content folder by path relative to it: the new text, or null to remove the file. */
export type { ContentChanges };

export interface PublishMeta {
  /** The operator's e-mail. */
  author: string;
  message: string;
  /** A restore: the version whose changes it undoes. */
  restoredFrom?: number;
  /**
   * What each named file must hold when the publish is made, checked under the publish lock: the
   * sha256 (hex) of its text as `publishedTextHash` gives it, or null for a file that must not exist.
   * A file that holds anything else refuses the publish with ContentConflictError (another operator
   * published it meanwhile). Files not named are not checked.
   */
  expected?: ReadonlyMap<string, string | null>;
}

/** The hash PublishMeta.expected compares: sha256 hex of the text; null for no file. */
export function publishedTextHash(text: string | null): string | null {
  return text === null ? null : sha256Hex(text);
}

/** A publish refused because a file no longer holds what the operator's draft began from. */
export class ContentConflictError extends Error {
  constructor(readonly files: string[]) {
    super(`Published meanwhile by someone else: ${files.join(', ')}`);
    this.name = 'ContentConflictError';
  }
}

export interface LiveSite {
  /** The content folder. */
  readonly dir: string;
  /** The content being served now. */
  current(): Content;
  /** Problems of the folder on disk that keep the last good content serving; empty when it is good. */
  problems(): ContentProblem[];
  /** The id of the last published version this server has applied to its folder (0: none). */
  appliedVersion(): number;
  /** The text of a file of the folder as published, or null when there is none (or the path is not one of the folder's). */
  readPublished(path: string): string | null;
  /**
   * The problems the whole folder would have with these changes, written nowhere: the same as a
   * full check's, for the cost of what changed, and off the event loop for a large site (./site-check-thread.ts).
   */
  check(changes: ContentChanges): Promise<ContentProblem[]>;
  /** The content as it would be with these changes (a preview); throws InvalidContentError when they have problems. */
  contentWith(changes: ContentChanges): Content;
  /** The changes with their paths as the folder names them, for a thread that loads them itself (the studio's preview); throws InvalidContentError for a path outside it. */
  changesInside(changes: ContentChanges): ContentChanges;
  /**
   * Writes the changes into the folder (each file atomically: a temporary file renamed over it),
   * records them as one version in the database with the text each file had before, and swaps
   * every server to the new content. Refuses (InvalidContentError) when the folder with them has
   * problems or a path is not inside the folder, and (ContentConflictError) when `meta.expected`
   * does not hold; then nothing is written or recorded. Returns the version's id.
   */
  publish(changes: ContentChanges, meta: PublishMeta): Promise<number>;
  /** Re-reads the folder and swaps to it when it passes; otherwise keeps the content serving. */
  reload(): Promise<{ swapped: boolean; problems: ContentProblem[] }>;
  /** Writes the images uploaded (on any server) that this server's folder does not have yet (./content-images.ts). */
  syncImages(): Promise<void>;
}

export interface LiveSiteOptions {
  dir: string;
  database: Database;
  logger: Logger;
  /**
   * Puts content in service (server/start.ts: builds an app for it and hands it new requests).
   * The content is current() only once this resolves; when it throws, the content serving stays.
   */
  swap(content: Content): Promise<void>;
  /**
   * The folder as loadContent already read and checked it (a test's snapshot): served as it is when
   * no published version changes the folder at start; otherwise the folder is read again.
   */
  loaded?: Content;
  /** The definitions' size from which a check runs in a thread of its own (default OFF_THREAD_FROM_BYTES). */
  checkOffThreadFromBytes?: number;
}

export interface LiveSiteRun {
  /** How often to look for versions published by other servers (CONTENT_POLL_MS); 0: never. */
  pollMs: number;
  /** Watch the folder and reload on a change (development: CONTENT_WATCH). */
  watch: boolean;
}

/**
 * Brings the folder up to the published versions (a server started from an old image catches up),
 * loads it (throws InvalidContentError when it has problems: the server does not start), and
 * answers the live site, with the newest version recorded as applied.
 */
export async function openLiveSite(options: LiveSiteOptions): Promise<ContentLiveSite> {
  const q = options.database.q;
  // Read first: a version published while the folder is brought up is picked by the first poll.
  const latest = await latestVersionId(q);
  const written = await syncFolder(q, options.dir, 0, latest, 'start', options.logger);
  const images = await syncImageFiles(q, options.dir, 0, options.logger);
  const removals = await removeDeletedImageFiles(q, options.dir, 0, options.logger);
  const content = options.loaded && written.size === 0 ? options.loaded : loadContent(options.dir);
  return new ContentLiveSite(options, content, latest, images, removals);
}

export class ContentLiveSite implements LiveSite {
  readonly dir: string;
  private content: Content;
  private applied: number;
  private folderProblems: ContentProblem[] = [];
  /** The problems already in the log, so a watcher that reloads on every save logs each one once. */
  private logged = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();
  private pollTimer: NodeJS.Timeout | undefined;
  private pollMs = 0;
  private pollFailing = false;
  /** A swap that failed (the app could not be built): the next poll tries again. */
  private swapOwed = false;
  private watcher: ContentWatcher | undefined;
  /** Files this server has just written itself and already reloaded for: the watcher skips them. */
  private readonly ownWrites = new Map<string, string | null>();
  private stopped = false;
  private readonly checker: SiteCheckThread;

  constructor(
    private readonly options: LiveSiteOptions,
    content: Content,
    applied: number,
    /** The last uploaded image file written into the folder. */
    private imagesApplied = 0,
    /** The last deleted image whose files were taken out of the folder. */
    private removalsApplied = 0,
  ) {
    this.dir = options.dir;
    this.content = content;
    this.applied = applied;
    this.checker = new SiteCheckThread(options.dir, options.logger, options.checkOffThreadFromBytes);
  }

  async syncImages(q: Queries = this.options.database.q): Promise<void> {
    if ((await latestImageFileId(q)) > this.imagesApplied) this.imagesApplied = await syncImageFiles(q, this.dir, this.imagesApplied, this.options.logger);
    if ((await latestImageRemovalId(q)) > this.removalsApplied) this.removalsApplied = await removeDeletedImageFiles(q, this.dir, this.removalsApplied, this.options.logger);
  }

  current(): Content {
    return this.content;
  }

  problems(): ContentProblem[] {
    return [...this.folderProblems];
  }

  appliedVersion(): number {
    return this.applied;
  }

  readPublished(file: string): string | null {
    try {
      return readTextOrNull(resolveContentFile(this.dir, file));
    } catch (err) {
      if (err instanceof ContentPathError || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw err;
    }
  }

  async check(changes: ContentChanges): Promise<ContentProblem[]> {
    const { inside, problems } = this.inside(changes);
    return [...problems, ...(await this.checker.check(inside))];
  }

  contentWith(changes: ContentChanges): Content {
    return loadContent(this.dir, this.changesInside(changes));
  }

  changesInside(changes: ContentChanges): ContentChanges {
    const { inside, problems } = this.inside(changes);
    if (problems.length) throw new InvalidContentError(problems);
    return inside;
  }

  publish(changes: ContentChanges, meta: PublishMeta): Promise<number> {
    const { inside, problems } = this.inside(changes);
    if (problems.length) return Promise.reject(new InvalidContentError(problems));
    if (inside.size === 0) return Promise.reject(new InvalidContentError([{ file: '', pointer: '', message: 'a publish names no file' }]));
    return this.serial(() => this.publishNow(inside, meta));
  }

  reload(): Promise<{ swapped: boolean; problems: ContentProblem[] }> {
    return this.serial(() => this.reloadNow());
  }

  /** Starts following other servers' publishes and, when asked, the folder itself. */
  run(run: LiveSiteRun): void {
    this.pollMs = run.pollMs;
    this.checker.warm();
    if (run.pollMs > 0) this.schedulePoll();
    if (run.watch) this.watcher = watchContentFolder(this.dir, (files) => void this.onFolderChange(files), this.options.logger);
  }

  /** Stops polling and watching; resolves once a publish, sync or reload under way has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.watcher?.close();
    await this.queue;
    await this.checker.close();
  }

  /** One poll: applies the versions other servers published since the last one. */
  async poll(): Promise<void> {
    await this.serial(async () => {
      if (this.stopped) return;
      const q = this.options.database.q;
      let latest: number;
      try {
        latest = await latestVersionId(q);
        if (this.pollFailing) this.options.logger.info('content versions can be read again');
        this.pollFailing = false;
      } catch (err) {
        // The database away for a moment: said once, tried again at the next poll.
        if (!this.pollFailing) this.options.logger.warn({ err: (err as Error).message }, 'cannot read the content versions; the content serving stays');
        this.pollFailing = true;
        return;
      }
      await this.syncImages(q);
      if (latest <= this.applied && !this.swapOwed) return;
      if (latest > this.applied) await this.syncNewer(q, latest);
      await this.reloadNow({ version: this.applied });
    });
  }

  // ---------------------------------------------------------------------------------------------

  /** The changes with their paths normalised, and a problem for each path that is not one of the folder's. */
  private inside(changes: ContentChanges): { inside: Map<string, string | null>; problems: ContentProblem[] } {
    const inside = new Map<string, string | null>();
    const problems: ContentProblem[] = [];
    for (const [file, text] of changes) {
      try {
        const normalised = contentFilePath(file);
        resolveContentFile(this.dir, normalised);
        if (text !== null && typeof text !== 'string') throw new ContentPathError(file, 'has no text');
        inside.set(normalised, text);
      } catch (err) {
        if (!(err instanceof ContentPathError)) throw err;
        problems.push({ file: String(file), pointer: '', message: err.reason });
      }
    }
    return { inside, problems };
  }

  private serial<T>(op: () => Promise<T>): Promise<T> {
    const run = this.queue.then(op, op);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private schedulePoll(): void {
    if (this.stopped) return;
    this.pollTimer = setTimeout(() => {
      void this.poll()
        .catch((err: unknown) => this.options.logger.error({ err }, 'content poll failed'))
        .finally(() => this.schedulePoll());
    }, this.pollMs);
    this.pollTimer.unref();
  }

  /** Writes what the versions after the applied one up to `latest` changed (./content-sync.ts). */
  private async syncNewer(q: Queries, latest: number): Promise<void> {
    const written = await syncFolder(q, this.dir, this.applied, latest, 'newer', this.options.logger);
    for (const [file, text] of written) this.ownWrites.set(file, text);
    this.applied = latest;
  }

  private async publishNow(changes: Map<string, string | null>, meta: PublishMeta): Promise<number> {
    const { logger, database } = this.options;
    const files = [...changes].map(([file, after]) => ({ file, after, absolute: resolveContentFile(this.dir, file) }));
    /** Files written so far, with the text to put back if the publish does not happen after all. */
    const written: Array<{ file: string; absolute: string; before: string | null }> = [];
    const undo = () => {
      for (const w of written.reverse()) {
        try {
          writeFileAtomically(w.absolute, w.before);
          this.ownWrites.delete(w.file);
        } catch (err) {
          logger.error({ file: w.file, err: (err as Error).message }, 'could not put a content file back after a failed publish');
        }
      }
      written.length = 0;
    };
    let content: Content | undefined;
    let caughtUp = false;
    let id: number;
    try {
      id = await database.q.transaction(async (tx) => {
        undo(); // a transaction tried again (a deadlock) starts from the folder as it was
        await tx.lockKey(PUBLISH_LOCK);
        // Another server's publish this one has not polled yet: the folder takes it first, so the
        // check and the "before" texts are those of the newest content.
        // Images uploaded on another server that the changes may show.
        await this.syncImages(tx);
        const latest = await latestVersionId(tx);
        if (latest > this.applied) {
          await this.syncNewer(tx, latest);
          caughtUp = true;
        }
        const before = files.map((f) => readTextOrNull(f.absolute));
        if (meta.expected) {
          const conflicts = files.filter((f, i) => meta.expected!.has(f.file) && meta.expected!.get(f.file) !== publishedTextHash(before[i]!));
          if (conflicts.length) throw new ContentConflictError(conflicts.map((f) => f.file));
        }
        content = loadContent(this.dir, changes);
        const versionId = await recordVersion(
          tx,
          { author: meta.author, message: meta.message, restoredFrom: meta.restoredFrom },
          files.map((f, i) => ({ path: f.file, before: before[i]!, after: f.after })),
        );
        // All files in one synchronous run: nothing else in this process sees half of them.
        for (const [i, f] of files.entries()) {
          written.push({ file: f.file, absolute: f.absolute, before: before[i]! });
          writeFileAtomically(f.absolute, f.after);
          this.ownWrites.set(f.file, f.after);
        }
        return versionId;
      });
    } catch (err) {
      undo();
      if (caughtUp) await this.reloadNow({ version: this.applied });
      throw err;
    }
    this.applied = id;
    await this.swapTo(content!, 'content published', { version: id, author: meta.author, files: [...changes.keys()] });
    return id;
  }

  /** Loads the folder; swaps to it when it passes, else keeps the content serving and logs its new problems. */
  private async reloadNow(detail: Record<string, unknown> = {}): Promise<{ swapped: boolean; problems: ContentProblem[] }> {
    let content: Content;
    try {
      content = loadContent(this.dir);
    } catch (err) {
      const problems = err instanceof InvalidContentError ? err.problems : [{ file: this.dir, pointer: '', message: `could not be read: ${(err as Error).message}` }];
      this.refuse(problems);
      return { swapped: false, problems: this.problems() };
    }
    const swapped = await this.swapTo(content, 'content reloaded', detail);
    return { swapped, problems: this.problems() };
  }

  private refuse(problems: ContentProblem[]): void {
    this.folderProblems = problems;
    const now = new Set<string>();
    for (const p of problems) {
      const key = formatProblem(p);
      now.add(key);
      if (!this.logged.has(key)) this.options.logger.warn({ file: p.file, pointer: p.pointer, problem: p.message }, 'content problem: the last good content keeps serving');
    }
    this.logged = now;
  }

  private async swapTo(content: Content, message: string, detail: Record<string, unknown>): Promise<boolean> {
    try {
      await this.options.swap(content);
    } catch (err) {
      this.swapOwed = true;
      this.options.logger.error({ err, ...detail }, 'could not put the new content in service; the content serving stays (tried again at the next poll)');
      return false;
    }
    this.swapOwed = false;
    this.content = content;
    this.checker.folderChanged();
    this.folderProblems = [];
    this.logged.clear();
    this.options.logger.info(detail, message);
    return true;
  }

  private async onFolderChange(files: string[]): Promise<void> {
    await this.serial(async () => {
      if (this.stopped) return;
      const others = files.filter((file) => !this.isOwnWrite(file));
      if (others.length === 0) return;
      await this.reloadNow({ files: others });
    }).catch((err: unknown) => this.options.logger.error({ err }, 'content reload failed'));
  }

  /** Whether a changed file is one this server wrote itself and still holds that text (each write is skipped once). */
  private isOwnWrite(file: string): boolean {
    if (!this.ownWrites.has(file)) return false;
    const expected = this.ownWrites.get(file);
    this.ownWrites.delete(file);
    try {
      return this.readPublished(file) === expected;
    } catch {
      return false;
    }
  }
}
