/**
 * The studio's one API client, typed by the studio's contracts (schemas/api/studio.ts): a change of
 * a schema breaks the build here. Same-origin calls with the operator's cookie; a refusal is an
 * `StudioApiError` carrying the API's {error, message, fields}.
 */
import type { RequestBody, ResponseBody } from '../../schemas/api/endpoint';
import type {
  auditLogEndpoint,
  draftSaveEndpoint,
  operatorAddEndpoint,
  operatorListEndpoint,
  operatorUpdateEndpoint,
  publishEndpoint,
  setupConfirmEndpoint,
  setupPasswordEndpoint,
  studioFileEndpoint,
  studioFilesEndpoint,
  studioLoginEndpoint,
  studioMeEndpoint,
  versionListEndpoint,
  versionReadEndpoint,
  versionRestoreEndpoint,
} from '../../schemas/api/studio';
import type { waitingRefundsEndpoint } from '../../schemas/api/back-office-refunds';
import type { imageDeleteEndpoint, imageListEndpoint, imageUploadEndpoint } from '../../schemas/api/studio-images';
import type {
  reviewCountsEndpoint,
  reviewListEndpoint,
  reviewPublishEndpoint,
  reviewReadEndpoint,
  reviewResubmitEndpoint,
  reviewSendBackEndpoint,
  reviewSubmitEndpoint,
  reviewWithdrawEndpoint,
} from '../../schemas/api/studio-reviews';

export class StudioApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** The answer's other properties (a captcha refusal's siteKey). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

type Data<T> = T extends { data: infer D } ? D : never;
export type Operator = Data<ResponseBody<typeof studioMeEndpoint, 200>>;
export type SiteFiles = Data<ResponseBody<typeof studioFilesEndpoint, 200>>;
export type FileView = Data<ResponseBody<typeof studioFileEndpoint, 200>>;
export type DraftSaved = Data<ResponseBody<typeof draftSaveEndpoint, 200>>;
export type ContentProblem = DraftSaved['problems'][number];
export type VersionSummary = Data<ResponseBody<typeof versionListEndpoint, 200>>[number];
export type VersionDetail = Data<ResponseBody<typeof versionReadEndpoint, 200>>;
export type OperatorRow = Data<ResponseBody<typeof operatorListEndpoint, 200>>[number];
export type AuditEntry = Data<ResponseBody<typeof auditLogEndpoint, 200>>[number];
export type SetupSecret = Data<ResponseBody<typeof setupPasswordEndpoint, 200>>;
export type ReviewSummary = Data<ResponseBody<typeof reviewListEndpoint, 200>>[number];
export type ReviewDetail = Data<ResponseBody<typeof reviewReadEndpoint, 200>>;
export type LibraryImage = Data<ResponseBody<typeof imageListEndpoint, 200>>[number];

/**
 * One call of the studio's API; the back office's clients (./back-office-*.ts) use it too. `headers`
 * adds to the JSON ones (a refund's Idempotency-Key).
 */
export async function call<T>(method: string, path: string, body?: unknown, signal?: AbortSignal, headers?: Readonly<Record<string, string>>): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
  });
  const type = res.headers.get('Content-Type') ?? '';
  if (res.ok && !type.includes('json')) return (await res.text()) as T;
  const answer = (await res.json().catch(() => ({}))) as { error?: string; message?: string; fields?: Record<string, string> };
  if (!res.ok) {
    const { error, message, fields, ...details } = answer;
    throw new StudioApiError(res.status, error ?? 'http_error', message ?? `The server answered ${res.status}.`, fields, details);
  }
  return answer as T;
}

