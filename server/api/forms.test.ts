/**
 * @engines sqlite: the forms' rules are the server's, before anything is stored.
 */
import { sql, type RawBuilder } from 'kysely';
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
  return readRows<{ id: number; form_name: string; data: string; status: string; steps_done: number; token_hash: string | null }>(server, sql`select * from form_submission where form_name = ${form} order by id`);
}
function outbox(where: RawBuilder<unknown> = sql`1 = 1`) {
  return readRows<{ type: string; recipient: string; subject: string; html: string; text: string; headers: string; attachments: string; dedupe_key: string }>(server, sql`select * from mail_outbox where ${where} order by id`);
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
    const row = (await submissions('contact')).find((r) => r.id === res.body.data.id)!;
    expect(row.status).toBe('submitted');
    expect(JSON.parse(row.data)).toEqual({ ...contact, source: 'contact-page' });
    const mails = await outbox(sql`dedupe_key in (${`form-notification:${row.id}`}, ${`form-confirmation:${row.id}`})`);
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
    // The visitor's copy goes to an address nobody has verified: the topic (a choice) yes, the typed message and name no.
    expect(mails[1]!.text).toContain('What is it about?: An existing order');
    expect(mails[1]!.text).not.toContain('scratched');
    expect(mails[1]!.text).not.toContain('Ann');
    expect(mails[1]!.html).not.toContain('scratched');
    // Not a subscriber: no unsubscribe link.
    expect(JSON.parse(mails[1]!.headers)).toEqual({});
    const page = await (await fetch(`${server.url}/dev/mail`)).text();
    expect(page).toContain(`New form submission: Get in touch #${row.id}`);
  });
});

describe('POST /api/forms/{formName}: what the server refuses or drops', () => {
  it('drops a hidden field and forces a hidden-type field to its defined value', async () => {
    const res = await postJson(server.url, 'contact', { formData: { ...contact, topic: 'samples', orderNumber: '999', source: 'forged' }, recaptchaToken: 'test-pass' }, freshAddress());
    expect(res.status).toBe(201);
    const data = JSON.parse((await submissions('contact')).find((r) => r.id === res.body.data.id)!.data);
    expect(data).not.toHaveProperty('orderNumber');
    expect(data.source).toBe('contact-page');
  });

  it('refuses a field the definition does not have, and nothing is stored', async () => {
    const before = (await submissions('contact')).length;
    const res = await postJson(server.url, 'contact', { formData: { ...contact, isAdmin: 'yes' }, recaptchaToken: 'test-pass' }, freshAddress());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'unknown_field', message: 'The form has no field named "isAdmin".', fields: { isAdmin: 'Unknown field' } });
    const envelope = await postJson(server.url, 'contact', { formData: contact, recaptchaToken: 'test-pass', firstName: 'flat' }, freshAddress());
    expect(envelope.status).toBe(400);
    expect(envelope.body.fields).toEqual({ firstName: 'Unknown field' });
    expect(await submissions('contact')).toHaveLength(before);
  });

  it('refuses values of a type no field takes', async () => {
    const res = await postJson(server.url, 'contact', { formData: { ...contact, message: { $gt: '' }, topic: ['a', 1] }, recaptchaToken: 'test-pass' }, freshAddress());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_value', fields: { message: 'Invalid value', topic: 'Invalid value' } });
  });

  it('answers field problems with the catalogue messages and "Submission failed"', async () => {
    const res = await postJson(server.url, 'contact', { formData: { email: 'nope' } }, freshAddress());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'validation_failed',
      message: 'Submission failed',
      fields: {
        firstName: 'This field is required',
        lastName: 'This field is required',
        email: 'Invalid email address',
        topic: 'This field is required',
        message: 'This field is required',
        recaptchaToken: 'Please complete the reCAPTCHA verification',
      },
    });
  });

  it('asks for the reCAPTCHA and refuses a token the test verifier does not pass', async () => {
    for (const token of [undefined, '', 'forged']) {
      const res = await postJson(server.url, 'contact', { formData: contact, recaptchaToken: token }, freshAddress());
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ recaptchaToken: 'Please complete the reCAPTCHA verification' });
    }
  });

  it('a filled honeypot gets a success that stores and sends nothing', async () => {
    const before = [(await submissions('contact')).length, (await outbox()).length];
    const res = await postJson(server.url, 'contact', { formData: contact, recaptchaToken: 'test-pass', honeypot: 'http://spam.example' }, freshAddress());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'We have received your message. Our Team will contact you soon.', data: {} });
    expect([(await submissions('contact')).length, (await outbox()).length]).toEqual(before);
  });

  it('limits submissions per address: the eleventh in a minute gets 429', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await postJson(server.url, 'newsletter', { formData: { email: `rate${i}@example.com`, newsletter: true }, recaptchaToken: 'test-pass' }, address)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    const refused = await postJson(server.url, 'newsletter', { formData: { email: 'rate@example.com', newsletter: true } }, address);
    expect(statuses[10]).toBe(429);
    expect(refused.body).toEqual({ error: 'too_many_requests', message: 'Too many submissions. Please try again in a minute.' });
    expect(refused.headers.get('retry-after')).toBe('60');
  });

  it('refuses bodies that are not JSON or multipart', async () => {
    const form = await fetch(`${server.url}/api/forms/newsletter`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...freshAddress() }, body: 'email=a%40b.co' });
    expect(form.status).toBe(415);
    const broken = await postJson(server.url, 'newsletter', '{"formData": {', freshAddress());
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('invalid_json');
    const list = await postJson(server.url, 'newsletter', '[1,2]', freshAddress());
    expect(list.status).toBe(400);
  });
});

