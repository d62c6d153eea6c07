/**
 * Autosave of one file's draft, without React: about 800 ms after the last change the text is PUT
 * with the revision the previous save answered (none before the first) and the published hash the
 * editing began from. While a save is in flight, newer text waits for it. Typing is never lost: a
 * failed save keeps the text and tries again (1 s, 2 s, 5 s, 10 s, then every 30 s); a 409
 * draft_stale (another tab saved this draft meanwhile) stops autosaving until the operator chooses
 * to reload theirs or keep this one.
 */
import { StudioApiError, type DraftSaved } from '../api/studio-client';

export type SaveStatus =
  | { state: 'idle' }
  | { state: 'pending' }
  | { state: 'saving' }
  | { state: 'saved'; at: string }
  | { state: 'failed'; message: string; retrying: boolean }
  | { state: 'conflict'; message: string };

export interface DraftBody {
  path: string;
  text: string;
  revision?: number;
  baseHash: string | null;
}

export interface DraftSaverOptions {
  path: string;
  revision: number | undefined;
  baseHash: string | null;
  save(body: DraftBody): Promise<DraftSaved>;
  onSaved(result: DraftSaved, text: string): void;
  onStatus(status: SaveStatus): void;
  delayMs?: number;
  retryMs?: readonly number[];
}

export const STALE_DRAFT_MESSAGE = 'Another tab or window saved this draft after this one last did. Reload to see that version, or keep yours (it replaces the other).';
const RETRY_MS = [1000, 2000, 5000, 10000, 30000];

export class DraftSaver {
  private revision: number | undefined;
  private baseHash: string | null;
  private pending: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<void> | null = null;
  private failures = 0;
  private conflict = false;
  private disposed = false;
  status: SaveStatus = { state: 'idle' };

  constructor(private readonly opts: DraftSaverOptions) {
    this.revision = opts.revision;
    this.baseHash = opts.baseHash;
  }

  /** The text changed: save it after the pause. */
  change(text: string): void {
    this.pending = text;
    if (this.conflict) return;
    this.setStatus({ state: 'pending' });
    this.arm(this.opts.delayMs ?? 800);
  }

  /** Unsaved text, if any (what a page unload would lose). */
  get unsaved(): boolean {
    return this.pending !== null || this.inFlight !== null;
  }

  /** Save now what is waiting (a retry button, leaving the file). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.inFlight) return this.inFlight;
    if (this.pending === null || this.conflict) return Promise.resolve();
    const text = this.pending;
    this.pending = null;
    this.setStatus({ state: 'saving' });
    this.inFlight = this.opts
      .save({ path: this.opts.path, text, ...(this.revision === undefined ? {} : { revision: this.revision }), baseHash: this.baseHash })
      .then(
        (result) => {
          this.inFlight = null;
          this.failures = 0;
          this.revision = result.revision;
          this.opts.onSaved(result, text);
          if (this.pending !== null) this.arm(0);
          else this.setStatus({ state: 'saved', at: result.updatedAt });
        },
        (error: unknown) => {
          this.inFlight = null;
          // Newer text supersedes this one; otherwise keep this one to try again.
          if (this.pending === null) this.pending = text;
          if (error instanceof StudioApiError && error.status === 409) {
            this.conflict = true;
            this.setStatus({ state: 'conflict', message: STALE_DRAFT_MESSAGE });
            return;
          }
          const permanent = error instanceof StudioApiError && (error.status === 400 || error.status === 403 || error.status === 413);
          const message = error instanceof StudioApiError ? error.message : 'The server could not be reached.';
          this.setStatus({ state: 'failed', message, retrying: !permanent });
          const delays = this.opts.retryMs ?? RETRY_MS;
          if (!permanent && !this.disposed) this.arm(delays[Math.min(this.failures, delays.length - 1)]!);
          this.failures++;
        },
      );
    return this.inFlight;
  }

  /**
   * After a conflict: go on from the draft as it now is on the server (its revision), with this
   * text (keep mine) or with none (the editor reloaded theirs).
   */
  resume(revision: number | undefined, baseHash: string | null, text: string | null): void {
    this.conflict = false;
    this.failures = 0;
    this.revision = revision;
    this.baseHash = baseHash;
    this.pending = text;
    if (text === null) this.setStatus({ state: 'idle' });
    else {
      this.setStatus({ state: 'pending' });
      this.arm(0);
    }
  }

  /** Leaving the file: what is waiting is saved at once (the request outlives the editor). */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    void this.flush();
  }

  private arm(ms: number): void {
    clearTimeout(this.timer);
    // After dispose only a save that was waiting behind the one in flight goes out, at once.
    if (this.disposed) {
      void this.flush();
      return;
    }
    this.timer = setTimeout(() => void this.flush(), ms);
  }

  private setStatus(status: SaveStatus): void {
    this.status = status;
    if (!this.disposed) this.opts.onStatus(status);
  }
}
