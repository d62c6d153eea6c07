/**
 * The two e-mails of a form submission, rendered by the server from what it stored (never from text
 * a browser sent as e-mail): the notification to the seller's admin addresses, with the uploads
 * attached, and the optional confirmation to the visitor (emailNotifications.sendSuccessEmail).
 */
import type { FieldOption, InputField } from '../../schemas/forms/form-field.schema';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import { allFormFields } from '../../schemas/evaluators/form-structure';
import { FORM_SUCCESS_TITLE, FORM_THANK_YOU_MESSAGE } from '../../schemas/evaluators/validation-messages';
import { inputFields } from '../../schemas/evaluators/visibility';
import { escapeHtml, type RenderedMail } from './mail-templates';

export interface StoredFileValue {
  name: string;
  size: number;
  type: string;
  upload: string;
}

export interface AnswerRow {
  label: string;
  value: string;
}

function isStoredFile(v: unknown): v is StoredFileValue {
  return typeof v === 'object' && v !== null && typeof (v as StoredFileValue).name === 'string';
}

function everyOption(field: InputField): FieldOption[] {
  const lists = [field.options ?? [], ...Object.values(field.dynamicOptions?.options ?? {})];
  return lists.flat();
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/** One line per stored field, in the definition's order: option labels, Yes/No, file names. */
export function answerRows(form: FormDefinition, data: Record<string, unknown>): AnswerRow[] {
  const rows: AnswerRow[] = [];
  for (const field of inputFields(allFormFields(form))) {
    if (!(field.name in data)) continue;
    const value = data[field.name];
    const label = field.label?.trim() || field.name;
    let text: string;
    if (field.type === 'checkbox' || field.type === 'newsletter') text = value === true || value === 'true' || value === 'on' ? 'Yes' : 'No';
    else if (field.type === 'file') text = (Array.isArray(value) ? value.filter(isStoredFile) : []).map((f) => `${f.name} (${formatSize(f.size)})`).join(', ');
    else if (field.options || field.dynamicOptions) {
      const options = everyOption(field);
      const chosen = Array.isArray(value) ? value.map(String) : value === null || value === undefined ? [] : [String(value)];
      text = chosen.map((v) => options.find((o) => o.value === v)?.label ?? v).join(', ');
    } else text = value === null || value === undefined ? '' : String(value);
    if (text.trim() !== '') rows.push({ label, value: text });
  }
  return rows;
}

function layout(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,sans-serif;color:#222;max-width:640px;margin:auto">${body}</body></html>`;
}

function rowsTable(rows: AnswerRow[]): string {
  const body = rows.map((r) => `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(r.label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(r.value)}</td></tr>`).join('');
  return `<table cellpadding="0" style="border-collapse:collapse">${body}</table>`;
}

function rowsText(rows: AnswerRow[]): string {
  return rows.map((r) => `${r.label}: ${r.value}`).join('\n');
}

export function formTitle(form: FormDefinition): string {
  return form.title?.trim() || form.name;
}

export function renderFormNotification(form: FormDefinition, submission: { id: number; createdAt: string; data: Record<string, unknown> }, attachmentNames: string[]): RenderedMail {
  const title = formTitle(form);
  const rows = answerRows(form, submission.data);
  const meta = Object.entries(form.metadata ?? {}).map(([k, v]) => ({ label: k, value: String(v) }));
  const subject = `New form submission: ${title} #${submission.id}`;
  const files = attachmentNames.length ? `<p><b>Attached:</b> ${attachmentNames.map(escapeHtml).join(', ')}</p>` : '';
  const html = layout(
    subject,
    `<h1>${escapeHtml(title)}</h1><p>Submission #${submission.id} received ${escapeHtml(submission.createdAt)}.</p>${rowsTable(rows)}${files}${meta.length ? `<h3>Metadata</h3>${rowsTable(meta)}` : ''}`,
  );
  const text = [subject, `Received ${submission.createdAt}`, '', rowsText(rows), attachmentNames.length ? `\nAttached: ${attachmentNames.join(', ')}` : '', meta.length ? `\nMetadata\n${rowsText(meta)}` : '']
    .filter((l) => l !== '')
    .join('\n');
  return { subject, html, text };
}

export function renderFormConfirmation(form: FormDefinition, data: Record<string, unknown>): RenderedMail {
  const title = formTitle(form);
  const message = form.messages?.success?.trim() || FORM_THANK_YOU_MESSAGE;
  const rows = answerRows(form, data);
  const subject = `${FORM_SUCCESS_TITLE} We have received your message (${title})`;
  const html = layout(subject, `<h1>${escapeHtml(FORM_SUCCESS_TITLE)}</h1><p>${escapeHtml(message)}</p><h3>What you sent us</h3>${rowsTable(rows)}`);
  const text = [FORM_SUCCESS_TITLE, message, '', 'What you sent us:', rowsText(rows)].join('\n');
  return { subject, html, text };
}
