/**
 * What operators read of the submissions (npm run submissions): a list, and a CSV export of one
 * form with a column per field in the definition's order. CSV quoting is csv-stringify's (RFC 4180:
 * quotes doubled, cells with commas, quotes or line breaks quoted); a cell that a spreadsheet would
 * run as a formula (starting with = + - @ or a tab) gets a leading apostrophe. A visitor's text
 * reaches an operator's terminal through both (`npm run submissions -- list`, or `cat` of an
 * export), so its control characters are shown escaped (./terminal-safe-text.ts).
 */
import { stringify } from 'csv-stringify/sync';
import type { LeadStatus } from '../../schemas/api/back-office-leads';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import { allFormFields } from '../../schemas/evaluators/form-structure';
import { inputFields } from '../../schemas/evaluators/visibility';
import type { Queries } from '../db/queries';
import { terminalSafe, terminalSafeKeepingLineBreaks } from './terminal-safe-text';

export interface SubmissionSummary {
  id: number;
  form: string;
  status: string;
  steps: number;
  created: string;
  updated: string;
  email: string;
  uploads: number;
}

/** The first answer that is an e-mail address, or ''. */
export function firstEmailIn(data: Record<string, unknown>): string {
  for (const v of Object.values(data)) if (typeof v === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim())) return v.trim();
  return '';
}

export async function listSubmissions(q: Queries, form?: string): Promise<SubmissionSummary[]> {
  let query = q.db
    .selectFrom('form_submission as s')
    .select(['s.id', 's.form_name', 's.status', 's.steps_done', 's.created_at', 's.updated_at', 's.data'])
    .select((eb) => eb.selectFrom('form_upload as u').whereRef('u.submission_id', '=', 's.id').select((e) => e.fn.countAll<number>().as('n')).as('uploads'))
    .orderBy('s.id');
  if (form) query = query.where('s.form_name', '=', form);
  return (await q.all(query)).map((r) => ({
    id: r.id,
    form: r.form_name,
    status: r.status,
    steps: r.steps_done,
    created: r.created_at,
    updated: r.updated_at,
    email: firstEmailIn(JSON.parse(r.data) as Record<string, unknown>),
    uploads: Number(r.uploads ?? 0),
  }));
}

/** The list as an aligned text table. */
export function formatList(rows: SubmissionSummary[]): string {
  const header = ['ID', 'FORM', 'STATUS', 'STEPS', 'CREATED', 'UPDATED', 'E-MAIL', 'UPLOADS'];
  const lines = rows.map((r) => [String(r.id), r.form, r.status, String(r.steps), r.created, r.updated, r.email, String(r.uploads)].map(terminalSafe));
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  return [header, ...lines].map((cells) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) {
    return value
      .map((v) => (typeof v === 'object' && v !== null && 'name' in v ? `${String((v as { name: unknown }).name)} (${String((v as { upload?: unknown }).upload ?? '')})` : String(v)))
      .join('; ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A cell of a visitor's text: control characters escaped, then OWASP's advice against CSV
 * injection, a leading apostrophe that keeps a spreadsheet from running the cell as a formula.
 */
export function defused(text: string): string {
  const safe = terminalSafeKeepingLineBreaks(text);
  return /^[=+\-@\t\r]/.test(safe) ? `'${safe}` : safe;
}

/**
 * The studio's export of leads (server/back-office/): the submitted submissions only, with the
 * status the operators keep as a column after `status`, optionally only those of one lead status.
 */
export interface LeadsOnly {
  leadStatus?: LeadStatus;
}

export async function submissionsCsv(q: Queries, formName: string, definition?: FormDefinition, leads?: LeadsOnly): Promise<string> {
  return (await submissionsExport(q, formName, definition, leads)).csv;
}

/** The CSV and how many submissions it holds (a cell may hold line breaks: its lines are no count). */
export async function submissionsExport(q: Queries, formName: string, definition?: FormDefinition, leads?: LeadsOnly): Promise<{ csv: string; rows: number }> {
  let query = q.db.selectFrom('form_submission').selectAll().where('form_name', '=', formName);
  if (leads) query = query.where('status', '=', 'submitted');
  if (leads?.leadStatus) query = query.where('lead_status', '=', leads.leadStatus);
  const rows = await q.all(query.orderBy('id'));
  const datas = rows.map((r) => JSON.parse(r.data) as Record<string, unknown>);
  const defined = definition ? inputFields(allFormFields(definition)).map((f) => f.name) : [];
  const extra = [...new Set(datas.flatMap((d) => Object.keys(d)))].filter((k) => !defined.includes(k)).sort();
  const columns = [...defined, ...extra];
  const table = [
    // A column of stored data that the definition does not name is named by the stored data.
    ['id', 'status', ...(leads ? ['lead_status'] : []), 'created_at', 'updated_at', ...columns.map(defused)],
    ...rows.map((r, i) => [String(r.id), r.status, ...(leads ? [r.lead_status] : []), r.created_at, r.updated_at, ...columns.map((c) => defused(cellText(datas[i]![c])))]),
  ];
  return { csv: stringify(table, { record_delimiter: 'windows' }), rows: rows.length };
}
