/**
 * What the estimate shows as text: the rows of the PDF and of the e-mailed summary, the
 * PDF's file name (estimate-{date}.pdf, the date as MM/DD/YYYY with the slashes made dashes so it
 * is a valid file name) and how long the estimate is valid (30 days).
 */
import type { FormField } from '../forms/form-field.schema';
import { isChecked, isEmptyValue, isFileList, valueList, type FormValues } from './field-values';
import { applyVisibility, currentOptions, placeFields } from './visibility';

export const ESTIMATE_VALID_DAYS = 30;

export interface EstimateRow {
  section?: string;
  name: string;
  label: string;
  /** The visitor's answer as text: option labels, not values; file names for uploads. */
  value: string;
}

/** MM/DD/YYYY, the date format of the estimate. */
export function formatEstimateDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

export function estimateFileName(date: Date): string {
  return `estimate-${formatEstimateDate(date).replace(/\//g, '-')}.pdf`;
}

export function estimateValidUntil(date: Date): Date {
  const until = new Date(date.getTime());
  until.setDate(until.getDate() + ESTIMATE_VALID_DAYS);
  return until;
}

/**
 * The filled, visible answers in template order, without hidden-type fields and, for the PDF,
 * without fields or sections marked hideInPDF.
 */
export function estimateRows(fields: readonly FormField[], values: FormValues, options: { forPdf?: boolean } = {}): EstimateRow[] {
  const { hidden, values: visible } = applyVisibility(fields, values);
  const rows: EstimateRow[] = [];
  for (const { field, group } of placeFields(fields)) {
    if (hidden.has(field.name) || field.type === 'hidden') continue;
    if (options.forPdf && (field.hideInPDF || group?.hideInPDF)) continue;
    const value = visible[field.name];
    if (isEmptyValue(value)) continue;
    let text: string;
    if (field.type === 'checkbox' || field.type === 'newsletter') {
      if (!isChecked(value)) continue;
      text = 'Yes';
    } else if (isFileList(value)) {
      text = value.map((f) => f.name).join(', ');
    } else if (field.options || field.dynamicOptions) {
      const labels = new Map(currentOptions(field, visible).map((o) => [o.value, o.label]));
      text = valueList(value).map((v) => labels.get(v) ?? v).join(', ');
    } else {
      text = String(value);
    }
    const row: EstimateRow = { name: field.name, label: field.label ?? field.name, value: text };
    if (group?.label) row.section = group.label;
    rows.push(row);
  }
  return rows;
}
