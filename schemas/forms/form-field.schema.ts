/**
 * Form fields: one schema for every field type of the form
 * builder and the estimator. A `group` holds fields of its own (one level: a group holds no group),
 * which keeps the schema free of recursion so json-schema-to-ts can type it.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** Field types that take input; `group` is the one container type. */
export const INPUT_FIELD_TYPES = [
  'text',
  'email',
  'number',
  'hidden',
  'tel',
  'textarea',
  'select',
  'checkbox',
  'newsletter',
  'checkbox-group',
  'radio',
  'file',
  // A masked input whose value never leaves the page except to the account endpoints: only a form with
  // `account` may hold one (server/content/lint/form-references.ts), so no password is stored as a submission.
  'password',
] as const;
export type InputFieldType = (typeof INPUT_FIELD_TYPES)[number];

/** Types whose value is one of their options. */
export const OPTION_FIELD_TYPES = ['select', 'radio', 'checkbox-group'] as const;

/** Kept in form-defaults.ts (no schema text in browser bundles); re-exported for the schema's readers. */
export { DEFAULT_MAX_FILE_SIZE_MB } from './form-defaults';

const scalarSchema = {
  type: ['string', 'number', 'boolean'],
  description: 'A single value: text, a number or true/false.',
} as const;

export const hideWhenSchema = {
  type: 'object',
  title: 'Hide when',
  description:
    'Hides this field (or option) while another field holds a given value. A hidden field is not shown, not required, and its value is dropped.',
  additionalProperties: false,
  required: ['field', 'equals'],
  properties: {
    field: { title: 'Field', type: 'string', minLength: 1, description: 'Name of the field whose value is watched.' },
    equals: {
      title: 'Equals',
      description: 'The value, or list of values, that hides this field. For a list-valued field (checkbox-group, multiSelect), hidden when any chosen value matches.',
      anyOf: [scalarSchema, { type: 'array', minItems: 1, items: scalarSchema, description: 'Any of these values hides the field.' }],
    },
  },
} as const;

export const showWhenSchema = {
  type: 'object',
  title: 'Show when',
  description:
    'The opposite of hideWhen: shows this field (or group) only while another field holds a given value. Until then it is not shown, not required, and its value is dropped. A field has hideWhen or showWhen, not both.',
  additionalProperties: false,
  required: ['field', 'equals'],
  properties: {
    field: { title: 'Field', type: 'string', minLength: 1, description: 'Name of the field whose value is watched.' },
    equals: {
      title: 'Equals',
      description: 'The value, or list of values, that shows this field. For a list-valued field (checkbox-group, multiSelect), shown when any chosen value matches.',
      anyOf: [scalarSchema, { type: 'array', minItems: 1, items: scalarSchema, description: 'Any of these values shows the field.' }],
    },
  },
} as const;

/** Field types whose value is typed text: the ones `pattern` and `format` apply to. */
export const TEXT_LIKE_FIELD_TYPES = ['text', 'email', 'tel', 'textarea', 'password'] as const;

/** Named rules a text-like field may follow (`format`). */
export const FIELD_FORMATS = ['phone'] as const;
export type FieldFormat = (typeof FIELD_FORMATS)[number];

/** References into `fieldDefinitions`; a ref keeps ajv from inlining (and recompiling) a schema at every use. */
const hideWhenRef = { $ref: '#/definitions/hideWhen' } as const;
const showWhenRef = { $ref: '#/definitions/showWhen' } as const;
const fieldOptionRef = { $ref: '#/definitions/fieldOption' } as const;

export const fieldOptionSchema = {
  type: 'object',
  title: 'Option',
  description: 'One choice of a select, radio or checkbox-group field.',
  additionalProperties: false,
  required: ['value', 'label'],
  properties: {
    value: { title: 'Value', type: 'string', description: 'The value stored and sent when this option is chosen; also the key of the option in the pricing data.' },
    label: { title: 'Label', type: 'string', description: 'What the visitor reads.' },
    customLabel: { title: 'Label with a link', type: 'string', description: 'Label with simple HTML (bold, links), shown in place of label where the renderer allows markup.' },
    description: { title: 'Description', type: 'string', description: 'A line of help under the option.' },
    image: { title: 'Image', type: 'string', description: 'Path of a picture shown with the option (e.g. a door style).' },
    hideWhen: hideWhenRef,
  },
} as const;

const defaultValueSchema = {
  title: 'Default value',
  description: 'Initial value: a string, a number, true/false, or a list of option values for checkbox-group and multiSelect fields.',
  anyOf: [scalarSchema, { type: 'array', items: { type: 'string' }, description: 'Option values chosen initially.' }],
} as const;

