import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { testEnv } from './commerce-test-kit';
import { freshAddress, postJson, readRows } from './forms-test-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(testEnv);
});
afterAll(async () => {
  await server?.stop();
});

const contact = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann.lee@example.com',
  phone: '5125550100',
  topic: 'existing-order',
  orderNumber: '100200',
  message: 'My cabinet doors arrived scratched.',
  contactBy: 'email',
};

function submissions(form: string) {
  return readRows<{ id: number; form_name: string; data: string; status: string; steps_done: number; token_hash: string | null }>(server.databaseFile, 'select * from form_submission where form_name = ? order by id', form);
}
function outbox(where = '1 = 1', ...params: unknown[]) {
  return readRows<{ type: string; recipient: string; subject: string; html: string; text: string; headers: string; attachments: string; dedupe_key: string }>(server.databaseFile, `select * from mail_outbox where ${where} order by id`, ...params);
}

describe('POST /api/forms/{formName}: single-step JSON', () => {
  it('an unknown form is a 404 in the error shape', async () => {
    const res = await postJson(server.url, 'no-such-form', { formData: {} }, freshAddress());
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'form_not_found', message: 'There is no form of that name.' });
  });

  it('stores a valid contact submission and queues the admin notification and the visitor confirmation', async () => {
    const res = await postJson(server.url, 'contact', { formData: contact, recaptchaToken: 'test-pass', name: 'contact', metadata: { page: '/contact' } }, freshAddress());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: 'We have received your message. Our Team will contact you soon.', data: { id: expect.any(Number) } });
    const row = submissions('contact').find((r) => r.id === res.body.data.id)!;
    expect(row.status).toBe('submitted');
    expect(JSON.parse(row.data)).toEqual({ ...contact, source: 'contact-page' });
    const mails = outbox('dedupe_key in (?, ?)', `form-notification:${row.id}`, `form-confirmation:${row.id}`);
    expect(mails.map((m) => [m.type, m.recipient])).toEqual([
      ['form-notification', 'orders@showroom.localhost'],
      ['form-confirmation', 'ann.lee@example.com'],
    ]);
    expect(mails[0]!.subject).toBe(`New form submission: Get in touch #${row.id}`);
    expect(JSON.parse(mails[0]!.headers)).toEqual({ 'Reply-To': 'ann.lee@example.com' });
    expect(mails[0]!.text).toContain('What is it about?: An existing order');
    expect(mails[0]!.text).toContain('Message: My cabinet doors arrived scratched.');
    expect(mails[1]!.subject).toBe('Thank you! We have received your message (Get in touch)');
    expect(mails[1]!.text).toContain('We have received your message. Our Team will contact you soon.');
    // Not a subscriber: no unsubscribe link.
    expect(JSON.parse(mails[1]!.headers)).toEqual({});
    const page = await (await fetch(`${server.url}/dev/mail`)).text();
    expect(page).toContain(`New form submission: Get in touch #${row.id}`);
  });
});
