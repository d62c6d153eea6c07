/**
 * @engines sqlite: the newsletter form's rules are the server's.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress, postJson, readRows, proxiedTestEnv } from './forms-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(proxiedTestEnv);
});
afterAll(async () => {
  await server?.stop();
});

type SubscriberRow = { id: number; email: string; status: string; unsubscribe_token: string; source: string; unsubscribed_at: string | null };
const subscribers = (email: string) => readRows<SubscriberRow>(server, sql`select * from newsletter_subscriber where email = ${email}`);
const call = async (method: string, path: string, init: RequestInit = {}) => {
  const res = await fetch(server.url + path, { method, ...init });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};
const signUp = (email: string) => postJson(server.url, 'newsletter', { formData: { email, newsletter: true }, recaptchaToken: 'test-pass' }, freshAddress());
/** The token of the latest confirmation e-mail to the address, read from its link as the owner would. */
async function confirmationToken(email: string): Promise<string> {
  const [mail] = await readRows<{ text: string }>(server, sql`select text from mail_outbox where recipient = ${email} and type = 'newsletter-confirmation' order by id desc limit 1`);
  const link = new RegExp(`${server.url}/newsletter/confirm/(\\S+)`).exec(mail?.text ?? '');
  if (!link) throw new Error(`no confirmation e-mail to ${email}`);
  return decodeURIComponent(link[1]!);
}
const confirm = async (email: string) => call('POST', `/api/newsletter/confirm/${encodeURIComponent(await confirmationToken(email))}`);

