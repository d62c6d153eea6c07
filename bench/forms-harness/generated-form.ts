/**
 * The bench's large form: 60 fields cycling through text, email, tel, textarea, select, checkbox,
 * radio and number, a third of them required, some with length limits, on a two-column grid.
 */
import type { InputField } from '../../schemas/forms/form-field.schema';
import type { FormDefinition } from '../../schemas/forms/form.schema';

const TYPES = ['text', 'email', 'tel', 'textarea', 'select', 'checkbox', 'radio', 'number'] as const;
const OPTIONS = ['alder', 'birch', 'cherry', 'maple', 'oak'].map((v) => ({ value: v, label: v[0]!.toUpperCase() + v.slice(1) }));

export const GENERATED_FIELD_COUNT = 60;
/** The field typed into: a text field in the middle of the form. */
export const GENERATED_TARGET = 'field33';

export function generatedForm(count = GENERATED_FIELD_COUNT): FormDefinition {
  const fields: InputField[] = [];
  for (let i = 0; i < count; i++) {
    const type = TYPES[i % TYPES.length]!;
    const name = `field${String(i + 1).padStart(2, '0')}`;
    const field: InputField = { name, type, label: `Field ${i + 1} (${type})`, required: i % 3 === 0, span: 6 };
    if (type === 'text' || type === 'textarea') Object.assign(field, { minLength: 2, maxLength: 200 });
    if (type === 'select' || type === 'radio') field.options = OPTIONS;
    if (type === 'text' || type === 'email' || type === 'tel') field.placeholder = 'Type here';
    fields.push(field);
  }
  return { name: 'bench-generated', title: 'Generated form', fields, layout: 'grid' } as FormDefinition;
}
