/**
 * The one place the form engine talks to the server: `POST /api/forms/{formName}`. The
 * server is the contract (docs/forms-api.md "The request"): the body is an envelope, and any other
 * top-level key is refused.
 *
 *   formData        the field values by field name (the visible fields of the form, or of one step)
 *   honeypot        the hidden trap input's value, empty for people
 *   recaptchaToken  forms with googleReCaptcha
 *   step, id, token multi-step forms: the step index from 0, and from the second step on the id and
 *                   continuation token of the first answer (the token goes as `Authorization: Bearer`)
 * The server decides which step is the last one (it completes the submission and sends the e-mails).
 *
 * JSON, or multipart/form-data when a file is attached: then `formData` is a part holding the JSON
 * text of the other values, sent first, and each file is a part named after its file field.
 *
 * Answers: `{success, message, data: {id, token}, newsletter?: {message}}` (the newsletter part when
 * the submission asked to subscribe: 'Check your inbox to confirm'), or `{error, message, fields}`
 * with a 4xx.
 */
import type { RequestBody, ResponseBody } from '../../schemas/api/endpoint';
import type { formSubmitEndpoint } from '../../schemas/api/forms';
import type { FieldValue } from '../../schemas/evaluators/field-values';

/** The envelope as the contract states it (schemas/api/forms.ts). */
type Envelope = RequestBody<typeof formSubmitEndpoint>;
/** What the server answers: a submission's answer or the API's error shape (read as untrusted: any part may be missing). */
type Answer = Partial<ResponseBody<typeof formSubmitEndpoint, 201>> & Partial<ResponseBody<typeof formSubmitEndpoint, 400>>;

/**
 * The trap input's name in the page. Not `website`: the become-dealer form has a real field of that
 * name, and a browser's autofill must not fill the trap either.
 */
export const HONEYPOT_FIELD = 'honeypot';

export interface FormPost {
  /** The values of the fields being sent (visible fields of the form or of one step). */
  values: Readonly<Record<string, FieldValue>>;
  honeypot?: string;
  recaptchaToken?: string | null;
  /** Multi-step only. */
  step?: number;
  id?: string | null;
  token?: string | null;
}

export type FormPostResult =
  | { ok: true; message: string | null; id: string | null; token: string | null; newsletterMessage?: string | null }
  | { ok: false; message: string | null; fields: Record<string, string> };

const isFile = (item: unknown): item is Blob => typeof Blob !== 'undefined' && item instanceof Blob;

function hasFiles(values: FormPost['values']): boolean {
  return Object.values(values).some((v) => Array.isArray(v) && v.some(isFile));
}

/** The values as the server reads them: files leave (they travel as their own parts), undefined is dropped. */
function formData(values: FormPost['values']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (Array.isArray(value) && value.some(isFile)) continue;
    out[name] = value;
  }
  return out;
}

function controlKeys(post: FormPost): Pick<Envelope, 'honeypot' | 'recaptchaToken' | 'step' | 'id'> {
  const out: Pick<Envelope, 'honeypot' | 'recaptchaToken' | 'step' | 'id'> = { honeypot: post.honeypot ?? '' };
  if (post.recaptchaToken) out.recaptchaToken = post.recaptchaToken;
  if (post.step !== undefined) out.step = post.step;
  if (post.id) out.id = post.id;
  return out;
}

function multipartBody(post: FormPost): FormData {
  const body = new FormData();
  // First: the server reads the values before the files it must check against them.
  body.append('formData', JSON.stringify(formData(post.values)));
  for (const [name, value] of Object.entries(controlKeys(post))) body.append(name, String(value));
  for (const [name, value] of Object.entries(post.values)) {
    if (!Array.isArray(value)) continue;
    for (const item of value) if (isFile(item)) body.append(name, item, item instanceof File ? item.name : name);
  }
  return body;
}

function jsonBody(post: FormPost): string {
  const envelope: Envelope = { formData: formData(post.values), ...controlKeys(post) };
  return JSON.stringify(envelope);
}

function readString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Sends one submission; never throws (a network failure is a result without a message). */
export async function postForm(formName: string, post: FormPost, options: { apiBase?: string; fetch?: typeof fetch } = {}): Promise<FormPostResult> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (post.token) headers.Authorization = `Bearer ${post.token}`;
  let body: FormData | string;
  if (hasFiles(post.values)) body = multipartBody(post);
  else {
    body = jsonBody(post);
    headers['Content-Type'] = 'application/json';
  }
  try {
    const res = await doFetch(`${options.apiBase ?? ''}/api/forms/${encodeURIComponent(formName)}`, { method: 'POST', headers, body });
    const answer = (await res.json().catch(() => ({}))) as Answer;
    const message = readString(answer.message);
    if (res.ok && (answer.success as unknown) !== false && !answer.error) {
      const data: Partial<NonNullable<Answer['data']>> = answer.data ?? {};
      const id = data.id === undefined || data.id === null ? null : String(data.id);
      return { ok: true, message, id, token: readString(data.token), newsletterMessage: readString(answer.newsletter?.message) };
    }
    const fields: Record<string, string> = {};
    if (answer.fields && typeof answer.fields === 'object') {
      for (const [name, text] of Object.entries(answer.fields as Record<string, unknown>)) if (typeof text === 'string') fields[name] = text;
    }
    return { ok: false, message, fields };
  } catch {
    return { ok: false, message: null, fields: {} };
  }
}
