/**
 * Where the studio's previews are made. A preview loads the whole site with the operator's drafts
 * and renders a page: for a large draft, most of a second, and on the event loop every visitor's
 * page waited that long behind each one (one viewer posting large previews back to back
 * kept the home page near a second for everyone). So a preview whose drafts (with the text shown)
 * come to PREVIEW_OFF_THREAD_FROM_BYTES or more is made in a worker thread (./preview-worker.ts);
 * a smaller one costs what a visitor's page costs and is made here, without waiting for the thread
 * to start (it loads the renderer and the site: seconds on a busy machine). What one operator may
 * cost is bounded too:
 *
 * - one preview of theirs is made at a time, and one waits behind it: a newer one replaces the one
 *   waiting (its browser has moved on to the newer text), which is answered 429;
 * - a preview that takes PREVIEW_TIMEOUT_MS stops the thread (a new one starts for the next
 *   preview) and is answered 422;
 * - the thread ends after PREVIEW_IDLE_MS without a preview, so an idle server holds no second
 *   copy of the site.
 *
 * There is one thread per served site (a publish builds the routes again, not the thread). Should
 * the thread fail to start, previews are made here, as before, and the log says so.
 */
import diagnostics from 'node:diagnostics_channel';
import { threadId, type Worker } from 'node:worker_threads';
import { InvalidContentError } from '../content/definition-problem';
import type { LiveSite } from '../content/live-site';
import { newServerWorker } from '../content/site-check-thread';
import { ssrEntry } from '../build-output';
import { ApiError } from '../http/api-error';
import type { Logger } from '../logger';
import { renderPreview, type PreviewRenderer } from './content-preview';
import type { PreviewAnswer, PreviewRequest, PreviewWorkerData } from './preview-worker';

export const PREVIEW_OFF_THREAD_FROM_BYTES = 64 * 1024;
export const PREVIEW_TIMEOUT_MS = 60_000;
export const PREVIEW_IDLE_MS = 30_000;
export const PREVIEW_REPLACED = 'A newer preview replaced this one.';
export const PREVIEW_TOO_SLOW = `This page took more than ${PREVIEW_TIMEOUT_MS / 1000} seconds to render for a preview: make it smaller (fewer blocks or shorter texts), then preview it again.`;

/** Each preview made, with the thread it was made in: what the attacker's tests watch (server/security/studio-preview-load.test.ts). */
export const previewChannel = diagnostics.channel('showroom:studio-preview');
export interface PreviewMade {
  operatorId: number;
  /** The thread that loaded the site and rendered the page (node:worker_threads' threadId). */
  thread: number;
}

type Job = Omit<PreviewRequest, 'id'>;
interface Pending {
  job: Job;
  resolve(answer: { html: string; thread: number }): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}
interface Turn {
  busy: boolean;
  waiting?: { go(): void; replaced(err: Error): void };
}

const threads = new WeakMap<LiveSite, PreviewThread>();

export class PreviewThread {
  private worker: Worker | undefined;
  private failed = false;
  private nextId = 1;
  private idle: NodeJS.Timeout | undefined;
  private readonly pending = new Map<number, Pending>();
  private readonly turns = new Map<number, Turn>();

  /** The served site's thread, made on its first preview. */
  static of(live: LiveSite, renderer: PreviewRenderer, logger: Logger): PreviewThread {
    let thread = threads.get(live);
    if (!thread) {
      thread = new PreviewThread(live, renderer, logger);
      threads.set(live, thread);
    }
    return thread;
  }

  private constructor(
    private readonly live: LiveSite,
    private readonly renderer: PreviewRenderer,
    private readonly logger: Logger,
  ) {}

  /** The preview's HTML; InvalidContentError when the drafts keep it from rendering; ApiError for a refusal. */
  async render(operatorId: number, job: Job): Promise<string> {
    await this.turnOf(operatorId);
    try {
      const { html, thread } = await this.make(job);
      previewChannel.publish({ operatorId, thread } satisfies PreviewMade);
      return html;
    } finally {
      this.pass(operatorId);
    }
  }

