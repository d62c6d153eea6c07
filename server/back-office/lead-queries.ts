/**
 * The back office's leads (schemas/api/back-office-leads.ts): the submitted form submissions, read
 * and paged for the studio, and their status. A multi-step submission between its steps
 * (status 'in_progress') is not a lead yet: none of these reads or changes it.
 *
 * Pages are newest first by id (ids are given in arrival order), keyset: `id < after`, so the last
 * page reads as few rows as the first; 0013 indexes (lead_status, id) and (form_name, lead_status,
 * id), 0003 (form_name, id).
 */
import { sql } from 'kysely';
import { LEAD_STATUSES, type LeadStatus } from '../../schemas/api/back-office-leads';
import type { Queries } from '../db/queries';

export interface LeadFilter {
  form?: string;
  status?: LeadStatus;
  search?: string;
  /** The id the page starts below (the previous page's last). */
  after?: number;
}

export interface LeadRow {
  id: number;
  form_name: string;
  data: string;
  lead_status: LeadStatus;
  dealer_id: string | null;
  created_at: string;
  updated_at: string;
  uploads: number;
}

/**
 * A LIKE pattern that finds `text` anywhere in a stored JSON document, in any case: the text is
 * written as JSON writes it (a quote as \", a backslash as \\), then LIKE's own % and _ and its
 * escape character are escaped.
 */
export function containsPattern(text: string): string {
  const asJson = JSON.stringify(text.toLowerCase()).slice(1, -1);
  return `%${asJson.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of leads, and the `after` of the next one (undefined on the last). */
export async function listLeads(q: Queries, filter: LeadFilter, limit: number): Promise<{ rows: LeadRow[]; next?: number }> {
  let query = q.db
    .selectFrom('form_submission as s')
    .select(['s.id', 's.form_name', 's.data', 's.lead_status', 's.dealer_id', 's.created_at', 's.updated_at'])
    .select((eb) => eb.selectFrom('form_upload as u').whereRef('u.submission_id', '=', 's.id').select((e) => e.fn.countAll<number>().as('n')).as('uploads'))
    .where('s.status', '=', 'submitted');
  if (filter.form) query = query.where('s.form_name', '=', filter.form);
  if (filter.status) query = query.where('s.lead_status', '=', filter.status);
  if (filter.after) query = query.where('s.id', '<', filter.after);
  // lower() of SQLite folds ASCII only; the data is JSON text, so a search is a scan of one column.
  if (filter.search?.trim()) query = query.where(sql<boolean>`lower(${sql.ref('s.data')}) like ${containsPattern(filter.search.trim())} escape '\\'`);
  const rows = await q.all(query.orderBy('s.id', 'desc').limit(limit + 1));
  const page = rows.slice(0, limit).map((r) => ({ ...r, id: Number(r.id), uploads: Number(r.uploads ?? 0) }));
  return { rows: page, next: rows.length > limit ? page[page.length - 1]!.id : undefined };
}

/** One lead, or undefined (no such submission, or one not yet submitted). */
export async function findLead(q: Queries, id: number): Promise<LeadRow | undefined> {
  const row = await q.first(
    q.db
      .selectFrom('form_submission as s')
      .select(['s.id', 's.form_name', 's.data', 's.lead_status', 's.dealer_id', 's.created_at', 's.updated_at'])
      .select((eb) => eb.selectFrom('form_upload as u').whereRef('u.submission_id', '=', 's.id').select((e) => e.fn.countAll<number>().as('n')).as('uploads'))
      .where('s.id', '=', id)
      .where('s.status', '=', 'submitted'),
  );
  return row && { ...row, id: Number(row.id), uploads: Number(row.uploads ?? 0) };
}

export type LeadCounts = Record<LeadStatus, number>;

/** How many leads each form has, by status (forms without a lead are absent). */
export async function leadCountsByForm(q: Queries): Promise<Map<string, LeadCounts>> {
  const rows = await q.all(
    q.db
      .selectFrom('form_submission')
      .select(['form_name', 'lead_status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '=', 'submitted')
      .groupBy(['form_name', 'lead_status']),
  );
  const counts = new Map<string, LeadCounts>();
  for (const r of rows) {
    const form = counts.get(r.form_name) ?? (Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as LeadCounts);
    form[r.lead_status] += Number(r.n);
    counts.set(r.form_name, form);
  }
  return counts;
}

/**
 * Sets a lead's status; answers the status it had, or undefined when there is no such lead.
 * updated_at stays: it is when the visitor last sent a step (the export shows it); the audit log
 * says when an operator changed the status.
 */
export async function setLeadStatus(q: Queries, id: number, status: LeadStatus): Promise<LeadStatus | undefined> {
  return q.transaction(async (tx) => {
    const row = await tx.first(tx.lockRow(tx.db.selectFrom('form_submission').select('lead_status').where('id', '=', id).where('status', '=', 'submitted')));
    if (!row) return undefined;
    if (row.lead_status !== status) await tx.run(tx.db.updateTable('form_submission').set({ lead_status: status }).where('id', '=', id));
    return row.lead_status;
  });
}

export interface LeadFile {
  id: number;
  field: string;
  stored_name: string;
  original_name: string;
  content_type: string;
  size: number;
}

/** The files of a lead, in the order they came. */
export async function leadFiles(q: Queries, leadId: number): Promise<LeadFile[]> {
  const rows = await q.all(q.db.selectFrom('form_upload').select(['id', 'field', 'stored_name', 'original_name', 'content_type', 'size']).where('submission_id', '=', leadId).orderBy('id'));
  return rows.map((r) => ({ ...r, id: Number(r.id), size: Number(r.size) }));
}

/** A file of that lead (a file of another submission, or of one not yet submitted, is not found). */
export async function leadFile(q: Queries, leadId: number, fileId: number): Promise<LeadFile | undefined> {
  const row = await q.first(
    q.db
      .selectFrom('form_upload as u')
      .innerJoin('form_submission as s', 's.id', 'u.submission_id')
      .select(['u.id', 'u.field', 'u.stored_name', 'u.original_name', 'u.content_type', 'u.size'])
      .where('u.id', '=', fileId)
      .where('u.submission_id', '=', leadId)
      .where('s.status', '=', 'submitted'),
  );
  return row && { ...row, id: Number(row.id), size: Number(row.size) };
}
