/**
 * Sends an estimate through POST /api/forms/{formName} in the envelope the forms API reads
 * (server/services/form-request.ts): `formData` with the values, the honeypot, and what the
 * specification's client sends besides — `name`, `totalPrice`, `summary` rows and `metadata` —
 * which the server ignores for money: it prices the values again and answers the range it stored
 * (`data.estimate`). JSON, or multipart when files are attached (formData as JSON text, one part
 * per file named by its field). Never throws: a failure is `{ok: false}`.
 */
import type { RequestBody, ResponseBody } from '../../schemas/api/endpoint';
import type { formSubmitEndpoint } from '../../schemas/api/forms';
import type { FieldValue } from '../../schemas/evaluators/field-values';
import { DEALER_HEADER } from '../api-client';
import type { PriceRange } from '../showroom-events';

export interface EstimatePost {
  formName: string;
  values: Readonly<Record<string, FieldValue>>;
  totalPrice: string;
  summary: { label: string; value: string }[];
  metadata?: Record<string, string | number | boolean>;
  /** A template with googleReCaptcha: the captcha's token (the server refuses the estimate without it). */
  recaptchaToken?: string;
}

export type EstimatePostResult = { ok: true; estimate: PriceRange | null } | { ok: false; message: string | null; fields: Record<string, string> };

export interface EstimateTransport {
  apiBase?: string;
  dealer?: string;
  fetch?: typeof fetch;
}

const isFile = (v: unknown): v is Blob => typeof Blob !== 'undefined' && v instanceof Blob;

export async function postEstimate(post: EstimatePost, transport: EstimateTransport = {}): Promise<EstimatePostResult> {
  const formData: Record<string, FieldValue> = {};
  const files: [string, Blob][] = [];
  for (const [name, value] of Object.entries(post.values)) {
    if (Array.isArray(value) && value.some(isFile)) for (const f of value) files.push([name, f as unknown as Blob]);
    else if (!Array.isArray(value) || value.every((v) => typeof v === 'string')) formData[name] = value;
  }
  const envelope: RequestBody<typeof formSubmitEndpoint> = {
    formData,
    honeypot: '',
    name: post.formName,
    totalPrice: post.totalPrice,
    summary: post.summary,
    ...(post.metadata ? { metadata: post.metadata } : {}),
    ...(post.recaptchaToken ? { recaptchaToken: post.recaptchaToken } : {}),
  };
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (transport.dealer) headers[DEALER_HEADER] = transport.dealer;
  let body: string | FormData;
  if (files.length) {
    body = new FormData();
    for (const [k, v] of Object.entries(envelope)) body.append(k, typeof v === 'string' ? v : JSON.stringify(v));
    for (const [name, file] of files) body.append(name, file, (file as File).name ?? name);
  } else {
    body = JSON.stringify(envelope);
    headers['Content-Type'] = 'application/json';
  }
  try {
    const doFetch = transport.fetch ?? globalThis.fetch;
    const res = await doFetch(`${(transport.apiBase ?? '').replace(/\/$/, '')}/api/forms/${encodeURIComponent(post.formName)}`, { method: 'POST', headers, body });
    // Read as untrusted: any part of the contract's answer (or of its error shape) may be missing.
    const answer = (await res.json().catch(() => ({}))) as Partial<ResponseBody<typeof formSubmitEndpoint, 201>> & Partial<ResponseBody<typeof formSubmitEndpoint, 400>>;
    if (res.ok && (answer.success as unknown) !== false) return { ok: true, estimate: answer.data?.estimate ?? null };
    const fields: Record<string, string> = {};
    if (answer.fields && typeof answer.fields === 'object') for (const [k, v] of Object.entries(answer.fields)) if (typeof v === 'string') fields[k] = v;
    return { ok: false, message: typeof answer.message === 'string' ? answer.message : null, fields };
  } catch {
    return { ok: false, message: null, fields: {} };
  }
}