const q = (path: string) => `?path=${encodeURIComponent(path)}`;
/** `?a=1&b=2` of the parameters that are set (an empty search is no search), or '' when none is. */
export function queryString(query: Readonly<Record<string, string | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The `data` of a `{success: true, data}` answer. */
export const data = <T>(p: Promise<{ data: T }>): Promise<T> => p.then((r) => r.data);

export const studioClient = {
  me: () => data(call<ResponseBody<typeof studioMeEndpoint, 200>>('GET', '/api/studio/me')),
  login: (body: RequestBody<typeof studioLoginEndpoint>) => data(call<ResponseBody<typeof studioLoginEndpoint, 200>>('POST', '/api/studio/login', body)),
  logout: () => call<unknown>('POST', '/api/studio/logout', {}),
  setupPassword: (body: RequestBody<typeof setupPasswordEndpoint>) => data(call<ResponseBody<typeof setupPasswordEndpoint, 200>>('POST', '/api/studio/setup/password', body)),
  setupConfirm: (body: RequestBody<typeof setupConfirmEndpoint>) => data(call<ResponseBody<typeof setupConfirmEndpoint, 200>>('POST', '/api/studio/setup/confirm', body)),
  operators: () => data(call<ResponseBody<typeof operatorListEndpoint, 200>>('GET', '/api/studio/operators')),
  addOperator: (body: RequestBody<typeof operatorAddEndpoint>) => data(call<ResponseBody<typeof operatorAddEndpoint, 201>>('POST', '/api/studio/operators', body)),
  updateOperator: (id: number, body: RequestBody<typeof operatorUpdateEndpoint>) => data(call<ResponseBody<typeof operatorUpdateEndpoint, 200>>('PATCH', `/api/studio/operators/${id}`, body)),
  audit: (before?: number) => data(call<ResponseBody<typeof auditLogEndpoint, 200>>('GET', `/api/studio/audit${before ? `?before=${before}` : ''}`)),
  files: () => data(call<ResponseBody<typeof studioFilesEndpoint, 200>>('GET', '/api/studio/files')),
  file: (path: string) => data(call<ResponseBody<typeof studioFileEndpoint, 200>>('GET', `/api/studio/file${q(path)}`)),
  saveDraft: (body: RequestBody<typeof draftSaveEndpoint>) => data(call<ResponseBody<typeof draftSaveEndpoint, 200>>('PUT', '/api/studio/draft', body)),
  discardDraft: (path: string) => call<unknown>('DELETE', `/api/studio/draft${q(path)}`),
  /** The page's HTML for the sandboxed preview frame. */
  preview: (body: { path: string; text: string; route?: string; review?: number }, signal?: AbortSignal) => call<string>('POST', '/api/studio/preview', body, signal),
  publish: (body: RequestBody<typeof publishEndpoint>) => data(call<ResponseBody<typeof publishEndpoint, 201>>('POST', '/api/studio/publish', body)),
  versions: (path?: string) => data(call<ResponseBody<typeof versionListEndpoint, 200>>('GET', `/api/studio/versions${path ? q(path) : ''}`)),
  version: (id: number) => data(call<ResponseBody<typeof versionReadEndpoint, 200>>('GET', `/api/studio/versions/${id}`)),
  restore: (id: number) => data(call<ResponseBody<typeof versionRestoreEndpoint, 201>>('POST', `/api/studio/versions/${id}/restore`, {})),
  reviews: (query: { status?: ReviewSummary['status']; mine?: '1' } = {}) => data(call<ResponseBody<typeof reviewListEndpoint, 200>>('GET', `/api/studio/reviews${queryString(query)}`)),
  reviewCounts: () => data(call<ResponseBody<typeof reviewCountsEndpoint, 200>>('GET', '/api/studio/reviews/counts')),
  /** How many refunds wait for a publisher to carry them out (publishers and admins only). */
  waitingRefunds: () => data(call<ResponseBody<typeof waitingRefundsEndpoint, 200>>('GET', '/api/studio/refunds/waiting')),
  review: (id: number) => data(call<ResponseBody<typeof reviewReadEndpoint, 200>>('GET', `/api/studio/reviews/${id}`)),
  submitReview: (body: RequestBody<typeof reviewSubmitEndpoint>) => data(call<ResponseBody<typeof reviewSubmitEndpoint, 201>>('POST', '/api/studio/reviews', body)),
  resubmitReview: (id: number, body: RequestBody<typeof reviewResubmitEndpoint>) => data(call<ResponseBody<typeof reviewResubmitEndpoint, 200>>('POST', `/api/studio/reviews/${id}/resubmit`, body)),
  withdrawReview: (id: number) => data(call<ResponseBody<typeof reviewWithdrawEndpoint, 200>>('POST', `/api/studio/reviews/${id}/withdraw`, {})),
  sendBackReview: (id: number, body: RequestBody<typeof reviewSendBackEndpoint>) => data(call<ResponseBody<typeof reviewSendBackEndpoint, 200>>('POST', `/api/studio/reviews/${id}/send-back`, body)),
  publishReview: (id: number, body: RequestBody<typeof reviewPublishEndpoint>) => data(call<ResponseBody<typeof reviewPublishEndpoint, 200>>('POST', `/api/studio/reviews/${id}/publish`, body)),
  images: (search = '') => data(call<ResponseBody<typeof imageListEndpoint, 200>>('GET', `/api/studio/images${queryString({ search })}`)),
  /** An admin's delete of an uploaded image; 409 while a published page or a waiting change shows it. */
  deleteImage: (src: string) => call<ResponseBody<typeof imageDeleteEndpoint, 200>>('DELETE', `/api/studio/images${queryString({ src })}`),
  /** A multipart upload (the one call that is not JSON): the file and its alt text. */
  uploadImage: async (file: Blob & { name?: string }, alt: string): Promise<LibraryImage> => {
    const body = new FormData();
    body.set('alt', alt);
    body.set('file', file, file.name ?? 'image');
    const res = await fetch('/api/studio/images', { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' }, body });
    const answer = (await res.json().catch(() => ({}))) as { data?: ResponseBody<typeof imageUploadEndpoint, 201>['data']; error?: string; message?: string; fields?: Record<string, string> };
    if (!res.ok || !answer.data) throw new StudioApiError(res.status, answer.error ?? 'http_error', answer.message ?? `The server answered ${res.status}.`, answer.fields);
    return answer.data;
  },
};

export type StudioClient = typeof studioClient;