/** Properties every input field may have; `group` adds its own below. */
const inputFieldProperties = {
  name: { title: 'Name',
    type: 'string',
    minLength: 1,
    pattern: '^[A-Za-z_][A-Za-z0-9_.-]*$',
    description: 'Key of the value in the submitted data; unique in its form. Letters, digits, _ . - (starting with a letter or _).',
  },
  label: { title: 'Label', type: 'string', description: 'Text shown above or beside the field, and used in messages such as "{label} seems too short".' },
  customLabel: { title: 'Label with a link', type: 'string', description: 'Label with simple HTML (bold, links), shown in place of label where the renderer allows markup.' },
  required: { title: 'Required', type: 'boolean', description: "The visitor must fill the field ('This field is required'). Ignored while the field is hidden by hideWhen." },
  placeholder: { title: 'Placeholder', type: 'string', description: 'Hint shown inside an empty input.' },
  value: { ...scalarSchema, title: 'Fixed value', description: 'A fixed value, e.g. of a hidden field (the page or campaign a submission came from).' },
  defaultValue: defaultValueSchema,
  options: { title: 'Options', type: 'array', items: fieldOptionRef, description: 'The choices of a select, radio or checkbox-group field.' },
  column: { title: 'Column', type: 'integer', minimum: 1, maximum: 12, description: 'Grid column the field starts in (1-12).' },
  span: { title: 'Width (columns)', type: 'integer', minimum: 1, maximum: 12, description: 'How many of the 12 grid columns the field spans. Default 12 (full width).' },
  hideWhen: hideWhenRef,
  showWhen: showWhenRef,
  minLength: { title: 'Fewest characters', type: 'integer', minimum: 0, description: "Fewest characters accepted ('{label} seems too short')." },
  maxLength: { title: 'Most characters', type: 'integer', minimum: 1, description: "Most characters accepted ('{label} seems too long')." },
  pattern: {
    type: 'string',
    minLength: 1,
    title: 'Pattern',
    description:
      'Text fields (text, email, tel, textarea, password): a regular expression (JavaScript syntax) the whole value must match, e.g. [A-Z]{2}-[0-9]{4} for AB-1234 (no ^ or $ needed). Checked in the browser and on the server; an empty optional field is not checked.',
  },
  patternMessage: {
    type: 'string',
    minLength: 1,
    title: 'Pattern message',
    description: "What the visitor reads when the value does not match `pattern`, e.g. 'Enter the code as AB-1234'. Default: '{label} is not in the expected format'.",
  },
  format: {
    enum: FIELD_FORMATS,
    title: 'Format',
    description:
      "A named rule for a text-like field. phone: a 10-digit phone number; digits, + - ( ) . and spaces allowed, as at checkout ('Phone number is invalid', 'Phone number must be at least 10 digits', 'Phone number can't exceed 10 digits').",
  },
  multiSelect: { title: 'Several choices', type: 'boolean', description: "A select that accepts several options; the value is a list and at least one must be chosen ('Select at least one option')." },
  maxFileSize: { title: 'Largest file (MB)', type: 'number', exclusiveMinimum: 0, description: 'Largest accepted size of one file, in MB. Default 2.' },
  fileTypes: { title: 'File types',
    type: 'array',
    items: { type: 'string', minLength: 1, description: 'An extension such as .pdf, or a family such as image/* (every picture).' },
    description: "File types accepted by a file field ('Unsupported file format' otherwise). Default: any type.",
  },
  maxFiles: { title: 'Most files', type: 'integer', minimum: 1, description: 'Most files a file field keeps; extra files are dropped. Default 1.' },
  layout: { title: 'Layout of the choices', enum: ['vertical', 'horizontal', 'grid', 'inline'], description: 'How options of a radio or checkbox-group field are laid out. Default vertical.' },
  onlyNumbers: { title: 'Digits only', type: 'boolean', description: 'The input accepts digits only (e.g. a ZIP code kept as text).' },
  dependsOn: { title: 'Depends on',
    type: 'array',
    items: { type: 'string', minLength: 1, description: 'Name of a field of the same form.' },
    description: 'Fields this one depends on. In the estimator the price of this field is looked up under their chosen values first, in this order.',
  },
  dynamicOptions: {
    type: 'object',
    title: 'Dynamic options',
    description: 'Options that depend on another field: the options listed under the value chosen in that field replace `options`.',
    additionalProperties: false,
    required: ['field', 'options'],
    properties: {
      field: { title: 'Field', type: 'string', minLength: 1, description: 'Name of the field whose value chooses the option list.' },
      options: { title: 'Options',
        type: 'object',
        description: 'Option lists keyed by the value of `field`.',
        additionalProperties: { type: 'array', items: fieldOptionRef, description: 'Options offered while `field` holds this key.' },
      },
    },
  },
  useInCalculation: { title: 'Used in the price', type: 'boolean', description: 'Estimator only: false leaves this field out of the price. Default true.' },
  hideInPDF: { title: 'Left out of the PDF', type: 'boolean', description: 'Estimator only: true leaves this field out of the PDF estimate.' },
  description: { title: 'Help text', type: 'string', description: 'Help text shown under the field.' },
  className: { title: 'Style names', type: 'string', description: 'Names a designer gave this field\'s look in the site\'s styles; leave empty unless told.' },
  autocomplete: { title: 'Autofill hint',
    type: 'string',
    pattern: '^[a-z0-9 -]+$',
    description: "The input's autocomplete hint, e.g. current-password or new-password (password managers read it). Default: from the type and name (email, tel, given-name...).",
  },
} as const;