describe('POST /api/forms/{formName}: a multi-step form', () => {
  const step0 = { firstName: 'Ann', lastName: 'Lee', email: 'ann.steps@example.com', phone: '5125550100', zip: '78701' };
  const step1 = { projectType: 'remodel', kitchenShape: 'l-shape', styles: ['shaker'], hasMeasurements: 'no' };
  const step2 = { budget: '10k-25k', timeline: 'asap', notes: 'South-facing window' };

  it('is one row updated step by step; only the last step sends the e-mails', async () => {
    const address = freshAddress();
    const first = await postJson(server.url, 'free-kitchen-design', { formData: step0, step: 0, recaptchaToken: 'test-pass' }, address);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ success: true, message: 'Your answers so far are saved.', data: { id: expect.any(Number), token: expect.any(String), step: 0, completed: false } });
    const { id, token } = first.body.data as { id: number; token: string };
    const mailFor = () => outbox(sql`dedupe_key like ${`form-%:${id}`}`);
    expect(await mailFor()).toEqual([]);

    const second = await postJson(server.url, 'free-kitchen-design', { formData: step1, step: 1, id, token }, address);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual({ id, step: 1, completed: false });
    expect(await mailFor()).toEqual([]);
    let row = (await submissions('free-kitchen-design')).find((r) => r.id === id)!;
    expect([row.status, row.steps_done]).toEqual(['in_progress', 2]);

    // The token may come as a bearer token instead.
    const last = await postJson(server.url, 'free-kitchen-design', { formData: step2, step: 2, id }, { ...address, Authorization: `Bearer ${token}` });
    expect(last.status).toBe(200);
    expect(last.body).toEqual({ success: true, message: 'Thank you! A designer will contact you within one business day.', data: { id, step: 2, completed: true } });
    row = (await submissions('free-kitchen-design')).find((r) => r.id === id)!;
    expect(row.status).toBe('submitted');
    expect(JSON.parse(row.data)).toEqual({ ...step0, ...step1, ...step2 });
    expect((await mailFor()).map((m) => m.type)).toEqual(['form-notification', 'form-confirmation']);
    expect(row.token_hash).not.toContain(token);

    const again = await postJson(server.url, 'free-kitchen-design', { formData: step2, step: 2, id, token }, address);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'submission_complete', message: 'This submission is already complete.' });
  });

  it('a step sent again after Back replaces that step; steps go in order', async () => {
    const address = freshAddress();
    const { id, token } = (await postJson(server.url, 'free-kitchen-design', { formData: step0, recaptchaToken: 'test-pass' }, address)).body.data;
    const skip = await postJson(server.url, 'free-kitchen-design', { formData: step2, step: 2, id, token }, address);
    expect(skip.status).toBe(400);
    expect(skip.body.fields).toEqual({ step: 'Send the steps in order.' });
    const redo = await postJson(server.url, 'free-kitchen-design', { formData: { ...step0, firstName: 'Anna' }, step: 0, id, token }, address);
    expect(redo.status).toBe(200);
    expect(JSON.parse((await submissions('free-kitchen-design')).find((r) => r.id === id)!.data).firstName).toBe('Anna');
  });

  it('a later step is checked with its own rules and needs the id', async () => {
    const address = freshAddress();
    const { id, token } = (await postJson(server.url, 'free-kitchen-design', { formData: step0, recaptchaToken: 'test-pass' }, address)).body.data;
    const bad = await postJson(server.url, 'free-kitchen-design', { formData: { ...step1, styles: [] }, step: 1, id, token }, address);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ styles: 'Select at least one option' });
    const noId = await postJson(server.url, 'free-kitchen-design', { formData: step1, step: 1 }, address);
    expect(noId.status).toBe(400);
    expect(noId.body.fields).toEqual({ id: 'Send the id and token of the submission this step continues.' });
    const badStep = await postJson(server.url, 'free-kitchen-design', { formData: step1, step: 7, id, token }, address);
    expect(badStep.body.fields).toEqual({ step: "The step is not one of this form's steps." });
  });
});

