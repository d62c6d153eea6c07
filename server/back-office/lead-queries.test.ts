/**
 * The leads' reads and status (./lead-queries.ts) on the run's engine, and migration 0013's column.
 *
 * @engines sqlite postgres: the leads' queries (patterns, counts) are the engine's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openTestDatabase } from '../testing/test-database';
import { containsPattern, findLead, leadCountsByForm, leadFile, leadFiles, listLeads, setLeadStatus } from './lead-queries';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function setup() {
  database = await openTestDatabase();
  const q = database.q;
  let minute = 0;
  /** A submission as the form pipeline (or the seed command) writes it: no lead_status. */
  const submit = (form: string, data: Record<string, unknown>, status: 'submitted' | 'in_progress' = 'submitted') =>
    q.insertReturningId('form_submission', { form_name: form, data: JSON.stringify(data), status, steps_done: 1, token_hash: null, created_at: new Date(Date.UTC(2030, 0, 1, 9, minute++)).toISOString() });
  return { q, submit };
}

describe('migration 0013', () => {
  it("makes every row written without the column a 'new' lead, and refuses a status that is not one", async () => {
    const { q, submit } = await setup();
    const id = await submit('contact', { email: 'a@example.com' });
    expect((await q.first(q.db.selectFrom('form_submission').select('lead_status').where('id', '=', id)))?.lead_status).toBe('new');
    await expect(q.run(q.db.updateTable('form_submission').set({ lead_status: 'archived' as never }).where('id', '=', id))).rejects.toThrow();
    expect((await findLead(q, id))?.lead_status).toBe('new');
  });
});

describe('the lead list', () => {
  it('lists submitted submissions only, newest first, by pages whose next continues where the last ended', async () => {
    const { q, submit } = await setup();
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await submit('contact', { firstName: `P${i}` }));
    const draft = await submit('contact', { firstName: 'Half way' }, 'in_progress');
    const first = await listLeads(q, {}, 3);
    expect(first.rows.map((r) => r.id)).toEqual([ids[6], ids[5], ids[4]]);
    const second = await listLeads(q, { after: first.next }, 3);
    expect(second.rows.map((r) => r.id)).toEqual([ids[3], ids[2], ids[1]]);
    const last = await listLeads(q, { after: second.next }, 3);
    expect(last.rows.map((r) => r.id)).toEqual([ids[0]]);
    expect(last.next).toBeUndefined();
    expect(await findLead(q, draft)).toBeUndefined();
  });

  it('filters by form and by status, and counts each form by status', async () => {
    const { q, submit } = await setup();
    const a = await submit('contact', {});
    const b = await submit('contact', {});
    const c = await submit('claim', {});
    await submit('claim', {}, 'in_progress');
    expect(await setLeadStatus(q, b, 'contacted')).toBe('new');
    expect(await setLeadStatus(q, c, 'closed')).toBe('new');
    expect((await listLeads(q, { form: 'contact' }, 10)).rows.map((r) => r.id)).toEqual([b, a]);
    expect((await listLeads(q, { status: 'new' }, 10)).rows.map((r) => r.id)).toEqual([a]);
    expect((await listLeads(q, { form: 'claim', status: 'closed' }, 10)).rows.map((r) => r.id)).toEqual([c]);
    expect((await listLeads(q, { form: 'claim', status: 'new' }, 10)).rows).toEqual([]);
    expect(Object.fromEntries(await leadCountsByForm(q))).toEqual({ contact: { new: 1, contacted: 1, closed: 0 }, claim: { new: 0, contacted: 0, closed: 1 } });
  });

  it('searches the answers in any case, taking % _ \\ and quotes as themselves', async () => {
    const { q, submit } = await setup();
    const ann = await submit('contact', { firstName: 'Ann', message: 'Call me at 50% off' });
    const quoted = await submit('contact', { firstName: 'Bo', message: 'The "Shaker" door, C:\\kitchen' });
    await submit('contact', { firstName: 'Cy', message: 'five hundred' });
    const found = async (text: string) => (await listLeads(q, { search: text }, 10)).rows.map((r) => r.id);
    expect(await found('ANN')).toEqual([ann]);
    expect(await found('50%')).toEqual([ann]);
    expect(await found('0%')).toEqual([ann]);
    expect(await found('%')).toEqual([ann]);
    expect(await found('_')).toEqual([]);
    expect(await found('"shaker"')).toEqual([quoted]);
    expect(await found('c:\\kitchen')).toEqual([quoted]);
    expect(containsPattern('a%b_c\\')).toBe('%a\\%b\\_c\\\\\\\\%');
  });
});

describe('a lead status', () => {
  it('changes a submitted lead, answers the status before, and leaves updated_at (the visitor’s) alone', async () => {
    const { q, submit } = await setup();
    const id = await submit('contact', {});
    const before = (await findLead(q, id))!;
    expect(await setLeadStatus(q, id, 'contacted')).toBe('new');
    expect(await setLeadStatus(q, id, 'contacted')).toBe('contacted');
    const after = (await findLead(q, id))!;
    expect(after.lead_status).toBe('contacted');
    expect(after.updated_at).toBe(before.updated_at);
  });

  it('is no lead for a missing id or a submission between its steps', async () => {
    const { q, submit } = await setup();
    const draft = await submit('contact', {}, 'in_progress');
    expect(await setLeadStatus(q, draft, 'closed')).toBeUndefined();
    expect(await setLeadStatus(q, draft + 100, 'closed')).toBeUndefined();
    expect((await q.first(q.db.selectFrom('form_submission').select('lead_status').where('id', '=', draft)))?.lead_status).toBe('new');
  });
});

describe('the files of a lead', () => {
  it('finds a file only with its own lead', async () => {
    const { q, submit } = await setup();
    const mine = await submit('claim', {});
    const other = await submit('claim', {});
    const upload = (submission: number, name: string) =>
      q.insertReturningId('form_upload', { submission_id: submission, field: 'photos', stored_name: `claim/${name}.jpg`, original_name: `${name}.jpg`, content_type: 'image/jpeg', size: 10, created_at: '2030-01-01T09:00:00.000Z' });
    const a = await upload(mine, 'a');
    const b = await upload(other, 'b');
    expect((await leadFiles(q, mine)).map((f) => f.id)).toEqual([a]);
    expect((await leadFile(q, mine, a))?.stored_name).toBe('claim/a.jpg');
    expect(await leadFile(q, mine, b)).toBeUndefined();
    expect(await leadFile(q, other, a)).toBeUndefined();
    expect((await findLead(q, mine))?.uploads).toBe(1);
  });
});
