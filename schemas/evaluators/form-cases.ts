/**
 * One table of form cases, run against every side that checks a form: the evaluators themselves
 * (form-cases.test.ts), the server through POST /api/forms/{name} (server/api/forms-cases.test.ts)
 * and the browser's form engine. Each case names a form of FORM_CASE_FORMS, the values a visitor
 * (or a crafted request) gives, and the messages expected, word for word, by field name.
 *
 * Values are what the form engine holds: text as strings, a checkbox as true/false, lists as string
 * lists, uploads as {name, size, type} (the server test sends real bytes of that size whose content
 * matches the name's extension). `input: 'request'` marks a case only a crafted request can produce
 * (a browser's inputs cannot type it); `only: 'server'` a rule only the server can decide (the
 * reCAPTCHA verdict). A browser runner skips both; the server runs every case.
 */
import type { FormDefinition } from '../forms/form.schema';
import type { FieldValue, FileLike } from './field-values';

export interface FormCase {
  title: string;
  /** Name of a form in FORM_CASE_FORMS. */
  form: string;
  values: Record<string, FieldValue>;
  /** Multi-step forms: the step these values belong to (0-based), after `previousSteps` were sent. */
  step?: number;
  /** Valid values of the steps before `step`, in order. */
  previousSteps?: Record<string, FieldValue>[];
  recaptchaToken?: string;
  /** Field name (or recaptchaToken) -> message. Empty: the submission is accepted. */
  errors: Record<string, string>;
  input?: 'request';
  only?: 'server';
}

const MB = 1024 * 1024;
const file = (name: string, size: number, type: string): FileLike => ({ name, size, type });

export const FORM_CASE_FORMS: FormDefinition[] = [
  {
    name: 'cases-text',
    fields: [
      { name: 'firstName', type: 'text', label: 'First name', required: true, minLength: 2, maxLength: 10 },
      { name: 'nickname', type: 'text', minLength: 3 },
      { name: 'email', type: 'email', label: 'E-mail', required: true },
      { name: 'age', type: 'number', label: 'Age' },
      { name: 'zip', type: 'text', label: 'ZIP code', onlyNumbers: true },
      { name: 'phone', type: 'tel', label: 'Phone' },
      { name: 'message', type: 'textarea', label: 'Message', maxLength: 20 },
      { name: 'source', type: 'hidden', value: 'cases' },
    ],
  },
  {
    name: 'cases-choices',
    fields: [
      {
        name: 'topic',
        type: 'select',
        label: 'Topic',
        required: true,
        options: [
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
          { value: 'other', label: 'Other' },
        ],
      },
      { name: 'details', type: 'text', label: 'Details', required: true, hideWhen: { field: 'topic', equals: ['a', 'b'] } },
      {
        name: 'colour',
        type: 'radio',
        label: 'Colour',
        required: true,
        options: [
          { value: 'red', label: 'Red' },
          { value: 'blue', label: 'Blue', hideWhen: { field: 'topic', equals: 'b' } },
        ],
      },
      { name: 'extras', type: 'checkbox-group', label: 'Extras', required: true, options: [{ value: 'x', label: 'X' }, { value: 'y', label: 'Y' }] },
      { name: 'styles', type: 'select', label: 'Styles', multiSelect: true, required: true, options: [{ value: 's1', label: 'S1' }, { value: 's2', label: 'S2' }] },
      { name: 'size', type: 'select', label: 'Size', dynamicOptions: { field: 'topic', options: { a: [{ value: 'small', label: 'Small' }], b: [{ value: 'large', label: 'Large' }] } } },
      { name: 'more', type: 'group', label: 'More', hideWhen: { field: 'topic', equals: 'other' }, fields: [{ name: 'groupNote', type: 'text', label: 'Note', required: true }] },
      { name: 'agree', type: 'checkbox', label: 'I agree', required: true },
      { name: 'newsletter', type: 'newsletter', label: 'Subscribe me' },
    ],
  },
  {
    name: 'cases-files',
    fields: [
      { name: 'kind', type: 'radio', label: 'Kind', options: [{ value: 'photo', label: 'Photo' }, { value: 'none', label: 'No photo' }] },
      { name: 'photos', type: 'file', label: 'Photos', required: true, maxFiles: 2, fileTypes: ['.jpg', '.jpeg', '.png'], hideWhen: { field: 'kind', equals: 'none' } },
      { name: 'plan', type: 'file', label: 'Plan', maxFileSize: 5, fileTypes: ['.pdf'] },
    ],
  },
  {
    name: 'cases-captcha',
    googleReCaptcha: true,
    fields: [{ name: 'email', type: 'email', label: 'E-mail', required: true }],
  },
  {
    name: 'cases-steps',
    steps: [
      { fields: [{ name: 'fullName', type: 'text', label: 'Full name', required: true, minLength: 2 }] },
      {
        fields: [
          { name: 'budget', type: 'select', label: 'Budget', required: true, options: [{ value: 'low', label: 'Low' }, { value: 'high', label: 'High' }] },
          { name: 'budgetNote', type: 'textarea', label: 'Why', required: true, hideWhen: { field: 'budget', equals: 'low' } },
        ],
      },
    ],
  },
];

