/**
 * Where a save's check runs. A check of the demo store's size takes a few milliseconds once its
 * base is read (./site-check.ts), so it runs in this thread. A large site's takes longer, and on
 * the event loop it would hold every visitor's page meanwhile: from OFF_THREAD_FROM_BYTES of
 * definitions (with the changes), it runs in a worker thread of its own (./site-check-worker.ts),
 * started on the first such check and kept. Should the thread fail, the check runs here, as before.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../logger';
import type { ContentChanges } from './content-changes';
import type { DefinitionProblem } from './definition-problem';
import { SiteCheck } from './site-check';
import type { CheckAnswer, CheckRequest } from './site-check-worker';

/** The size of a site's definitions (JSON files and the changes) from which its saves are checked off the event loop. */
export const OFF_THREAD_FROM_BYTES = 1024 * 1024;

/**
 * A worker thread of the server, `name` as scripts/build-server.ts lists it (content/site-check-worker,
 * studio/preview-worker): under dist/server in the build; in the sources (development, tests), the
 * TypeScript file under server/, imported once tsx's loader is registered in the thread (a thread
 * does not inherit the loader its process runs with).
 */
export function newServerWorker(name: string, workerData: unknown): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, import.meta.url), { workerData });
  // tsx's ES module API, found through its package's exports as an import would find it.
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exported = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api']!.import.default;
  const tsx = pathToFileURL(path.join(path.dirname(manifest), exported)).href;
  const source = new URL(`../${name}.ts`, import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(code, { eval: true, workerData });
}

export class SiteCheckThread {
  private readonly here: SiteCheck;
  private worker: Worker | undefined;
  private failed = false;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(problems: DefinitionProblem[]): void; reject(err: Error): void }>();
  /** The definitions' bytes on disk, measured once per version of the folder (`folderChanged`). */
  private bytes: Promise<number> | undefined;

  constructor(
    readonly dir: string,
    private readonly logger: Logger,
    private readonly offThreadFromBytes = OFF_THREAD_FROM_BYTES,
  ) {
    this.here = new SiteCheck(dir);
  }

  /** The problems of the folder with the changes in place. */
  async check(changes: ContentChanges): Promise<DefinitionProblem[]> {
    if (!(await this.isLarge(changes)) || this.failed) return this.here.check(changes);
    try {
      return await this.inWorker(changes);
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'the content check thread failed; checking on the main thread');
      return this.here.check(changes);
    }
  }

  /**
   * A server starting on a large site starts the thread and reads the site there, so the first
   * save does not wait for it (seconds on a large site: the schemas compiled, every file read).
   */
  warm(): void {
    this.isLarge(new Map())
      .then(async (large) => void (large && (await this.inWorker(new Map()))))
      .catch((err: unknown) => this.logger.warn({ err: (err as Error).message }, 'the content check could not read the site ahead'));
  }

  private async isLarge(changes: ContentChanges): Promise<boolean> {
    let bytes = await (this.bytes ??= definitionBytes(this.dir));
    for (const text of changes.values()) bytes += text?.length ?? 0;
    return bytes >= this.offThreadFromBytes;
  }

  /** The folder changed (a publish, a reload): its size is measured again at the next check. */
  folderChanged(): void {
    this.bytes = undefined;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private inWorker(changes: ContentChanges): Promise<DefinitionProblem[]> {
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, changes: [...changes] } satisfies CheckRequest);
    });
  }

  private start(): Worker {
    const worker = newServerWorker('content/site-check-worker', { dir: this.dir });
    worker.unref();
    worker.on('message', (answer: CheckAnswer) => {
      const call = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if ('error' in answer) call?.reject(new Error(answer.error));
      else call?.resolve(answer.problems);
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      // A thread that cannot start (or dies) is not started again: the checks run here.
      this.failed = true;
      for (const call of this.pending.values()) call.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.pending.size) fail(new Error(`the content check thread stopped (exit code ${code})`));
      if (this.worker === worker) this.worker = undefined;
    });
    return worker;
  }
}

/** The bytes of a folder's JSON files (read asynchronously: the event loop stays free meanwhile). */
async function definitionBytes(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await definitionBytes(full);
    else if (entry.name.endsWith('.json')) total += (await fs.promises.stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}
