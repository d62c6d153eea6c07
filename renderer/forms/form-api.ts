/**
 * The one place the form engine talks to the server: `POST /api/forms/{formName}` (002 §7).
 *
 * Body: the step's field values side by side with a few control keys, as JSON, or as
 * multipart/form-data when a file is attached (each file a part named by its field; a list value
 * one part per item). Control keys: `website` (the honeypot, empty for people), `recaptchaToken`
 * (forms with googleReCaptcha), and for multi-step forms `step` (the step index), `final: true` on
 * the last step (the one that sends the e-mail notifications) and `id` from the second step on, with
 * the continuation token of the first answer as `Authorization: Bearer <token>`.
 *
 * Answers: `{success, message, data: {id, token}}`, or `{error, message, fields}` with a 4xx.
 */
import type { FieldValue } from '../../schemas/evaluators/field-values';

/** The honeypot's name: rendered visually hidden, left empty by people, filled by naive bots. */
export const HONEYPOT_FIELD = 'website';

export interface FormPost {
  /** The values of the fields being sent (visible fields of the form or of one step). */
  values: Readonly<Record<string, FieldValue>>;
  honeypot?: string;
  recaptchaToken?: string | null;
  /** Multi-step only. */
  step?: number;
  final?: boolean;
  id?: string | null;
  token?: string | null;
}

export type FormPostResult =
  | { ok: true; message: string | null; id: string | null; token: string | null }
  | { ok: false; message: string | null; fields: Record<string, string> };

function hasFiles(values: FormPost['values']): boolean {
  return Object.values(values).some((v) => Array.isArray(v) && v.some((item) => typeof Blob !== 'undefined' && item instanceof Blob));
}

function controlKeys(post: FormPost): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = { [HONEYPOT_FIELD]: post.honeypot ?? '' };
  if (post.recaptchaToken) out.recaptchaToken = post.recaptchaToken;
  if (post.step !== undefined) out.step = post.step;
  if (post.final) out.final = true;
  if (post.id) out.id = post.id;
  return out;
}

function multipartBody(post: FormPost): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(post.values)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) body.append(name, item instanceof Blob ? item : String(item));
    } else body.append(name, String(value));
  }
  for (const [name, value] of Object.entries(controlKeys(post))) body.append(name, String(value));
  return body;
}

function jsonBody(post: FormPost): string {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(post.values)) if (value !== undefined) values[name] = value;
  return JSON.stringify({ ...values, ...controlKeys(post) });
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
    const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    const message = readString(answer.message);
    if (res.ok && answer.success !== false && !answer.error) {
      const data = (answer.data ?? {}) as Record<string, unknown>;
      const id = data.id === undefined || data.id === null ? null : String(data.id);
      return { ok: true, message, id, token: readString(data.token) ?? readString(data.continuationToken) };
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
