/**
 * A form definition as the JSON Schema + uiSchema that @rjsf/core renders, for the bench
 * only (bench/forms.ts), so both engines show the same fields. What it maps:
 *
 * | field type        | JSON Schema                                                    | uiSchema                       |
 * |-------------------|----------------------------------------------------------------|--------------------------------|
 * | text              | string; minLength, maxLength; onlyNumbers -> pattern ^[0-9]*$ | -                              |
 * | email             | string, format email                                           | ui:widget email                |
 * | tel               | string; minLength, maxLength                                   | ui:options.inputType tel       |
 * | textarea          | string; minLength, maxLength                                   | ui:widget textarea             |
 * | number            | number                                                         | -                              |
 * | select            | string, oneOf [{const, title}] (multiSelect: array of them, uniqueItems, minItems 1 when required) | - (multi: ui:widget select) |
 * | radio             | string, oneOf [{const, title}]                                 | ui:widget radio                |
 * | checkbox, newsletter | boolean                                                     | -                              |
 * | checkbox-group    | array of oneOf options, uniqueItems                            | ui:widget checkboxes           |
 *
 * Every field: label -> title, description -> description, required -> the object's `required`,
 * placeholder -> ui:placeholder, defaultValue -> default. Not mapped (the bench's forms do not need
 * them, and JSON Schema has no direct equivalent): hidden, file, group, hideWhen, dependsOn,
 * dynamicOptions, column/span. A multi-step form converts one step at a time (what is on screen).
 */
import type { FieldOption, FormField, InputField } from '../../schemas/forms/form-field.schema';

export type JsonSchema = Record<string, unknown>;
export type UiSchema = Record<string, Record<string, unknown>>;

const choices = (options: readonly FieldOption[] = []) => options.map((o) => ({ const: o.value, title: o.label ?? String(o.value) }));

function fieldSchema(field: InputField): { schema: JsonSchema; ui: Record<string, unknown> } {
  const base: JsonSchema = { title: field.label ?? field.name };
  if (field.description) base['description'] = field.description;
  if (field.defaultValue !== undefined) base['default'] = field.defaultValue;
  const ui: Record<string, unknown> = {};
  if (field.placeholder) ui['ui:placeholder'] = field.placeholder;
  const lengths: JsonSchema = {};
  if (field.minLength !== undefined) lengths['minLength'] = field.minLength;
  if (field.maxLength !== undefined) lengths['maxLength'] = field.maxLength;
  switch (field.type) {
    case 'text':
      return { schema: { ...base, type: 'string', ...lengths, ...(field.onlyNumbers ? { pattern: '^[0-9]*$' } : {}) }, ui };
    case 'email':
      return { schema: { ...base, type: 'string', format: 'email', ...lengths }, ui: { ...ui, 'ui:widget': 'email' } };
    case 'tel':
      return { schema: { ...base, type: 'string', ...lengths }, ui: { ...ui, 'ui:options': { inputType: 'tel' } } };
    case 'textarea':
      return { schema: { ...base, type: 'string', ...lengths }, ui: { ...ui, 'ui:widget': 'textarea' } };
    case 'number':
      return { schema: { ...base, type: 'number' }, ui };
    case 'select':
      if (field.multiSelect) {
        return {
          schema: { ...base, type: 'array', uniqueItems: true, ...(field.required ? { minItems: 1 } : {}), items: { type: 'string', oneOf: choices(field.options) } },
          ui: { ...ui, 'ui:widget': 'select' },
        };
      }
      return { schema: { ...base, type: 'string', oneOf: choices(field.options) }, ui };
    case 'radio':
      return { schema: { ...base, type: 'string', oneOf: choices(field.options) }, ui: { ...ui, 'ui:widget': 'radio' } };
    case 'checkbox':
    case 'newsletter':
      return { schema: { ...base, type: 'boolean' }, ui };
    case 'checkbox-group':
      return { schema: { ...base, type: 'array', uniqueItems: true, items: { type: 'string', oneOf: choices(field.options) } }, ui: { ...ui, 'ui:widget': 'checkboxes' } };
    default:
      throw new Error(`to-json-schema: field type ${field.type} (${field.name}) is not mapped`);
  }
}

/** The fields (of a single-step form, or of one step) as one object schema and its uiSchema. */
export function toJsonSchema(fields: readonly FormField[], title?: string): { schema: JsonSchema; uiSchema: UiSchema } {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const uiSchema: UiSchema = {};
  for (const field of fields) {
    if (field.type === 'group') throw new Error(`to-json-schema: group ${field.name} is not mapped`);
    const { schema, ui } = fieldSchema(field);
    properties[field.name] = schema;
    if (field.required) required.push(field.name);
    if (Object.keys(ui).length > 0) uiSchema[field.name] = ui;
  }
  return { schema: { type: 'object', ...(title ? { title } : {}), properties, required }, uiSchema };
}