  /** Waits until it is this operator's turn: one preview of theirs at a time, one waiting, the newest. */
  private turnOf(operatorId: number): Promise<void> {
    const turn = this.turns.get(operatorId);
    if (!turn) {
      this.turns.set(operatorId, { busy: true });
      return Promise.resolve();
    }
    turn.waiting?.replaced(new ApiError(429, 'preview_replaced', PREVIEW_REPLACED));
    return new Promise((go, replaced) => {
      turn.waiting = { go, replaced };
    });
  }

  private pass(operatorId: number): void {
    const turn = this.turns.get(operatorId);
    const next = turn?.waiting;
    if (turn && next) {
      turn.waiting = undefined;
      next.go();
    } else this.turns.delete(operatorId);
  }

  private make(job: Job): Promise<{ html: string; thread: number }> {
    const bytes = job.changes.reduce((sum, [, text]) => sum + (text?.length ?? 0), 0);
    if (this.failed || bytes < PREVIEW_OFF_THREAD_FROM_BYTES) return Promise.resolve().then(() => this.here(job));
    if (this.idle) clearTimeout(this.idle);
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.tooSlow(worker), PREVIEW_TIMEOUT_MS);
      timer.unref();
      this.pending.set(id, { job, resolve, reject, timer });
      worker.postMessage({ id, ...job } satisfies PreviewRequest);
    });
  }

  /** The preview made on this thread: a small one, or any when the worker cannot run at all. */
  private here(job: Job): { html: string; thread: number } {
    const contentWith = (changes: Job['changes']) => this.live.contentWith(new Map(changes));
    let content;
    try {
      content = contentWith(job.changes);
    } catch (err) {
      if (!(err instanceof InvalidContentError) || job.changes.length <= 1) throw err;
      content = contentWith(job.alone);
    }
    return { html: renderPreview(this.renderer, content, job.file, job.route), thread: threadId };
  }

  private start(): Worker {
    const data: PreviewWorkerData = { dir: this.live.dir, ssrEntry, assets: this.renderer.assets, publicUrl: this.renderer.publicUrl, forms: this.renderer.forms };
    const worker = newServerWorker('studio/preview-worker', data);
    worker.unref();
    worker.on('message', (answer: PreviewAnswer) => {
      const call = this.pending.get(answer.id);
      if (!call) return;
      this.pending.delete(answer.id);
      clearTimeout(call.timer);
      if ('html' in answer) call.resolve({ html: answer.html, thread: answer.thread });
      else if ('problems' in answer) call.reject(new InvalidContentError(answer.problems));
      else if ('refusal' in answer) call.reject(new ApiError(answer.refusal.status, answer.refusal.code, answer.refusal.message, answer.refusal.fields));
      else call.reject(new Error(answer.error));
      this.idleLater(worker);
    });
    worker.on('error', (err) => {
      // A thread that cannot run is not started again: the previews are made here, as before.
      this.logger.warn({ err: err.message }, 'the studio preview thread failed; previews are made on the main thread');
      this.failed = true;
      this.drop(worker);
      for (const [id, call] of this.pending) {
        this.pending.delete(id);
        clearTimeout(call.timer);
        try {
          call.resolve(this.here(call.job));
        } catch (e) {
          call.reject(e as Error);
        }
      }
    });
    worker.on('exit', () => this.drop(worker));
    return worker;
  }

  /** A preview that takes too long: the thread is stopped, what it was making is refused, the next preview starts another. */
  private tooSlow(worker: Worker): void {
    this.drop(worker);
    void worker.terminate();
    for (const [id, call] of this.pending) {
      this.pending.delete(id);
      clearTimeout(call.timer);
      call.reject(new ApiError(422, 'preview_unavailable', PREVIEW_TOO_SLOW, { text: PREVIEW_TOO_SLOW }));
    }
  }

  private idleLater(worker: Worker): void {
    if (this.pending.size) return;
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.pending.size || this.worker !== worker) return;
      this.drop(worker);
      void worker.terminate();
    }, PREVIEW_IDLE_MS);
    this.idle.unref();
  }

  private drop(worker: Worker): void {
    if (this.worker === worker) this.worker = undefined;
  }
}