export const inputFieldSchema = {
  type: 'object',
  title: 'Form field',
  description: 'One input of a form or estimator.',
  additionalProperties: false,
  required: ['name', 'type'],
  properties: {
    type: { title: 'Type',
      enum: INPUT_FIELD_TYPES,
      description:
        'Kind of input: text, email, number, hidden, tel, textarea, select, checkbox, newsletter (a consent checkbox that subscribes), checkbox-group, radio, file, or password (account forms only).',
    },
    ...inputFieldProperties,
  },
} as const;

export const groupActionsSchema = {
  type: 'object',
  title: 'Group actions',
  description: 'Buttons at the foot of a group (estimator section).',
  additionalProperties: false,
  properties: {
    next: {
      type: 'object',
      title: 'Next',
      description: 'Validates the fields of this and the earlier groups, then opens the target group.',
      additionalProperties: false,
      required: ['path', 'text'],
      properties: {
        path: { title: 'Path', type: 'string', minLength: 1, description: 'Name of the group to open next.' },
        text: { title: 'Text', type: 'string', minLength: 1, description: 'Words on the button.' },
      },
    },
    submit: {
      type: 'object',
      title: 'Submit',
      description: 'Validates the whole form and sends it.',
      additionalProperties: false,
      required: ['text'],
      properties: { text: { title: 'Text', type: 'string', minLength: 1, description: 'Words on the button.' } },
    },
    print: {
      type: 'object',
      title: 'Print',
      description: 'Validates the whole form and downloads the PDF estimate. Shown only when a price exists and a value is filled.',
      additionalProperties: false,
      required: ['text'],
      properties: { text: { title: 'Text', type: 'string', minLength: 1, description: 'Words on the button.' } },
    },
  },
} as const;

export const groupFieldSchema = {
  type: 'object',
  title: 'Field group',
  description: 'A titled group of fields; in the estimator a section shown as an accordion item or a popup.',
  additionalProperties: false,
  required: ['name', 'type', 'fields'],
  properties: {
    type: { title: 'Type', const: 'group', description: 'Field type: group.' },
    name: inputFieldProperties.name,
    label: { title: 'Label', type: 'string', description: 'Title of the group.' },
    description: { title: 'Description', type: 'string', description: 'Text under the title.' },
    layout: { title: 'Layout', enum: ['accordion', 'popup'], description: 'Estimator: how the section opens. Default accordion.' },
    className: { title: 'Style names', type: 'string', description: 'Names a designer gave this group\'s look in the site\'s styles; leave empty unless told.' },
    column: inputFieldProperties.column,
    span: inputFieldProperties.span,
    hideWhen: hideWhenRef,
    showWhen: showWhenRef,
    hideInPDF: inputFieldProperties.hideInPDF,
    fields: { title: 'Fields', type: 'array', items: { $ref: '#/definitions/inputField' }, description: 'The fields of the group, in order.' },
    actions: groupActionsSchema,
  },
} as const;

/**
 * The field schemas a definition schema carries in its `definitions`, so ajv compiles each once
 * however often fields appear (in a form, its groups and every step): inlined, the form schema took
 * the server two seconds to compile. (ajv inlines a referenced schema that has no refs of its own, so
 * the field schemas refer to hideWhen and options by ref too.) Put `definitions: fieldDefinitions` on
 * the root schema and refer to a field with `formFieldRef` (input or group) or `groupFieldRef`.
 */
export const fieldDefinitions = {
  hideWhen: hideWhenSchema,
  showWhen: showWhenSchema,
  fieldOption: fieldOptionSchema,
  inputField: inputFieldSchema,
  groupField: groupFieldSchema,
  field: {
    type: 'object',
    title: 'Field or group',
    description: 'An input field, or a group (type "group") of input fields. The type chooses which.',
    oneOf: [{ $ref: '#/definitions/inputField' }, { $ref: '#/definitions/groupField' }],
    discriminator: { propertyName: 'type' },
  },
} as const;

export const formFieldRef = { $ref: '#/definitions/field' } as const;
export const groupFieldRef = { $ref: '#/definitions/groupField' } as const;

export type HideWhen = FromSchema<typeof hideWhenSchema>;
/** The same shape as HideWhen, with the opposite meaning. */
export type ShowWhen = FromSchema<typeof showWhenSchema>;
export type FieldOption = FromSchema<typeof fieldOptionSchema & { definitions: typeof fieldDefinitions }>;
export type InputField = FromSchema<typeof inputFieldSchema & { definitions: typeof fieldDefinitions }>;
export type GroupField = FromSchema<typeof groupFieldSchema & { definitions: typeof fieldDefinitions }>;
export type GroupActions = FromSchema<typeof groupActionsSchema>;
export type FormField = InputField | GroupField;