const validChoices = { topic: 'a', colour: 'red', extras: ['x'], styles: ['s1'], groupNote: 'n', agree: true };

export const FORM_CASES: FormCase[] = [
  // Text fields
  { title: 'required fields left empty', form: 'cases-text', values: {}, errors: { firstName: 'This field is required', email: 'This field is required' } },
  { title: 'blanks count as empty', form: 'cases-text', values: { firstName: '   ', email: ' ' }, errors: { firstName: 'This field is required', email: 'This field is required' } },
  { title: 'all fields valid', form: 'cases-text', values: { firstName: 'Ann', nickname: 'annie', email: 'ann@example.com', age: '41', zip: '78701', phone: '(512) 555-0100', message: 'Hello there' }, errors: {} },
  { title: 'minLength uses the label', form: 'cases-text', values: { firstName: 'A', email: 'a@b.co' }, errors: { firstName: 'First name seems too short' } },
  { title: 'maxLength uses the label', form: 'cases-text', values: { firstName: 'Abcdefghijk', email: 'a@b.co' }, errors: { firstName: 'First name seems too long' } },
  { title: 'minLength without a label uses the name', form: 'cases-text', values: { firstName: 'Ann', nickname: 'ab', email: 'a@b.co' }, errors: { nickname: 'nickname seems too short' } },
  { title: 'textarea maxLength', form: 'cases-text', values: { firstName: 'Ann', email: 'a@b.co', message: 'x'.repeat(21) }, errors: { message: 'Message seems too long' } },
  { title: 'e-mail format', form: 'cases-text', values: { firstName: 'Ann', email: 'ann.example.com' }, errors: { email: 'Invalid email address' } },
  { title: 'e-mail without a domain dot', form: 'cases-text', values: { firstName: 'Ann', email: 'ann@example' }, errors: { email: 'Invalid email address' } },
  { title: 'a decimal number is a number', form: 'cases-text', values: { firstName: 'Ann', email: 'a@b.co', age: '12.5' }, errors: {} },
  { title: 'number field with letters', form: 'cases-text', values: { firstName: 'Ann', email: 'a@b.co', age: '12abc' }, errors: { age: 'Must be a number' }, input: 'request' },
  { title: 'onlyNumbers field with letters', form: 'cases-text', values: { firstName: 'Ann', email: 'a@b.co', zip: '787O1' }, errors: { zip: 'Must be a number' }, input: 'request' },
  { title: 'onlyNumbers field with a decimal point', form: 'cases-text', values: { firstName: 'Ann', email: 'a@b.co', zip: '78.5' }, errors: { zip: 'Must be a number' }, input: 'request' },

  // Choices, visibility and groups
  {
    title: 'every required choice left empty',
    form: 'cases-choices',
    values: {},
    errors: {
      topic: 'This field is required',
      details: 'This field is required',
      colour: 'This field is required',
      extras: 'Select at least one option',
      styles: 'Select at least one option',
      groupNote: 'This field is required',
      agree: 'This field is required',
    },
  },
  { title: 'all choices valid', form: 'cases-choices', values: { ...validChoices, size: 'small', newsletter: true }, errors: {} },
  { title: 'a hidden required field is not required', form: 'cases-choices', values: { ...validChoices, details: '' }, errors: {} },
  { title: 'a shown required field is required', form: 'cases-choices', values: { ...validChoices, topic: 'other', details: '' }, errors: { details: 'This field is required' } },
  { title: 'a hidden group is not required', form: 'cases-choices', values: { ...validChoices, topic: 'other', details: 'd', groupNote: '' }, errors: {} },
  { title: 'a chosen option that hideWhen removes is cleared', form: 'cases-choices', values: { ...validChoices, topic: 'b', colour: 'blue' }, errors: { colour: 'This field is required' } },
  { title: 'an unchecked required checkbox', form: 'cases-choices', values: { ...validChoices, agree: false }, errors: { agree: 'This field is required' } },
  { title: 'an empty checkbox-group list', form: 'cases-choices', values: { ...validChoices, extras: [] }, errors: { extras: 'Select at least one option' } },
  { title: 'an empty multiSelect list', form: 'cases-choices', values: { ...validChoices, styles: [] }, errors: { styles: 'Select at least one option' } },
  { title: 'a value that is not offered is dropped', form: 'cases-choices', values: { ...validChoices, topic: 'zzz' }, errors: { topic: 'This field is required', details: 'This field is required' }, input: 'request' },
  { title: 'an option of another dynamic list is dropped', form: 'cases-choices', values: { ...validChoices, size: 'large' }, errors: {}, input: 'request' },
  { title: 'two values for a single choice', form: 'cases-choices', values: { ...validChoices, colour: ['red', 'blue'] }, errors: { colour: 'Invalid selection' }, input: 'request' },

  // Uploads (default maximum 2 MB)
  { title: 'a required upload missing', form: 'cases-files', values: { kind: 'photo' }, errors: { photos: 'At least one file is required' } },
  { title: 'a hidden required upload is not required', form: 'cases-files', values: { kind: 'none' }, errors: {} },
  { title: 'uploads within their limits', form: 'cases-files', values: { photos: [file('kitchen.jpg', 150_000, 'image/jpeg'), file('label.png', 40_000, 'image/png')], plan: [file('plan.pdf', 4 * MB, 'application/pdf')] }, errors: {} },
  { title: 'a 3 MB photo over the default 2 MB', form: 'cases-files', values: { photos: [file('photo.jpg', 3 * MB, 'image/jpeg')] }, errors: { photos: 'File is too large, maximum allowed size is 2MB' } },
  { title: 'a plan over its own 5 MB', form: 'cases-files', values: { photos: [file('photo.jpg', 1000, 'image/jpeg')], plan: [file('plan.pdf', 5 * MB + 1, 'application/pdf')] }, errors: { plan: 'File is too large, maximum allowed size is 5MB' } },
  { title: 'a file type the field does not take', form: 'cases-files', values: { photos: [file('photo.gif', 2000, 'image/gif')] }, errors: { photos: 'Unsupported file format' }, input: 'request' },

  // reCAPTCHA
  { title: 'a captcha form without a token', form: 'cases-captcha', values: { email: 'a@b.co' }, errors: { recaptchaToken: 'Please complete the reCAPTCHA verification' } },
  { title: 'a captcha form with a passing token', form: 'cases-captcha', values: { email: 'a@b.co' }, recaptchaToken: 'test-pass', errors: {} },
  { title: 'a captcha token the verifier refuses', form: 'cases-captcha', values: { email: 'a@b.co' }, recaptchaToken: 'forged-token', errors: { recaptchaToken: 'Please complete the reCAPTCHA verification' }, only: 'server' },

  // Multi-step
  { title: 'the first step validates its own fields', form: 'cases-steps', step: 0, values: {}, errors: { fullName: 'This field is required' } },
  { title: 'a later step validates its own fields', form: 'cases-steps', step: 1, previousSteps: [{ fullName: 'Ann Lee' }], values: { budget: 'high' }, errors: { budgetNote: 'This field is required' } },
  { title: 'a later step hides by its own values', form: 'cases-steps', step: 1, previousSteps: [{ fullName: 'Ann Lee' }], values: { budget: 'low' }, errors: {} },
];
