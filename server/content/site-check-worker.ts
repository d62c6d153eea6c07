/**
 * The thread that checks a large site's saves (./site-check-thread.ts): it keeps its own
 * SiteCheck of the folder, so what it has read and checked stays here between saves, and answers
 * each request with the problems or the error's message.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ContentChanges } from './content-changes';
import { SiteCheck } from './site-check';

export interface CheckRequest {
  id: number;
  changes: Array<[file: string, text: string | null]>;
}

export type CheckAnswer = { id: number; problems: ReturnType<SiteCheck['check']> } | { id: number; error: string };

const site = new SiteCheck((workerData as { dir: string }).dir);

parentPort!.on('message', ({ id, changes }: CheckRequest) => {
  let answer: CheckAnswer;
  try {
    answer = { id, problems: site.check(new Map(changes) as ContentChanges) };
  } catch (err) {
    answer = { id, error: (err as Error).message };
  }
  parentPort!.postMessage(answer);
});
