/**
 * The thread that makes the studio's previews (./preview-thread.ts): it loads the site with the
 * changes (every definition read and checked) and renders the page with the SSR entry, the two
 * costs of a preview, so that neither holds the server's event loop. It answers each request with
 * the page's HTML, the problems that keep it from rendering, or the refusal's words.
 */
import { pathToFileURL } from 'node:url';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import type { ContentChanges } from '../content/content-changes';
import { InvalidContentError, type DefinitionProblem } from '../content/definition-problem';
import { loadContent, type Content } from '../content/load-content';
import { ApiError } from '../http/api-error';
import type { FormSettings } from '../services/form-settings';
import type { ClientAssets } from '../ssr/client-assets';
import type { RenderPage } from '../ssr/page-route';
import { renderPreview } from './content-preview';

export interface PreviewWorkerData {
  dir: string;
  ssrEntry: string;
  assets: ClientAssets;
  publicUrl: string;
  forms: FormSettings;
}

export interface PreviewRequest {
  id: number;
  file: string;
  route: string | undefined;
  /** Every change to show (the operator's drafts or a change's files, and this text). */
  changes: Array<[file: string, text: string | null]>;
  /** This text alone, when the others have problems: one broken draft must not blind the previews of all. */
  alone: Array<[file: string, text: string | null]>;
}

export type PreviewAnswer =
  | { id: number; thread: number; html: string }
  | { id: number; thread: number; problems: DefinitionProblem[] }
  | { id: number; thread: number; refusal: { status: number; code: string; message: string; fields?: Record<string, string> } }
  | { id: number; thread: number; error: string };

const data = workerData as PreviewWorkerData;
const renderer = import(pathToFileURL(data.ssrEntry).href).then((m: { renderPage: RenderPage }) => ({ renderPage: m.renderPage, assets: data.assets, publicUrl: data.publicUrl, forms: data.forms }));

function contentOf(request: PreviewRequest): Content {
  try {
    return loadContent(data.dir, new Map(request.changes) as ContentChanges);
  } catch (err) {
    if (!(err instanceof InvalidContentError) || request.changes.length <= 1) throw err;
    return loadContent(data.dir, new Map(request.alone) as ContentChanges);
  }
}

parentPort!.on('message', (request: PreviewRequest) => {
  void renderer.then(
    (r) => {
      let answer: PreviewAnswer;
      try {
        answer = { id: request.id, thread: threadId, html: renderPreview(r, contentOf(request), request.file, request.route) };
      } catch (err) {
        if (err instanceof InvalidContentError) answer = { id: request.id, thread: threadId, problems: err.problems };
        else if (err instanceof ApiError) answer = { id: request.id, thread: threadId, refusal: { status: err.status, code: err.code, message: err.message, fields: err.fields } };
        else answer = { id: request.id, thread: threadId, error: (err as Error).message };
      }
      parentPort!.postMessage(answer);
    },
    (err: unknown) => parentPort!.postMessage({ id: request.id, thread: threadId, error: `the renderer could not be loaded: ${(err as Error).message}` } satisfies PreviewAnswer),
  );
});
