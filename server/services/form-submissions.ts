/**
 * Stores form submissions (POST /api/forms/{name}). The server checks a submission with the
 * evaluators the browser runs (schemas/evaluators/form-submission.ts), on its own copy of the
 * definition: values of hidden fields are dropped, a field the definition does not have is refused,
 * uploads count only as the files that really arrived and passed their checks (./form-request.ts).
 *
 * A multi-step form is one row, updated step by step. The request that starts it (step 0, no id)
 * gets the row's id and a random continuation token; every later step sends both, and only the
 * token's sha256 is stored, so only the visitor who started a submission can continue it. Steps go
 * in order (a step may be sent again after Back). The last step completes the row and queues the
 * e-mails; a single-step form completes at once.
 *
 * The row, its uploads, the newsletter consent request and the e-mails (mail outbox) are written in
 * one transaction: all of it is stored, or none of it.
 */
import crypto from 'node:crypto';
import type { InputField } from '../../schemas/forms/form-field.schema';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import type { FieldValue, FileLike } from '../../schemas/evaluators/field-values';
import { isChecked } from '../../schemas/evaluators/field-values';
import { allFormFields, isLastStep, isMultiStep, stepFields } from '../../schemas/evaluators/form-structure';
import { checkSubmission } from '../../schemas/evaluators/form-submission';
import { FIELD_MESSAGES, FORM_SUCCESS_MESSAGE, SUBMISSION_FAILED } from '../../schemas/evaluators/validation-messages';
import { inputFields } from '../../schemas/evaluators/visibility';
import type { Queries } from '../db/queries';
import type { FormSubmissionTable } from '../db/tables';
import { ApiError } from '../http/api-error';
import type { MailConfig } from '../mail/mail-config';
import { renderFormConfirmation, renderFormNotification, type StoredFileValue } from '../mail/form-mail-templates';
import { enqueueMail, type MailAttachment } from '../mail/outbox';
import type { RequestBody } from '../../schemas/api/endpoint';
import { STEP_MESSAGE, type formSubmitEndpoint } from '../../schemas/api/forms';
import type { FormRequest } from './form-request';
import { unknownFields } from './form-request';
import { generatedUploadName, type StagedFile } from './form-uploads';
import { NEWSLETTER_CHECK_INBOX, NewsletterConsent } from './newsletter-consent';
import type { RecaptchaVerifier } from './recaptcha';
import { isEmail, nowIso } from './request-input';
import { useLinearPatterns } from './linear-patterns';
import type { UploadStore } from './upload-store';
import { constantTimeEqual, sha256Hex } from './secrets';

export interface FormSubmissionDeps {
  q: Queries;
  /** Where files are kept: the uploads folder (SQLite) or the database (PostgreSQL). */
  uploads: UploadStore;
  mail: MailConfig;
  publicUrl: string;
  recaptcha: RecaptchaVerifier;
  /** The clock of newsletter consent records and of the per-address mail cap; tests give a fake one. */
  now?: () => Date;
}

/** Who sent a submission, as the route saw it. */
export interface SubmissionCaller {
  remoteIp: string;
  bearer?: string;
  dealerId?: string;
  /** The page the form was on (newsletter-consent.ts sourcePageOf), for the consent record. */
  sourcePage?: string | null;
}

export interface SubmissionAnswer {
  status: 200 | 201;
  body: {
    success: true;
    message: string;
    data: { id: number; token?: string; step?: number; completed?: boolean };
    /** Present when the submission asked for the newsletter: the same whatever the address's state. */
    newsletter?: { confirmationRequired: true; message: typeof NEWSLETTER_CHECK_INBOX };
  };
}

/** Shown on an intermediate step of a multi-step form (the form moves on; this is rarely shown). */
export const STEP_SAVED_MESSAGE = 'Your answers so far are saved.';

type SubmissionRow = Omit<FormSubmissionTable, 'id' | 'status' | 'steps_done' | 'updated_at'> & { id: number; status: 'in_progress' | 'submitted'; steps_done: number; updated_at: string };

function badRequest(field: string, message: string, code = 'validation_failed'): ApiError {
  return new ApiError(400, code, message, { [field]: message });
}

/** The envelope as its contract (schemas/api/forms.ts) let it through: the route checked it before this service reads it. */
type Envelope = RequestBody<typeof formSubmitEndpoint>;

/** A step or an id as sent (12, "12", " 12 ", "" or null, all already checked to be digits or nothing). */
function wholeNumber(value: string | number | null | undefined): number | undefined {
  const text = String(value ?? '').trim();
  return text === '' ? undefined : Number(text);
}

