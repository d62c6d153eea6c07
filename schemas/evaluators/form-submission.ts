/**
 * What the server (and the form engine before sending) checks of one submission of a form or one
 * step of a multi-step form: the visible fields of that step, and the captcha when the form asks for
 * one. Values of hidden fields, and of fields the definition does not have, are dropped, so what is
 * stored is only what the visitor could see and fill.
 */
import type { FormDefinition } from '../forms/form.schema';
import type { FieldValue, FormValues } from './field-values';
import { validateCaptcha, validateFields } from './field-validation';
import { stepFields } from './form-structure';
import { inputFields } from './visibility';

export interface SubmissionCheck {
  /** Field name -> message; `recaptchaToken` when the captcha is missing. Empty when the submission may be stored. */
  errors: Record<string, string>;
  /** The visible fields' values of the step, ready to store. */
  values: Record<string, FieldValue>;
}

export function checkSubmission(
  form: FormDefinition,
  values: FormValues,
  options: { stepIndex?: number; recaptchaToken?: string | null } = {},
): SubmissionCheck {
  const fields = stepFields(form, options.stepIndex ?? 0);
  const inputs = inputFields(fields);
  // Hidden-type fields carry the definition's fixed value, whatever the browser sent.
  const fixed: Record<string, FieldValue> = {};
  for (const f of inputs) if (f.type === 'hidden' && f.value !== undefined) fixed[f.name] = f.value;
  const result = validateFields(fields, { ...values, ...fixed });
  const known = new Set(inputs.map((f) => f.name));
  const kept: Record<string, FieldValue> = {};
  for (const [name, value] of Object.entries(result.values)) if (known.has(name)) kept[name] = value;
  const errors = { ...result.errors };
  const captcha = validateCaptcha(form.googleReCaptcha, options.recaptchaToken);
  if (captcha) errors.recaptchaToken = captcha;
  return { errors, values: kept };
}
