/**
 * The back office's leads and subscribers over HTTP, as the studio's screens use them: leads sent
 * through the real forms API, read, downloaded, moved through their statuses and exported; the
 * newsletter list read, exported and an address erased; every change in the audit log.
 *
 * @engines sqlite: what the screens are answered; the queries are held by lead-queries.test.ts on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxiedTestEnv, withDatabaseOf } from '../api/forms-test-kit';
import { signInOperator } from '../studio/studio-test-kit';
import { markedPng, sendClaim, sendContact, signUpForNewsletter, studioCall } from './lead-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
let viewer: Record<string, string>;
let editor: Record<string, string>;
let admin: Record<string, string>;
let editorEmail: string;
let adminEmail: string;

beforeAll(async () => {
  server = await startTestServer(proxiedTestEnv);
  viewer = (await signInOperator(server, 'viewer')).headers;
  const e = await signInOperator(server, 'editor');
  editor = e.headers;
  editorEmail = e.email;
  const a = await signInOperator(server, 'admin');
  admin = a.headers;
  adminEmail = a.email;
});
afterAll(async () => {
  await server?.stop();
});

const auditOf = (email: string) => withDatabaseOf(server, (q) => q.all(q.db.selectFrom('studio_audit').select(['action', 'detail']).where('operator_email', '=', email).orderBy('id')));

describe('leads', () => {
  it("lists a visitor's submission newest first with who sent it, and counts it under its form", async () => {
    const first = await sendContact(server, { firstName: 'Ann' });
    const second = await sendContact(server, { firstName: 'Bo', email: 'bo.lead@example.com' });
    const list = await studioCall(server, viewer, 'GET', '/api/studio/leads?form=contact');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    const ids = list.body.data.items.map((l: { id: number }) => l.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(list.body.data.items.find((l: { id: number }) => l.id === second)).toMatchObject({ form: 'contact', status: 'new', name: 'Bo Lee', email: 'bo.lead@example.com', dealer: null, estimate: null, uploads: 0 });

    const forms = await studioCall(server, viewer, 'GET', '/api/studio/leads/forms');
    const contact = forms.body.data.find((f: { name: string }) => f.name === 'contact');
    expect(contact).toMatchObject({ title: 'Get in touch', estimator: false, inContent: true });
    expect(contact.counts.new).toBeGreaterThanOrEqual(2);
    expect(forms.body.data.find((f: { name: string }) => f.name === 'kitchen-estimator')).toMatchObject({ estimator: true, inContent: true });
    // Account forms are sent to the account endpoints, never stored as leads.
    expect(forms.body.data.map((f: { name: string }) => f.name)).not.toContain('account-sign-in');
  });

  it('shows the answers with their labels and the photo, downloadable through the studio as an attachment', async () => {
    const photo = markedPng('routes-photo');
    const claim = await sendClaim(server, photo, 'box label.png');
    const detail = await studioCall(server, viewer, 'GET', `/api/studio/leads/${claim.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.answers).toContainEqual({ name: 'fullName', label: expect.any(String), value: 'Sam Carter' });
    expect(detail.body.data.files).toEqual([{ id: claim.fileId, field: 'photos', name: 'box label.png', type: 'image/png', size: photo.length, url: `/api/studio/leads/${claim.id}/files/${claim.fileId}` }]);

    const file = await studioCall(server, viewer, 'GET', detail.body.data.files[0].url);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(photo)).toBe(true);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="box label.png"');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('no-store');
  });

  it('an editor moves a lead to contacted and closed; each change is audited, a repeat is not', async () => {
    const id = await sendContact(server);
    for (const status of ['contacted', 'contacted', 'closed']) {
      const res = await studioCall(server, editor, 'PATCH', `/api/studio/leads/${id}`, { status });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { id, status } });
    }
    expect((await studioCall(server, viewer, 'GET', `/api/studio/leads/${id}`)).body.data.status).toBe('closed');
    expect((await studioCall(server, viewer, 'GET', '/api/studio/leads?status=closed')).body.data.items.map((l: { id: number }) => l.id)).toContain(id);
    expect((await auditOf(editorEmail)).filter((a) => a.action === 'lead.status')).toEqual([
      { action: 'lead.status', detail: `lead ${id}: new → contacted` },
      { action: 'lead.status', detail: `lead ${id}: contacted → closed` },
    ]);
    const bad = await studioCall(server, editor, 'PATCH', `/api/studio/leads/${id}`, { status: 'won' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ status: 'One of: new, contacted, closed.' });
    expect((await studioCall(server, editor, 'PATCH', '/api/studio/leads/999999999', { status: 'closed' })).status).toBe(404);
  });

  it('an admin exports a form as CSV with the lead status, filtered by status; the export is audited', async () => {
    const id = await sendContact(server, { firstName: 'Exported' });
    await studioCall(server, editor, 'PATCH', `/api/studio/leads/${id}`, { status: 'contacted' });
    const csv = await studioCall(server, admin, 'GET', '/api/studio/leads/export.csv?form=contact&status=contacted');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-contact-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe('id,status,lead_status,created_at,updated_at,firstName,lastName,email,phone,topic,orderNumber,message,contactBy,newsletter,source');
    expect(lines.find((l) => l.startsWith(`${id},`))).toContain(`${id},submitted,contacted,`);
    expect(lines.every((l) => l === '' || /^\d+,submitted,contacted,/.test(l) || l === lines[0])).toBe(true);
    const rows = lines.length - 2;
    expect((await auditOf(adminEmail)).filter((a) => a.action === 'leads.export').at(-1)).toEqual({ action: 'leads.export', detail: `leads of contact (contacted): ${rows} rows` });
  });

  it('pages by `next` until it is null', async () => {
    for (let i = 0; i < 3; i++) await sendContact(server, { firstName: `Pager${i}` });
    const all: number[] = [];
    let after: string | null = null;
    do {
      const res = await studioCall(server, viewer, 'GET', `/api/studio/leads${after ? `?after=${after}` : ''}`);
      all.push(...res.body.data.items.map((l: { id: number }) => l.id));
      after = res.body.data.next;
    } while (after);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('subscribers', () => {
  it('lists an address with its consent record, exports it (audited) and erases it, leaving only its id in the audit log', async () => {
    const email = 'reader.erased@example.com';
    const id = await signUpForNewsletter(server, email);
    const list = await studioCall(server, viewer, 'GET', `/api/studio/subscribers?search=${encodeURIComponent('reader.erased')}`);
    expect(list.body.data.items).toEqual([
      {
        id,
        email,
        status: 'pending',
        source: 'newsletter',
        created: expect.any(String),
        updated: expect.any(String),
        unsubscribedAt: null,
        consents: [{ id: expect.any(Number), form: 'newsletter', page: `${server.url}/about-us`, requestedAt: expect.any(String), requestedFrom: expect.any(String), confirmedAt: null, confirmedFrom: null, expiresAt: expect.any(String) }],
      },
    ]);

    const csv = await studioCall(server, admin, 'GET', '/api/studio/subscribers/export.csv?status=pending');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.text).toContain(`${id},${email},pending,newsletter,`);

    // The address also sent the contact form: a lead of its own, shown before the erasure and kept unless asked.
    const contact = await sendContact(server, { email });
    const signUp = await withDatabaseOf(server, (q) => q.first(q.db.selectFrom('form_submission').select('id').where('form_name', '=', 'newsletter').orderBy('id', 'desc')));
    const plan = await studioCall(server, admin, 'GET', `/api/studio/subscribers/${id}/erasure`);
    expect(plan.status).toBe(200);
    expect(plan.body.data).toEqual({
      id,
      email,
      consents: 1,
      newsletterMails: 1,
      newsletterLeads: [{ id: Number(signUp!.id), form: 'newsletter', formTitle: expect.any(String), created: expect.any(String) }],
      otherLeads: [{ id: contact, form: 'contact', formTitle: 'Get in touch', created: expect.any(String) }],
      remains: { orders: 0, quotes: 0, account: false, mails: expect.any(Number) },
    });

    const removed = await studioCall(server, admin, 'DELETE', `/api/studio/subscribers/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({
      success: true,
      data: { id, consents: 1, mails: 1, leads: 1, otherLeads: 0, notifications: expect.any(Number), files: 0, remains: { orders: 0, quotes: 0, account: false, mails: expect.any(Number), leads: 1 } },
    });
    expect(removed.body.data.notifications).toBeGreaterThanOrEqual(1);
    expect((await studioCall(server, viewer, 'GET', `/api/studio/subscribers?search=reader.erased`)).body.data.items).toEqual([]);
    // The Leads screen and its CSV no longer show the sign-up; the contact lead stays.
    const leads = await studioCall(server, viewer, 'GET', `/api/studio/leads?search=reader.erased`);
    expect(leads.body.data.items.map((l: { id: number }) => l.id)).toEqual([contact]);
    const left = await withDatabaseOf(server, async (q) => ({
      consents: await q.all(q.db.selectFrom('newsletter_consent').select('id').where('subscriber_id', '=', id)),
      newsletterMails: await q.all(q.db.selectFrom('mail_outbox').select('id').where('recipient', '=', email).where('type', '=', 'newsletter-confirmation')),
      aboutSignUp: await q.all(q.db.selectFrom('mail_outbox').select('id').where('dedupe_key', 'like', `%:${signUp!.id}`).where('type', 'like', 'form-%')),
      signUp: await q.all(q.db.selectFrom('form_submission').select('id').where('id', '=', Number(signUp!.id))),
    }));
    expect(left).toEqual({ consents: [], newsletterMails: [], aboutSignUp: [], signUp: [] });
    const audit = await auditOf(adminEmail);
    expect(audit.filter((a) => a.action === 'subscriber.erase')).toEqual([
      { action: 'subscriber.erase', detail: `subscriber ${id} erased with 1 consent records, 1 newsletter mails, 1 leads (0 of other forms), ${removed.body.data.notifications} mails about them and 0 files` },
    ]);
    expect(JSON.stringify(await withDatabaseOf(server, (q) => q.all(q.db.selectFrom('studio_audit').selectAll())))).not.toContain(email);
    expect((await studioCall(server, admin, 'DELETE', `/api/studio/subscribers/${id}`)).status).toBe(404);
  });
});