/** A token as sent, trimmed; blank is none. */
function text(value: string | null | undefined): string | undefined {
  return value?.trim() || undefined;
}

/** The step a request is for: the schema knows it is a number; only the form knows how many steps it has. */
function stepOf(form: FormDefinition, envelope: Envelope): number {
  const step = wholeNumber(envelope.step) ?? 0;
  const steps = isMultiStep(form) ? (form.steps?.length ?? 1) : 1;
  if (step >= steps) throw badRequest('step', STEP_MESSAGE);
  return step;
}

/** The values sent for the form's fields; a name the definition does not have is refused. Upload fields take only real uploads. */
function fieldValues(form: FormDefinition, formData: Record<string, unknown>): Record<string, FieldValue> {
  const fields = new Map(inputFields(allFormFields(form)).map((f) => [f.name, f]));
  const unknown = Object.keys(formData).filter((k) => !fields.has(k));
  if (unknown.length) throw unknownFields(unknown);
  const values: Record<string, FieldValue> = {};
  const invalid: Record<string, string> = {};
  for (const [name, value] of Object.entries(formData)) {
    if (fields.get(name)!.type === 'file') continue;
    if (value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) values[name] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) values[name] = value as string[];
    else invalid[name] = 'Invalid value';
  }
  if (Object.keys(invalid).length) throw new ApiError(400, 'invalid_value', 'Some values are not of a type the form takes.', invalid);
  return values;
}

function firstEmail(form: FormDefinition, data: Record<string, unknown>): string | null {
  for (const f of inputFields(allFormFields(form))) {
    const v = data[f.name];
    if (f.type === 'email' && typeof v === 'string' && isEmail(v.trim())) return v.trim();
  }
  return null;
}

function wantsNewsletter(form: FormDefinition, data: Record<string, unknown>): boolean {
  if (form.actions?.subscribeNewsletter) return true;
  return inputFields(allFormFields(form)).some((f) => f.type === 'newsletter' && isChecked(data[f.name] as FieldValue));
}

/**
 * The message of a completed submission. A form whose purpose is the newsletter says to check the
 * inbox whatever its definition's success text says: "you are subscribed" would not be true yet.
 */
export function completedMessage(form: FormDefinition): string {
  if (form.actions?.subscribeNewsletter) return NEWSLETTER_CHECK_INBOX;
  return form.messages?.success?.trim() || FORM_SUCCESS_MESSAGE;
}

export class FormSubmissions {
  private readonly consent: NewsletterConsent;

  constructor(private readonly deps: FormSubmissionDeps) {
    // Visitors' values go through the forms' patterns in linear time, whatever the pattern.
    useLinearPatterns();
    this.consent = new NewsletterConsent({ q: deps.q, publicUrl: deps.publicUrl, ...(deps.now ? { now: deps.now } : {}) });
  }

  /** The double opt-in service the newsletter's confirm route shares. */
  get newsletterConsent(): NewsletterConsent {
    return this.consent;
  }

  /** The row a later step continues: only with its own token, only while it is in progress. */
  private async continuable(form: FormDefinition, id: number, token: string | undefined): Promise<SubmissionRow> {
    const { q } = this.deps;
    const row = (await q.first(q.db.selectFrom('form_submission').selectAll().where('id', '=', id))) as SubmissionRow | undefined;
    const owned = row !== undefined && row.form_name === form.name && row.token_hash !== null && token !== undefined && constantTimeEqual(sha256Hex(token), row.token_hash);
    if (!owned) throw new ApiError(403, 'submission_forbidden', 'This submission cannot be continued.');
    if (row.status !== 'in_progress') throw new ApiError(409, 'submission_complete', 'This submission is already complete.');
    return row;
  }

