/**
 * The two e-mails of a form submission, rendered by the server from what it stored (never from text
 * a browser sent as e-mail): the notification to the seller's admin addresses, with the uploads
 * attached, and the optional confirmation to the visitor (emailNotifications.sendSuccessEmail), which
 * repeats only the store's own words (storeWordsRows).
 */
import type { FieldOption, InputField } from '../../schemas/forms/form-field.schema';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import { allFormFields } from '../../schemas/evaluators/form-structure';
import { FORM_SUCCESS_TITLE, FORM_THANK_YOU_MESSAGE } from '../../schemas/evaluators/validation-messages';
import { inputFields } from '../../schemas/evaluators/visibility';
import type { MailRow, RenderedMail } from './mail-document';
import { renderMail } from './render-mail';

export interface StoredFileValue {
  name: string;
  size: number;
  type: string;
  upload: string;
}

/** One answer of a submission: the field's label and what was chosen or typed. */
export type AnswerRow = MailRow;

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

export function formTitle(form: FormDefinition): string {
  return form.title?.trim() || form.name;
}

export function renderFormNotification(form: FormDefinition, submission: { id: number; createdAt: string; data: Record<string, unknown> }, attachmentNames: string[]): RenderedMail {
  const title = formTitle(form);
  const rows = answerRows(form, submission.data);
  const meta = Object.entries(form.metadata ?? {}).map(([k, v]) => ({ label: k, value: String(v) }));
  const subject = `New form submission: ${title} #${submission.id}`;
  const received = `Submission #${submission.id} received ${submission.createdAt}.`;
  return renderMail({
    subject,
    preview: received,
    heading: title,
    blocks: [
      { kind: 'paragraph', text: received },
      ...(rows.length ? [{ kind: 'rows' as const, rows }] : []),
      ...(attachmentNames.length ? [{ kind: 'paragraph' as const, text: `Attached: ${attachmentNames.join(', ')}` }] : []),
      ...(meta.length ? [{ kind: 'heading' as const, text: 'Metadata' }, { kind: 'rows' as const, rows: meta }] : []),
    ],
  });
}

/**
 * The rows a confirmation may repeat to the address the visitor typed, which nobody has proved to
 * own: only the store's own words. A choice shows its option's label (a value that is not one of
 * the definition's options is left out, never echoed); a checkbox shows Yes/No; a hidden-type field
 * shows the definition's value (an estimate's range, which the server computed). Free text, e-mail,
 * phone, number and file names are never repeated: repeated, they would let a stranger send any
 * text (a phishing link) from the store's domain to any address.
 */
export function storeWordsRows(form: FormDefinition, data: Record<string, unknown>): AnswerRow[] {
  const rows: AnswerRow[] = [];
  for (const field of inputFields(allFormFields(form))) {
    if (!(field.name in data)) continue;
    const value = data[field.name];
    const label = field.label?.trim() || field.name;
    let text: string | null = null;
    if (field.type === 'checkbox' || field.type === 'newsletter') text = value === true || value === 'true' || value === 'on' ? 'Yes' : 'No';
    else if (field.type === 'hidden') text = typeof field.value === 'string' || typeof field.value === 'number' ? String(field.value) : null;
    else if (field.options || field.dynamicOptions) {
      const options = everyOption(field);
      const chosen = Array.isArray(value) ? value.map(String) : value === null || value === undefined ? [] : [String(value)];
      const labels = chosen.map((v) => options.find((o) => o.value === v)?.label).filter((l): l is string => l !== undefined);
      text = labels.join(', ');
    }
    if (text !== null && text.trim() !== '') rows.push({ label, value: text });
  }
  return rows;
}

/** Said in place of the visitor's own words, so they know why the e-mail does not repeat them. */
export const CONFIRMATION_PRIVACY_NOTE = 'For your privacy, this e-mail does not repeat what you typed.';

export function renderFormConfirmation(form: FormDefinition, data: Record<string, unknown>): RenderedMail {
  const title = formTitle(form);
  const message = form.messages?.success?.trim() || FORM_THANK_YOU_MESSAGE;
  const rows = storeWordsRows(form, data);
  return renderMail({
    subject: `${FORM_SUCCESS_TITLE} We have received your message (${title})`,
    preview: message,
    heading: FORM_SUCCESS_TITLE,
    blocks: [
      { kind: 'paragraph', text: message },
      ...(rows.length ? [{ kind: 'heading' as const, text: 'Your choices' }, { kind: 'rows' as const, rows }] : []),
      { kind: 'paragraph', text: CONFIRMATION_PRIVACY_NOTE, muted: true },
    ],
  });
}
