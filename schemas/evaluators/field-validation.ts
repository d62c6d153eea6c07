/**
 * The field validation catalogue: one function gives the first problem of one field,
 * another the problems of a whole form after hideWhen. The renderer, the widgets and the server run the
 * same rules, so a submission the browser accepts is one the server accepts.
 */
import type { FormField, InputField } from '../forms/form-field.schema';
import { isChecked, isEmptyValue, isFileList, valueList, type FieldValue, type FileLike, type FormValues } from './field-values';
import { emailAddressProblem } from './email-address';
import { fileProblem } from './file-rules';
import { validatePhone } from './phone-number';
import { FIELD_MESSAGES, notInExpectedFormat, tooLong, tooShort } from './validation-messages';
import { applyVisibility, currentOptions, placeFields } from './visibility';

const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/;
const DIGITS = /^\d+$/;

/** The name used in '{label} seems too short': the label, else the field name. */
export function fieldLabel(field: Pick<InputField, 'label' | 'name'>): string {
  return field.label?.trim() || field.name;
}

function isListField(field: InputField): boolean {
  return field.type === 'checkbox-group' || (field.type === 'select' && field.multiSelect === true);
}

function validateChoice(field: InputField, value: FieldValue, values: FormValues): string | null {
  const offered = currentOptions(field, values).map((o) => o.value);
  const chosen = valueList(value);
  if (isListField(field)) {
    if (field.required && chosen.length === 0) return FIELD_MESSAGES.selectAtLeastOne;
  } else if (chosen.length === 0) {
    return field.required ? FIELD_MESSAGES.required : null;
  } else if (chosen.length > 1) {
    return FIELD_MESSAGES.invalidSelection;
  }
  // With no options at all the list comes from elsewhere (e.g. loaded at run time): nothing to check against.
  if ((field.options || field.dynamicOptions) && chosen.some((v) => !offered.includes(v))) return FIELD_MESSAGES.invalidSelection;
  return null;
}

function validateFiles(field: InputField, value: FieldValue): string | null {
  const files: readonly FileLike[] = isFileList(value) ? value : [];
  if (files.length === 0) return field.required ? FIELD_MESSAGES.fileRequired : null;
  for (const file of files) {
    const problem = fileProblem(file, field);
    if (problem) return problem;
  }
  return null;
}

/** What a field's pattern is compiled to: a test of a whole value. */
export interface CompiledPattern {
  test(value: string): boolean;
}

/**
 * Compiles a pattern so that the whole value must match, or answers null for one that does not
 * compile. The browser's: a RegExp in Unicode mode, as its pattern attribute reads it. The server
 * puts a linear-time engine in its place (server/services/linear-patterns.ts): it runs every
 * visitor's value through the pattern, and a backtracking engine can spend minutes on one value.
 */
export type PatternEngine = (pattern: string) => CompiledPattern | null;

export const browserPatternEngine: PatternEngine = (pattern) => {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return null;
  }
};

let engine: PatternEngine = browserPatternEngine;
const compiledPatterns = new Map<string, CompiledPattern | null>();

/** Puts another engine in place of the browser's (the server's linear one); the patterns compiled so far are forgotten. */
export function usePatternEngine(next: PatternEngine): void {
  engine = next;
  compiledPatterns.clear();
}

/**
 * A field's `pattern` as the browser's pattern attribute reads it: the whole value must match. A
 * pattern that does not compile is refused by the validator (server/content/lint/field-patterns.ts),
 * so it never reaches a visitor; should one reach this, it is not applied rather than failing every
 * submission.
 */
export function fieldPattern(pattern: string): CompiledPattern | null {
  let compiled = compiledPatterns.get(pattern);
  if (compiled === undefined) {
    compiled = engine(pattern);
    compiledPatterns.set(pattern, compiled);
  }
  return compiled;
}

function validateText(field: InputField, value: FieldValue): string | null {
  if (isEmptyValue(value)) return field.required ? FIELD_MESSAGES.required : null;
  const text = String(value).trim();
  if (field.type === 'email') {
    const problem = emailAddressProblem(text);
    if (problem) return problem;
  }
  if (field.type === 'number' && !NUMBER.test(text)) return FIELD_MESSAGES.number;
  // onlyNumbers inputs refuse other keys as they are typed; a value sent another way gets the number message.
  if (field.onlyNumbers && !DIGITS.test(text)) return FIELD_MESSAGES.number;
  if (field.format === 'phone') {
    const problem = validatePhone(text);
    if (problem) return problem;
  }
  if (field.pattern !== undefined && fieldPattern(field.pattern)?.test(text) === false) return field.patternMessage ?? notInExpectedFormat(fieldLabel(field));
  if (field.minLength !== undefined && text.length < field.minLength) return tooShort(fieldLabel(field));
  if (field.maxLength !== undefined && text.length > field.maxLength) return tooLong(fieldLabel(field));
  return null;
}

/** The first problem of one visible field's value, or null. Hidden fields are not validated at all. */
export function validateFieldValue(field: InputField, value: FieldValue, values: FormValues = {}): string | null {
  switch (field.type) {
    case 'checkbox':
    case 'newsletter':
      return field.required && !isChecked(value) ? FIELD_MESSAGES.required : null;
    case 'checkbox-group':
    case 'select':
    case 'radio':
      return validateChoice(field, value, values);
    case 'file':
      return validateFiles(field, value);
    default:
      return validateText(field, value);
  }
}

export interface FormValidation {
  /** Field name -> first message, for visible fields only. */
  errors: Record<string, string>;
  /** The values to keep or send: hidden fields dropped, removed options cleared. */
  values: Record<string, FieldValue>;
  /** Names of the fields hidden by hideWhen. */
  hidden: Set<string>;
}

/** Validates every visible field of a field list (a form, a step or estimator sections). */
export function validateFields(fields: readonly FormField[], values: FormValues): FormValidation {
  const visibility = applyVisibility(fields, values);
  const errors: Record<string, string> = {};
  for (const { field } of placeFields(fields)) {
    if (visibility.hidden.has(field.name)) continue;
    const problem = validateFieldValue(field, visibility.values[field.name], visibility.values);
    if (problem) errors[field.name] = problem;
  }
  return { errors, values: visibility.values, hidden: visibility.hidden };
}

/** A form with googleReCaptcha needs a token before it is sent. */
export function validateCaptcha(required: boolean | undefined, token: string | null | undefined): string | null {
  return required && !token?.trim() ? FIELD_MESSAGES.captcha : null;
}
