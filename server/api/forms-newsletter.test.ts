import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { freshAddress, postJson, readRows, proxiedTestEnv } from './forms-test-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(proxiedTestEnv);
});
afterAll(async () => {
  await server?.stop();
});

type SubscriberRow = { email: string; status: string; unsubscribe_token: string; source: string; unsubscribed_at: string | null };
const subscribers = (email: string) => readRows<SubscriberRow>(server.databaseFile, 'select * from newsletter_subscriber where email = ?', email);
const call = async (method: string, path: string, init: RequestInit = {}) => {
  const res = await fetch(server.url + path, { method, ...init });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

describe('newsletter subscriptions', () => {
  it('the newsletter form subscribes the address; a second sign-up is the same subscription', async () => {
    const first = await postJson(server.url, 'newsletter', { formData: { email: 'Nora.News@Example.com', newsletter: true } }, freshAddress());
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, message: 'You are subscribed. Watch your inbox for our next issue.', newsletter: { subscribed: true, alreadySubscribed: false } });
    const again = await postJson(server.url, 'newsletter', { formData: { email: ' nora.news@example.COM ', newsletter: true } }, freshAddress());
    expect(again.body.newsletter).toEqual({ subscribed: true, alreadySubscribed: true });
    const rows = subscribers('nora.news@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'subscribed', source: 'newsletter' });
    expect(rows[0]!.unsubscribe_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('an unchecked newsletter box on the contact form subscribes nobody', async () => {
    const res = await postJson(
      server.url,
      'contact',
      { formData: { firstName: 'Olga', lastName: 'Ng', email: 'olga@example.com', topic: 'samples', message: 'Do you ship samples to Canada?', newsletter: false }, recaptchaToken: 'test-pass' },
      freshAddress(),
    );
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('newsletter');
    expect(subscribers('olga@example.com')).toEqual([]);
  });

  it("the visitor's confirmation to a subscriber carries the unsubscribe link and List-Unsubscribe headers", async () => {
    const res = await postJson(
      server.url,
      'contact',
      { formData: { firstName: 'Pia', lastName: 'Ode', email: 'pia@example.com', topic: 'new-project', message: 'Planning a new kitchen for spring.', newsletter: true }, recaptchaToken: 'test-pass' },
      freshAddress(),
    );
    expect(res.body.newsletter).toEqual({ subscribed: true, alreadySubscribed: false });
    const token = subscribers('pia@example.com')[0]!.unsubscribe_token;
    const [mail] = readRows<{ headers: string; html: string; text: string }>(server.databaseFile, 'select headers, html, text from mail_outbox where dedupe_key = ?', `form-confirmation:${res.body.data.id}`);
    expect(JSON.parse(mail!.headers)).toEqual({
      'List-Unsubscribe': `<${server.url}/api/newsletter/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail!.html).toContain(`href="${server.url}/unsubscribe/${token}"`);
    expect(mail!.text).toContain(`Unsubscribe: ${server.url}/unsubscribe/${token}`);
  });

  it('the unsubscribe page API reads, unsubscribes and resubscribes by token', async () => {
    await postJson(server.url, 'newsletter', { formData: { email: 'quinn@example.com', newsletter: true } }, freshAddress());
    const token = subscribers('quinn@example.com')[0]!.unsubscribe_token;
    expect(await call('GET', `/api/newsletter/subscription/${token}`)).toEqual({ status: 200, body: { success: true, data: { email: 'q***@example.com', status: 'subscribed', subscribed: true } } });

    const off = await call('POST', `/api/newsletter/unsubscribe/${token}`);
    expect(off).toEqual({ status: 200, body: { success: true, message: 'You have been unsubscribed from our newsletter.', data: { email: 'q***@example.com', status: 'unsubscribed', subscribed: false } } });
    expect(subscribers('quinn@example.com')[0]).toMatchObject({ status: 'unsubscribed', unsubscribed_at: expect.any(String) });

    const on = await call('POST', `/api/newsletter/resubscribe/${token}`);
    expect(on.body).toMatchObject({ success: true, message: 'You are subscribed to our newsletter again.', data: { subscribed: true } });
    expect(subscribers('quinn@example.com')[0]).toMatchObject({ status: 'subscribed', unsubscribed_at: null });

    // A mail client's one-click unsubscribe (RFC 8058) posts a form to the List-Unsubscribe address.
    const oneClick = await call('POST', `/api/newsletter/unsubscribe/${token}`, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect(subscribers('quinn@example.com')[0]!.status).toBe('unsubscribed');

    // Signing up again is a new consent.
    const back = await postJson(server.url, 'newsletter', { formData: { email: 'quinn@example.com', newsletter: true } }, freshAddress());
    expect(back.body.newsletter).toEqual({ subscribed: true, alreadySubscribed: false });
    expect(subscribers('quinn@example.com')[0]!.status).toBe('subscribed');
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
    }
  });
});
