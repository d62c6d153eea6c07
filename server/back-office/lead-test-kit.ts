/**
 * For the HTTP tests of the back office's leads and subscribers (lead-routes.test.ts,
 * ../security/back-office-leads.test.ts): leads sent through the real forms API (a contact form,
 * claims with a photo each), a newsletter sign-up, and a studio call with an operator's headers.
 */
import { bytesOf, freshAddress, postJson, postMultipart, withDatabaseOf } from '../api/forms-test-kit';
import type { TestServer } from '../testing/test-server';

export const claimAnswers = {
  orderNumber: '100234',
  email: 'sam.claim@example.com',
  fullName: 'Sam Carter',
  phone: '5125550199',
  claimType: 'damaged',
  affectedItems: ['wall-cabinet', 'hardware'],
  description: 'The wall cabinet corner is crushed and two hinges are missing.',
  agree: true,
};

export const contactAnswers = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann.lead@example.com',
  topic: 'new-project',
  message: 'Please call me about a new kitchen.',
  contactBy: 'email',
};

/** A PNG the upload check accepts, with a marker of its own in it (to find it wherever it might be served). */
export function markedPng(marker: string): Buffer {
  return Buffer.concat([bytesOf('png', 2000), Buffer.from(marker)]);
}

/** Sends the contact form (as a visitor); answers the new lead's id. */
export async function sendContact(server: TestServer, answers: Record<string, unknown> = {}): Promise<number> {
  const res = await postJson(server.url, 'contact', { formData: { ...contactAnswers, ...answers }, recaptchaToken: 'test-pass' }, freshAddress());
  if (res.status !== 201) throw new Error(`contact: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

/** Sends a claim with one photo; answers the lead's id, and the photo's upload id and stored name. */
export async function sendClaim(server: TestServer, photo: Buffer, name = 'kitchen photo.png'): Promise<{ id: number; fileId: number; storedName: string }> {
  const res = await postMultipart(server.url, 'claim', { formData: claimAnswers, recaptchaToken: 'test-pass' }, [{ field: 'photos', name, bytes: photo, type: 'image/png' }], freshAddress());
  if (res.status !== 201) throw new Error(`claim: ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.data.id as number;
  const upload = await withDatabaseOf(server, (q) => q.first(q.db.selectFrom('form_upload').select(['id', 'stored_name']).where('submission_id', '=', id)));
  return { id, fileId: Number(upload!.id), storedName: upload!.stored_name };
}

/** Signs an address up for the newsletter (as a visitor); answers the subscriber's id. */
export async function signUpForNewsletter(server: TestServer, email: string): Promise<number> {
  const res = await postJson(server.url, 'newsletter', { formData: { email, newsletter: true }, recaptchaToken: 'test-pass' }, { ...freshAddress(), Referer: `${server.url}/about-us` });
  if (res.status !== 201) throw new Error(`newsletter: ${res.status} ${JSON.stringify(res.body)}`);
  const row = await withDatabaseOf(server, (q) => q.first(q.db.selectFrom('newsletter_subscriber').select('id').where('email', '=', email)));
  return Number(row!.id);
}

export interface StudioAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  bytes: Buffer;
  text: string;
  headers: Headers;
}

/** One call to the studio's API with these headers (an operator's from signInOperator, or an attacker's). */
export async function studioCall(server: TestServer, headers: Record<string, string>, method: string, pathname: string, body?: unknown): Promise<StudioAnswer> {
  const res = await fetch(`${server.url}${pathname}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, bytes, text, headers: res.headers };
}
