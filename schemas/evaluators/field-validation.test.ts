import { describe, expect, it } from 'vitest';
import type { FormField, InputField } from '../forms/form-field.schema';
import type { FileLike } from './field-values';
import { validateCaptcha, validateFieldValue, validateFields } from './field-validation';
import { addFiles, isAllowedFileType } from './file-rules';
import { acceptTypedNumber } from './number-input';
import { GENERIC_SUBMIT_ERROR } from './validation-messages';

const field = (type: InputField['type'], extra: Partial<InputField> = {}): InputField => ({ name: 'f', type, ...extra });
const file = (name: string, sizeMb: number, type = ''): FileLike => ({ name, size: Math.round(sizeMb * 1024 * 1024), type });
const options = [
  { value: 'shaker', label: 'Shaker' },
  { value: 'slab', label: 'Slab' },
];

describe('the field validation catalogue (001 §5, 002 §5)', () => {
  it("required: 'This field is required' for empty text, unchecked boxes and empty choices", () => {
    for (const t of ['text', 'email', 'number', 'tel', 'textarea', 'hidden'] as const) {
      expect(validateFieldValue(field(t, { required: true }), '')).toBe('This field is required');
      expect(validateFieldValue(field(t, { required: true }), '   ')).toBe('This field is required');
      expect(validateFieldValue(field(t, { required: true }), undefined)).toBe('This field is required');
    }
    expect(validateFieldValue(field('checkbox', { required: true }), false)).toBe('This field is required');
    expect(validateFieldValue(field('newsletter', { required: true }), undefined)).toBe('This field is required');
    expect(validateFieldValue(field('checkbox', { required: true }), true)).toBeNull();
    expect(validateFieldValue(field('checkbox', { required: true }), 'on')).toBeNull();
    expect(validateFieldValue(field('select', { required: true, options }), '')).toBe('This field is required');
    expect(validateFieldValue(field('radio', { required: true, options }), undefined)).toBe('This field is required');
    expect(validateFieldValue(field('text'), '')).toBeNull();
  });

  it("email: 'Invalid email address'", () => {
    expect(validateFieldValue(field('email'), 'jane@example')).toBe('Invalid email address');
    expect(validateFieldValue(field('email'), 'jane example.com')).toBe('Invalid email address');
    expect(validateFieldValue(field('email'), 'jane@example.com')).toBeNull();
    expect(validateFieldValue(field('email'), '')).toBeNull();
  });

  it("number: 'Must be a number'", () => {
    expect(validateFieldValue(field('number'), '12a')).toBe('Must be a number');
    expect(validateFieldValue(field('number'), '1.2.3')).toBe('Must be a number');
    expect(validateFieldValue(field('number'), '12.5')).toBeNull();
    expect(validateFieldValue(field('number'), 40)).toBeNull();
    expect(validateFieldValue(field('text', { onlyNumbers: true }), '12-34')).toBe('Must be a number');
    expect(validateFieldValue(field('text', { onlyNumbers: true }), '1234')).toBeNull();
  });

  it("checkbox-group and multiSelect: 'Select at least one option', 'Invalid selection'", () => {
    expect(validateFieldValue(field('checkbox-group', { required: true, options }), [])).toBe('Select at least one option');
    expect(validateFieldValue(field('select', { multiSelect: true, required: true, options }), [])).toBe('Select at least one option');
    expect(validateFieldValue(field('checkbox-group', { options }), ['shaker', 'raised'])).toBe('Invalid selection');
    expect(validateFieldValue(field('select', { multiSelect: true, options }), ['slab', 'shaker'])).toBeNull();
    expect(validateFieldValue(field('checkbox-group', { options }), [])).toBeNull();
    expect(validateFieldValue(field('select', { options }), 'raised')).toBe('Invalid selection');
    expect(validateFieldValue(field('radio', { options }), 'shaker')).toBeNull();
    expect(validateFieldValue(field('radio', { options }), ['shaker', 'slab'])).toBe('Invalid selection');
  });

  it("minLength / maxLength: '{label} seems too short' / '{label} seems too long'", () => {
    const f = field('textarea', { label: 'Project details', minLength: 10, maxLength: 20 });
    expect(validateFieldValue(f, 'short')).toBe('Project details seems too short');
    expect(validateFieldValue(f, 'x'.repeat(21))).toBe('Project details seems too long');
    expect(validateFieldValue(f, 'just right here')).toBeNull();
    // Without a label the field name stands in.
    expect(validateFieldValue(field('text', { name: 'city', minLength: 3 }), 'ab')).toBe('city seems too short');
  });

  it("file: size (default 2 MB), type, required", () => {
    const plan = field('file', { fileTypes: ['.pdf', 'image/*'] });
    expect(validateFieldValue(plan, [file('plan.pdf', 2.5, 'application/pdf')])).toBe('File is too large, maximum allowed size is 2MB');
    expect(validateFieldValue(field('file', { maxFileSize: 10 }), [file('plan.pdf', 9)])).toBeNull();
    expect(validateFieldValue(field('file', { maxFileSize: 10 }), [file('plan.pdf', 11)])).toBe('File is too large, maximum allowed size is 10MB');
    expect(validateFieldValue(plan, [file('plan.docx', 1, 'application/msword')])).toBe('Unsupported file format');
    expect(validateFieldValue(plan, [file('plan.PDF', 1)])).toBeNull();
    expect(validateFieldValue(plan, [file('photo.jpg', 1, 'image/jpeg')])).toBeNull();
    expect(validateFieldValue(field('file', { required: true }), [])).toBe('At least one file is required');
    expect(validateFieldValue(field('file'), [])).toBeNull();
  });

  it("captcha: 'Please complete the reCAPTCHA verification'", () => {
    expect(validateCaptcha(true, '')).toBe('Please complete the reCAPTCHA verification');
    expect(validateCaptcha(true, null)).toBe('Please complete the reCAPTCHA verification');
    expect(validateCaptcha(true, 'token')).toBeNull();
    expect(validateCaptcha(false, undefined)).toBeNull();
  });

  it('exports the generic submit error with the original spelling', () => {
    expect(GENERIC_SUBMIT_ERROR).toBe('Something went wrong. Plase try again later.');
  });
});