describe('newsletter subscriptions (double opt-in)', () => {
  it('the newsletter form says "Check your inbox to confirm" and subscribes only once the link is followed', async () => {
    const first = await signUp('Nora.News@Example.com');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ success: true, message: 'Check your inbox to confirm', data: { id: expect.any(Number) }, newsletter: { confirmationRequired: true, message: 'Check your inbox to confirm' } });
    expect(await subscribers('nora.news@example.com')).toEqual([expect.objectContaining({ status: 'pending', source: 'newsletter' })]);
    const [mail] = await readRows<{ subject: string; html: string; headers: string }>(server, sql`select * from mail_outbox where recipient = 'nora.news@example.com'`);
    expect(mail!.subject).toBe('Confirm your newsletter subscription');
    // No unsubscribe link yet: the address is not on the list.
    expect(JSON.parse(mail!.headers)).toEqual({});

    const confirmed = await confirm('nora.news@example.com');
    expect(confirmed).toEqual({ status: 200, body: { success: true, message: 'Your subscription to our newsletter is confirmed.', data: { email: 'n***@example.com', status: 'subscribed', subscribed: true } } });
    const rows = await subscribers('nora.news@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'subscribed', source: 'newsletter' });
    expect(rows[0]!.unsubscribe_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [consent] = await readRows<Record<string, unknown>>(server, sql`select * from newsletter_consent where subscriber_id = ${rows[0]!.id}`);
    expect(consent).toMatchObject({ source_form: 'newsletter', requested_at: expect.any(String), requested_from: expect.any(String), confirmed_at: expect.any(String), confirmed_from: expect.any(String) });
  });

  it('an unchecked newsletter box on the contact form asks nobody', async () => {
    const res = await postJson(
      server.url,
      'contact',
      { formData: { firstName: 'Olga', lastName: 'Ng', email: 'olga@example.com', topic: 'samples', message: 'Do you ship samples to Canada?', newsletter: false }, recaptchaToken: 'test-pass' },
      freshAddress(),
    );
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('newsletter');
    expect(await subscribers('olga@example.com')).toEqual([]);
  });

  it("a checked box on the contact form sends the confirmation link; once confirmed, the store's mails to the address carry the unsubscribe link", async () => {
    const form = { firstName: 'Pia', lastName: 'Ode', email: 'pia@example.com', topic: 'new-project', message: 'Planning a new kitchen for spring.', newsletter: true };
    const res = await postJson(server.url, 'contact', { formData: form, recaptchaToken: 'test-pass' }, freshAddress());
    expect(res.body).toMatchObject({ message: 'We have received your message. Our Team will contact you soon.', newsletter: { confirmationRequired: true, message: 'Check your inbox to confirm' } });
    expect((await subscribers('pia@example.com'))[0]!.status).toBe('pending');
    await confirm('pia@example.com');

    const again = await postJson(server.url, 'contact', { formData: { ...form, newsletter: false }, recaptchaToken: 'test-pass' }, freshAddress());
    const token = (await subscribers('pia@example.com'))[0]!.unsubscribe_token;
    const [mail] = await readRows<{ headers: string; html: string; text: string }>(server, sql`select headers, html, text from mail_outbox where dedupe_key = ${`form-confirmation:${again.body.data.id}`}`);
    expect(JSON.parse(mail!.headers)).toEqual({
      'List-Unsubscribe': `<${server.url}/api/newsletter/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail!.html).toContain(`href="${server.url}/unsubscribe/${token}"`);
    expect(mail!.text).toContain(`Unsubscribe: ${server.url}/unsubscribe/${token}`);
  });

  it('the unsubscribe page API reads, unsubscribes and resubscribes by token; signing up again needs the owner\'s confirmation', async () => {
    await signUp('quinn@example.com');
    await confirm('quinn@example.com');
    const token = (await subscribers('quinn@example.com'))[0]!.unsubscribe_token;
    expect(await call('GET', `/api/newsletter/subscription/${token}`)).toEqual({ status: 200, body: { success: true, data: { email: 'q***@example.com', status: 'subscribed', subscribed: true } } });

    const off = await call('POST', `/api/newsletter/unsubscribe/${token}`);
    expect(off).toEqual({ status: 200, body: { success: true, message: 'You have been unsubscribed from our newsletter.', data: { email: 'q***@example.com', status: 'unsubscribed', subscribed: false } } });
    expect((await subscribers('quinn@example.com'))[0]).toMatchObject({ status: 'unsubscribed', unsubscribed_at: expect.any(String) });

    const on = await call('POST', `/api/newsletter/resubscribe/${token}`);
    expect(on.body).toMatchObject({ success: true, message: 'You are subscribed to our newsletter again.', data: { subscribed: true } });
    expect((await subscribers('quinn@example.com'))[0]).toMatchObject({ status: 'subscribed', unsubscribed_at: null });

    // A mail client's one-click unsubscribe (RFC 8058) posts a form to the List-Unsubscribe address.
    const oneClick = await call('POST', `/api/newsletter/unsubscribe/${token}`, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect((await subscribers('quinn@example.com'))[0]!.status).toBe('unsubscribed');

    // Signing up again is a new request: it stays unsubscribed until the new link is followed.
    await signUp('quinn@example.com');
    expect((await subscribers('quinn@example.com'))[0]!.status).toBe('unsubscribed');
    await confirm('quinn@example.com');
    expect((await subscribers('quinn@example.com'))[0]!.status).toBe('subscribed');
  });

  it('an unknown token says so plainly', async () => {
    for (const token of ['x'.repeat(43), 'short', '..%2F..%2Fetc', "' or 1=1 --"]) {
      for (const [method, path] of [
        ['GET', `/api/newsletter/subscription/${encodeURIComponent(token)}`],
        ['POST', `/api/newsletter/unsubscribe/${encodeURIComponent(token)}`],
        ['POST', `/api/newsletter/resubscribe/${encodeURIComponent(token)}`],
      ] as const) {
        const res = await call(method, path);
        expect(res, `${method} ${path}`).toEqual({ status: 404, body: { error: 'subscription_not_found', message: 'This unsubscribe link is not valid: no subscription has this token.' } });
      }
      const confirmRes = await call('POST', `/api/newsletter/confirm/${encodeURIComponent(token)}`);
      expect(confirmRes).toEqual({ status: 404, body: { error: 'confirmation_not_found', message: 'This confirmation link is not valid.' } });
    }
  });
});