  async submit(form: FormDefinition, request: FormRequest, caller: SubmissionCaller): Promise<SubmissionAnswer> {
    const env = request.envelope as Envelope;
    const multi = isMultiStep(form);
    const step = stepOf(form, env);
    const id = wholeNumber(env.id);
    const token = caller.bearer ?? text(env.token);
    const recaptchaToken = text(env.recaptchaToken);
    if (!multi && id !== undefined) throw badRequest('id', 'A single-step form is sent in one request, without an id.');
    if (step > 0 && id === undefined) throw badRequest('id', 'Send the id and token of the submission this step continues.');

    const row = id === undefined ? undefined : await this.continuable(form, id, token);
    if (row && step > row.steps_done) throw badRequest('step', 'Send the steps in order.');

    // This step's values and the files that really arrived for its fields; files for other steps' fields are dropped.
    const values = fieldValues(form, env.formData ?? {});
    const stepNames = new Set(inputFields(stepFields(form, step)).map((f) => f.name));
    const staged = new Map<FileLike, StagedFile>();
    for (const file of request.files) {
      if (!stepNames.has(file.field)) continue;
      const like: FileLike = { name: file.originalName, size: file.size, type: file.contentType };
      staged.set(like, file);
      values[file.field] = [...((values[file.field] as FileLike[] | undefined) ?? []), like];
    }
    const stored = row ? (JSON.parse(row.data) as Record<string, FieldValue>) : {};
    const earlier: Record<string, FieldValue> = Object.fromEntries(Object.entries(stored).filter(([k]) => !stepNames.has(k)));
    for (const k of Object.keys(values)) if (!stepNames.has(k)) delete values[k];

    // The captcha is asked once, of the request that starts a submission; later steps prove themselves with the token.
    const starting = id === undefined;
    const checkForm = starting ? form : { ...form, googleReCaptcha: false };
    const check = checkSubmission(checkForm, { ...earlier, ...values }, { stepIndex: step, recaptchaToken });
    if (Object.keys(check.errors).length) throw new ApiError(400, 'validation_failed', SUBMISSION_FAILED, check.errors);
    if (checkForm.googleReCaptcha && !(await this.deps.recaptcha.verify(recaptchaToken ?? '', caller.remoteIp))) {
      throw badRequest('recaptchaToken', FIELD_MESSAGES.captcha);
    }

    const completed = isLastStep(form, step);
    return this.store(form, { row, step, completed, earlier, kept: check.values, staged, multi, dealerId: caller.dealerId ?? null, client: caller.remoteIp, sourcePage: caller.sourcePage ?? null });
  }

  private async store(
    form: FormDefinition,
    s: { row: SubmissionRow | undefined; step: number; completed: boolean; earlier: Record<string, FieldValue>; kept: Record<string, FieldValue>; staged: Map<FileLike, StagedFile>; multi: boolean; dealerId: string | null; client: string; sourcePage: string | null },
  ): Promise<SubmissionAnswer> {
    const { q, uploads } = this.deps;
    const stepFileFields = inputFields(stepFields(form, s.step)).filter((f: InputField) => f.type === 'file').map((f) => f.name);
    // Files of visible file fields are kept under generated names; the rest stay in staging and go with it.
    const moved: { field: string; staged: StagedFile; storedName: string }[] = [];
    const stepData: Record<string, unknown> = {};
    const placed: string[] = [];
    try {
      for (const [name, value] of Object.entries(s.kept)) {
        if (!stepFileFields.includes(name)) {
          stepData[name] = value;
          continue;
        }
        const files: StoredFileValue[] = [];
        for (const like of (value as FileLike[] | undefined) ?? []) {
          const file = s.staged.get(like);
          if (!file) continue;
          const storedName = generatedUploadName(form.name, file.ext);
          uploads.place(file.path, storedName);
          placed.push(storedName);
          moved.push({ field: name, staged: file, storedName });
          files.push({ name: file.originalName, size: file.size, type: file.contentType, upload: storedName });
        }
        stepData[name] = files;
      }
      const data = { ...s.earlier, ...stepData };
      const token = s.multi && !s.row ? crypto.randomBytes(32).toString('base64url') : undefined;
      const result = await q.transaction((tx) => this.write(tx, form, { ...s, data, token, moved, stepFileFields }));
      uploads.discard(result.replaced);
      const body: SubmissionAnswer['body'] = {
        success: true,
        message: s.completed ? completedMessage(form) : STEP_SAVED_MESSAGE,
        data: s.multi ? { id: result.id, ...(token ? { token } : {}), step: s.step, completed: s.completed } : { id: result.id },
      };
      if (result.newsletter) body.newsletter = { confirmationRequired: true, message: NEWSLETTER_CHECK_INBOX };
      return { status: s.row ? 200 : 201, body };
    } catch (err) {
      uploads.discard(placed);
      throw err;
    }
  }