describe('number-only inputs (002 §5)', () => {
  it('accept digits with one optional decimal point', () => {
    expect(acceptTypedNumber('12', '12.', {})).toBe('12.');
    expect(acceptTypedNumber('12.', '12.5', {})).toBe('12.5');
    expect(acceptTypedNumber('12.5', '12.5.', {})).toBe('12.5');
    expect(acceptTypedNumber('12', '12a', {})).toBe('12');
    expect(acceptTypedNumber('', '', {})).toBe('');
  });

  it('onlyNumbers accepts digits only', () => {
    expect(acceptTypedNumber('123', '1234', { onlyNumbers: true })).toBe('1234');
    expect(acceptTypedNumber('123', '123.', { onlyNumbers: true })).toBe('123');
    expect(acceptTypedNumber('123', '123-', { onlyNumbers: true })).toBe('123');
  });
});

describe('uploads (002 §4)', () => {
  it("drops files beyond maxFiles and refuses wrong types with 'File format is not supported'", () => {
    const f = { fileTypes: ['.pdf', '.png'], maxFiles: 2 };
    const a = file('a.pdf', 1);
    const b = file('b.png', 1);
    const c = file('c.pdf', 1);
    expect(addFiles([], [a, b, c], f)).toEqual({ files: [a, b], error: null });
    expect(addFiles([a], [file('x.exe', 1)], f)).toEqual({ files: [a], error: 'File format is not supported' });
    expect(addFiles([], [a, b], {})).toEqual({ files: [a], error: null });
  });

  it('matches extensions, MIME types and families', () => {
    expect(isAllowedFileType({ name: 'a.pdf', type: '' }, ['pdf'])).toBe(true);
    expect(isAllowedFileType({ name: 'a', type: 'application/pdf' }, ['application/pdf'])).toBe(true);
    expect(isAllowedFileType({ name: 'a', type: 'image/webp' }, ['image/*'])).toBe(true);
    expect(isAllowedFileType({ name: 'a.gif', type: 'image/gif' }, ['.png'])).toBe(false);
    expect(isAllowedFileType({ name: 'anything', type: '' }, undefined)).toBe(true);
  });
});

