/**
 * What the studio shows of a lead (schemas/api/back-office-leads.ts): a summary for the list (who,
 * the dealer, an estimate's range) and the detail's answers, labelled by the form's definition in
 * the live content while it still has the field. The stored data is the visitor's, as the form
 * pipeline checked and kept it: values are turned into text here, never interpreted.
 */
import type { ResponseBody } from '../../schemas/api/endpoint';
import type { leadDetailEndpoint } from '../../schemas/api/back-office-leads';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import type { InputField } from '../../schemas/forms/form-field.schema';
import { allFormFields } from '../../schemas/evaluators/form-structure';
import { inputFields } from '../../schemas/evaluators/visibility';
import type { Content } from '../content/load-content';
import { ESTIMATE_FIELDS, estimatorForm, findEstimator, formWithServerEstimate } from '../services/estimate-submission';
import { firstEmailIn } from '../services/submissions-export';
import type { LeadFile, LeadRow } from './lead-queries';

type LeadDetail = ResponseBody<typeof leadDetailEndpoint, 200>['data'];
export type LeadSummary = Omit<LeadDetail, 'formTitle' | 'updated' | 'answers' | 'files' | 'quote'>;

/**
 * The live definition of a form or an estimator of that name, and whether it is an estimator. Given
 * an estimate's answers, the estimator's form is the one its estimate was stored with: with the
 * labelled fields of the server's breakdown rows ("Cabinets: Cabinet boxes and doors").
 */
export function definitionOf(content: Content, name: string, answers?: Record<string, unknown>): { form: FormDefinition; estimator: boolean } | undefined {
  const form = Object.prototype.hasOwnProperty.call(content.forms, name) ? content.forms[name] : Object.values(content.forms).find((f) => f.name === name);
  if (form) return { form, estimator: false };
  const entry = findEstimator(content, name);
  if (!entry) return undefined;
  return { form: answers ? formWithServerEstimate(entry, answers).form : estimatorForm(entry.template), estimator: true };
}

/** A field the definition no longer has (or a hidden one without a label), named as a person reads it: orderNumber, Order number. */
export function nameAsLabel(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

/** The stored data of a submission as an object (a row that is not one reads as no answers). */
export function answersOf(row: Pick<LeadRow, 'data'>): Record<string, unknown> {
  try {
    const data = JSON.parse(row.data) as unknown;
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Who sent it, from the usual name fields: a full name, else first and last name. */
export function nameIn(data: Record<string, unknown>): string | null {
  for (const key of ['fullName', 'full_name', 'name', 'yourName', 'contactName', 'customerName']) if (text(data[key])) return text(data[key]);
  const parts = [text(data.firstName ?? data.first_name), text(data.lastName ?? data.last_name)].filter((p) => p !== null);
  return parts.length ? parts.join(' ') : null;
}

function estimateIn(data: Record<string, unknown>): LeadSummary['estimate'] {
  const estimate = { materials: text(data[ESTIMATE_FIELDS.product]), labor: text(data[ESTIMATE_FIELDS.labor]), total: text(data[ESTIMATE_FIELDS.total]) };
  return Object.values(estimate).every((v) => v === null) ? null : estimate;
}

export function leadSummary(row: LeadRow, content: Content): LeadSummary {
  const data = answersOf(row);
  return {
    id: row.id,
    form: row.form_name,
    created: row.created_at,
    status: row.lead_status,
    name: nameIn(data),
    email: firstEmailIn(data) || null,
    dealer: row.dealer_id === null ? null : { id: row.dealer_id, name: content.dealers.find((d) => d.id === row.dealer_id)?.name ?? null },
    estimate: estimateIn(data),
    uploads: row.uploads,
  };
}

/** A stored value as a person reads it: option labels for option values, Yes or No, file names. */
export function answerText(value: unknown, field?: InputField): string {
  const label = (v: string) => field?.options?.find((o) => o.value === v)?.label ?? v;
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return label(value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' && v !== null && 'name' in v ? String((v as { name: unknown }).name) : typeof v === 'string' ? label(v) : String(v))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The server's estimate fields are shown as `estimate` and `dealer`, not as answers. */
const SERVER_FIELDS = new Set<string>(Object.values(ESTIMATE_FIELDS));

export function leadDetail(row: LeadRow, files: LeadFile[], content: Content, quote: LeadDetail['quote'] = null): LeadDetail {
  const data = answersOf(row);
  const definition = definitionOf(content, row.form_name, data)?.form;
  const fields = definition ? inputFields(allFormFields(definition)) : [];
  const byName = new Map(fields.map((f) => [f.name, f]));
  const names = [...fields.map((f) => f.name).filter((n) => n in data), ...Object.keys(data).filter((n) => !byName.has(n)).sort()];
  return {
    ...leadSummary(row, content),
    formTitle: definition?.title ?? null,
    updated: row.updated_at,
    quote,
    answers: names.filter((n) => !SERVER_FIELDS.has(n)).map((name) => ({ name, label: byName.get(name)?.label || nameAsLabel(name), value: answerText(data[name], byName.get(name)) })),
    files: files.map((f) => ({ id: f.id, field: f.field, name: f.original_name, type: f.content_type, size: f.size, url: `/api/studio/leads/${row.id}/files/${f.id}` })),
  };
}
