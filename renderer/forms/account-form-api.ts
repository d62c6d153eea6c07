/**
 * Where an account form (a form definition with `account`, schemas/forms/form.schema.ts) is sent
 * instead of /api/forms/{name}: one of four fixed account endpoints (docs/accounts.md), never a URL
 * from the definition. The form engine validates, shows field errors and messages exactly as for any
 * form; this maps the values to the endpoint's body and its answer back to a FormPostResult.
 *
 *   register         POST /api/my-account/register, then (the server sets no cookie there) sign-in
 *                    with the same e-mail and password; a taken e-mail signs nobody in and the page
 *                    shows the registration message, so the form tells no more than the server does
 *   sign-in          POST /api/my-account/login; with the captcha's token once the server has asked
 *                    for it (400 captcha_required, or a 401 naming `recaptchaToken`): the form store
 *                    shows the captcha from the answer that names it
 *   forgot-password  POST /api/my-account/password-reset
 *   reset-password   POST /api/my-account/password-reset/confirm with the link's token
 *
 * A 429 keeps the server's message and adds the wait of its Retry-After.
 */
import type { AccountFormAction } from '../../schemas/forms/form.schema';
import type { FieldValue } from '../../schemas/evaluators/field-values';
import type { FormPost, FormPostResult } from '../../widgets/forms/form-api';

export interface AccountPostOptions {
  apiBase?: string;
  fetch?: typeof fetch;
  /** reset-password: the link's token (moved out of the address bar when the page opened). */
  resetToken?: string | null;
}

/** What the page does after a successful account call (besides the message). */
export type AccountFormResult = FormPostResult & { signedIn?: boolean };

/** The message of a reset page opened without a token; the server's words for a bad token. */
export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired.';

const ENDPOINTS: Record<AccountFormAction, string> = {
  register: '/api/my-account/register',
  'sign-in': '/api/my-account/login',
  'forgot-password': '/api/my-account/password-reset',
  'reset-password': '/api/my-account/password-reset/confirm',
};

/** The body keys each endpoint takes (it refuses no others, but nothing else need leave the page). */
const BODY_KEYS: Record<AccountFormAction, readonly string[]> = {
  register: ['email', 'password', 'firstName', 'lastName', 'phone'],
  'sign-in': ['email', 'password'],
  'forgot-password': ['email'],
  'reset-password': ['password'],
};

/** "in 15 minutes", "in 40 seconds": the wait of a Retry-After header (seconds). */
export function waitText(retryAfter: string | null): string | null {
  const seconds = retryAfter === null ? NaN : Number(retryAfter);
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  if (seconds < 60) return `You can try again in ${Math.ceil(seconds)} ${Math.ceil(seconds) === 1 ? 'second' : 'seconds'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `You can try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

function bodyFor(action: AccountFormAction, values: Readonly<Record<string, FieldValue>>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of BODY_KEYS[action]) {
    const value = values[key];
    if (typeof value === 'string' && value !== '') body[key] = key === 'password' ? value : value.trim();
  }
  return body;
}

async function call(path: string, body: unknown, options: AccountPostOptions): Promise<AccountFormResult> {
  const doFetch = options.fetch ?? globalThis.fetch;
  try {
    const res = await doFetch(`${options.apiBase ?? ''}${path}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    const message = typeof answer.message === 'string' && answer.message.trim() !== '' ? answer.message : null;
    if (res.ok && answer.success !== false) return { ok: true, message, id: null, token: null };
    const fields: Record<string, string> = {};
    if (answer.fields && typeof answer.fields === 'object') {
      for (const [name, text] of Object.entries(answer.fields as Record<string, unknown>)) if (typeof text === 'string') fields[name] = text;
    }
    const wait = res.status === 429 ? waitText(res.headers.get('Retry-After')) : null;
    return { ok: false, message: wait ? `${message ?? 'Too many attempts.'} ${wait}` : message, fields };
  } catch {
    return { ok: false, message: null, fields: {} };
  }
}

/** Sends one account form; never throws (a network failure is a result without a message). */
export async function postAccountForm(action: AccountFormAction, post: FormPost, options: AccountPostOptions = {}): Promise<AccountFormResult> {
  const body = bodyFor(action, post.values);
  // Past ten wrong passwords for the e-mail the server asks for the captcha; the form then shows it.
  if (action === 'sign-in' && post.recaptchaToken) body.recaptchaToken = post.recaptchaToken;
  if (action === 'reset-password') {
    if (!options.resetToken) return { ok: false, message: INVALID_RESET_LINK, fields: {} };
    body.token = options.resetToken;
  }
  const result = await call(ENDPOINTS[action], body, options);
  if (action === 'sign-in' && result.ok) return { ...result, signedIn: true };
  if (action !== 'register' || !result.ok) return result;
  // Registered (or the e-mail was taken: the same answer). Sign in with what was just typed.
  const signIn = await call(ENDPOINTS['sign-in'], bodyFor('sign-in', post.values), options);
  return signIn.ok ? { ...signIn, signedIn: true } : result;
}