describe('validateFields with hideWhen', () => {
  const fields: FormField[] = [
    { name: 'contactBy', type: 'radio', options: [{ value: 'email', label: 'E-mail' }, { value: 'phone', label: 'Phone' }] },
    { name: 'phone', type: 'tel', required: true, hideWhen: { field: 'contactBy', equals: 'email' } },
    { name: 'email', type: 'email', required: true, hideWhen: { field: 'contactBy', equals: ['phone'] } },
  ];

  it('does not require a hidden field and drops its value', () => {
    const result = validateFields(fields, { contactBy: 'email', phone: '555', email: '' });
    expect(result.errors).toEqual({ email: 'This field is required' });
    expect(result.values).toEqual({ contactBy: 'email', email: '' });
    expect([...result.hidden]).toEqual(['phone']);
  });

  it('validates fields inside groups, and hides a whole group', () => {
    const grouped: FormField[] = [
      { name: 'hasPlan', type: 'radio', options: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }] },
      { name: 'planGroup', type: 'group', hideWhen: { field: 'hasPlan', equals: 'no' }, fields: [{ name: 'plan', type: 'file', required: true }] },
    ];
    expect(validateFields(grouped, { hasPlan: 'yes' }).errors).toEqual({ plan: 'At least one file is required' });
    expect(validateFields(grouped, { hasPlan: 'no' }).errors).toEqual({});
  });
});

describe('pattern and the phone rule (issue 20), shared by the browser and the server', () => {
  it('pattern: the whole value must match; patternMessage, else a clear default naming the label', () => {
    const code = field('text', { label: 'Order code', pattern: '[A-Z]{2}-[0-9]{4}', patternMessage: 'Enter the code as AB-1234' });
    expect(validateFieldValue(code, 'AB-1234')).toBeNull();
    expect(validateFieldValue(code, ' AB-1234 ')).toBeNull();
    expect(validateFieldValue(code, 'xAB-1234')).toBe('Enter the code as AB-1234');
    expect(validateFieldValue(code, 'AB-12345')).toBe('Enter the code as AB-1234');
    expect(validateFieldValue({ ...code, patternMessage: undefined }, 'abc')).toBe('Order code is not in the expected format');
    // An empty optional field is not checked; a required one is 'This field is required' first.
    expect(validateFieldValue(code, '')).toBeNull();
    expect(validateFieldValue({ ...code, required: true }, '')).toBe('This field is required');
    // A pattern that does not compile (the validator refuses it) is not applied rather than failing every visitor.
    expect(validateFieldValue(field('text', { pattern: '[a-' }), 'anything')).toBeNull();
  });

  it('format "phone": the checkout\'s rule and messages (002 §5), so a required phone field refuses "abc"', () => {
    const phone = field('tel', { label: 'Phone', required: true, format: 'phone' });
    expect(validateFieldValue(phone, 'abc')).toBe('Phone number is invalid');
    expect(validateFieldValue(phone, '555-123-456x')).toBe('Phone number is invalid');
    expect(validateFieldValue(phone, '(555) 123-456')).toBe('Phone number must be at least 10 digits');
    expect(validateFieldValue(phone, '+1 (555) 123-4567')).toBe("Phone number can't exceed 10 digits");
    expect(validateFieldValue(phone, '(555) 123.4567')).toBeNull();
    expect(validateFieldValue(phone, '')).toBe('This field is required');
    expect(validateFieldValue({ ...phone, required: false }, '')).toBeNull();
    // Without the format a tel field takes any text, as before.
    expect(validateFieldValue(field('tel', { required: true }), 'abc')).toBeNull();
  });
});