  /** The database part of a submission, inside one transaction (`tx`). Returns the uploads it replaced (to delete once committed). */
  private async write(
    tx: Queries,
    form: FormDefinition,
    s: { row: SubmissionRow | undefined; step: number; completed: boolean; data: Record<string, unknown>; token: string | undefined; moved: { field: string; staged: StagedFile; storedName: string }[]; stepFileFields: string[]; dealerId: string | null; client: string; sourcePage: string | null },
  ): Promise<{ id: number; replaced: string[]; newsletter: boolean }> {
    const now = nowIso();
    const status = s.completed ? 'submitted' : 'in_progress';
    let id: number;
    if (s.row) {
      // Checked again inside the transaction, with the row locked until it ends: another request (on
      // this server or another) may have completed it meanwhile, and none may change it while we do.
      const current = await tx.first(tx.lockRow(tx.db.selectFrom('form_submission').select(['status', 'steps_done']).where('id', '=', s.row.id)));
      if (!current || current.status !== 'in_progress') throw new ApiError(409, 'submission_complete', 'This submission is already complete.');
      id = s.row.id;
      await tx.run(
        tx.db
          .updateTable('form_submission')
          .set({ data: JSON.stringify(s.data), status, steps_done: Math.max(current.steps_done, s.step + 1), updated_at: now })
          .where('id', '=', id),
      );
    } else {
      id = await tx.insertReturningId('form_submission', {
        form_name: form.name,
        data: JSON.stringify(s.data),
        status,
        steps_done: s.step + 1,
        token_hash: s.token ? sha256Hex(s.token) : null,
        // A later step keeps the dealer of the request that started the submission.
        dealer_id: s.dealerId,
        created_at: now,
        updated_at: now,
      });
    }
    let replaced: string[] = [];
    if (s.row && s.stepFileFields.length) {
      const old = await tx.all(tx.db.selectFrom('form_upload').select(['id', 'stored_name']).where('submission_id', '=', id).where('field', 'in', s.stepFileFields));
      replaced = old.map((u) => u.stored_name);
      if (old.length) await tx.run(tx.db.deleteFrom('form_upload').where('id', 'in', old.map((u) => u.id)));
      await this.deps.uploads.forget(tx, replaced);
    }
    for (const m of s.moved) {
      await this.deps.uploads.write(tx, m.staged.path, m.storedName);
      await tx.insert('form_upload', { submission_id: id, field: m.field, stored_name: m.storedName, original_name: m.staged.originalName, content_type: m.staged.contentType, size: m.staged.size, created_at: now });
    }
    if (!s.completed) return { id, replaced, newsletter: false };

    const email = firstEmail(form, s.data);
    const newsletter = email !== null && wantsNewsletter(form, s.data);
    // Asks the owner to confirm (double opt-in); whatever the address's state, the answer is the same.
    if (newsletter) await this.consent.request(tx, { email, sourceForm: form.name, sourcePage: s.sourcePage, client: s.client });
    await this.queueMail(tx, form, id, s.row?.created_at ?? now, s.data, email);
    return { id, replaced, newsletter };
  }

  /** The admin notification with every upload of the submission attached, and the visitor's confirmation when the form asks for one. */
  private async queueMail(tx: Queries, form: FormDefinition, id: number, createdAt: string, data: Record<string, unknown>, email: string | null): Promise<void> {
    const { mail, publicUrl, uploads: store } = this.deps;
    const uploads = await tx.all(tx.db.selectFrom('form_upload').select(['stored_name', 'original_name', 'content_type']).where('submission_id', '=', id).orderBy('id'));
    const attachments: MailAttachment[] = uploads.map((u) => store.attachment(u.stored_name, u.original_name, u.content_type));
    const [admin, ...cc] = mail.adminEmails;
    if (admin) {
      await enqueueMail(
        tx,
        {
          type: 'form-notification',
          orderId: null,
          recipient: admin,
          cc,
          dedupeKey: `form-notification:${id}`,
          headers: email ? { 'Reply-To': email } : {},
          attachments,
          ...renderFormNotification(form, { id, createdAt, data }, attachments.map((a) => a.filename)),
        },
        { publicUrl, ...(this.deps.now ? { now: this.deps.now } : {}) },
      );
    }
    if (email && form.emailNotifications?.sendSuccessEmail) {
      // Only the store's words (storeWordsRows), and within the address's hourly cap (mail/recipient-cap.ts).
      await enqueueMail(tx, { type: 'form-confirmation', orderId: null, recipient: email, cc: [], dedupeKey: `form-confirmation:${id}`, ...renderFormConfirmation(form, data) }, { publicUrl, ...(this.deps.now ? { now: this.deps.now } : {}) });
    }
  }
}