describe('POST /api/forms/{formName}: the envelope\'s contract (schemas/api/forms.ts)', () => {
  const STEP = "The step is not one of this form's steps.";
  it('refuses a wrong envelope with the engine\'s messages, every wrong key at once, and stores nothing', async () => {
    const before = (await submissions('contact')).length;
    const step = await postJson(server.url, 'contact', { formData: contact, step: 'two', recaptchaToken: 'test-pass' }, freshAddress());
    expect(step.status).toBe(400);
    expect(step.body).toEqual({ error: 'validation_failed', message: STEP, fields: { step: STEP } });
    const several = await postJson(server.url, 'contact', { formData: 'x', step: -1, id: '0', recaptchaToken: 'x'.repeat(4001) }, freshAddress());
    expect(several.status).toBe(400);
    expect(several.body).toEqual({
      error: 'validation_failed',
      message: STEP,
      fields: { step: STEP, id: 'The submission id is not valid.', recaptchaToken: 'recaptchaToken is too long.', formData: 'formData must be an object of field values.' },
    });
    expect(await submissions('contact')).toHaveLength(before);
  });

  it('formData that is not an object is a validation_failed now (it was invalid_body, the one code of its own)', async () => {
    const res = await postJson(server.url, 'contact', { formData: [], recaptchaToken: 'test-pass' }, freshAddress());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'validation_failed', message: 'formData must be an object of field values.', fields: { formData: 'formData must be an object of field values.' } });
  });

  it('refuses a token that is not a string even beside an Authorization header (the engine read neither then)', async () => {
    const before = (await submissions('contact')).length;
    const res = await postJson(server.url, 'contact', { formData: contact, recaptchaToken: 'test-pass', token: { $ne: '' } }, { ...freshAddress(), Authorization: 'Bearer abc' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ token: 'token must be a string.' });
    expect(await submissions('contact')).toHaveLength(before);
  });

  it('takes the step and id of a multipart body as digit strings, and the blank ones as none', async () => {
    const res = await postJson(server.url, 'contact', { formData: contact, step: ' 0 ', id: '', recaptchaToken: 'test-pass' }, freshAddress());
    expect(res.status).toBe(201);
  });
});
