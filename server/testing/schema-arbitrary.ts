/**
 * Requests generated from the endpoints' own schemas (schemas/api/), for the property tests: values
 * a schema accepts (`validValue`), and near-valid ones (`nearValid`): a valid value with exactly one
 * thing wrong (a required field missing, a field of the wrong type, out of range, an unknown field),
 * with the path of the field the answer must name. Covers the JSON Schema the contracts use.
 */
import fc from 'fast-check';

type Schema = Record<string, any>;

const EMAILS = ['ada@example.com', 'sam.carter@example.com', 'casey+orders@example.org'];

function typeOf(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t: string) => t !== 'null') ?? schema.type[0];
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

/** Strings of the schema's pattern; fast-check cannot generate from every pattern (lookahead), then its examples. */
function matching(schema: Schema): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(schema.pattern));
  } catch {
    return fc.constantFrom(...((schema.examples as string[] | undefined) ?? ['']));
  }
}

export function validValue(schema: Schema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...(choices as Schema[]).map(validValue));
  switch (typeOf(schema)) {
    case 'string': {
      if (schema.format === 'email') return fc.constantFrom(...EMAILS);
      if (schema.format === 'date-time') return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? Math.max(min, 40);
      const base = schema.pattern ? matching(schema) : fc.string({ minLength: min, maxLength: max });
      return base.filter((s) => s.length >= min && s.length <= max);
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000), max: schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 100_000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? schema.exclusiveMinimum ?? -1000, max: schema.maximum ?? schema.exclusiveMaximum ?? 100_000, noNaN: true, noDefaultInfinity: true }).map((n) => Math.round(n * 100) / 100);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? validValue(schema.items) : fc.string(), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object': {
      const properties: Record<string, Schema> = schema.properties ?? {};
      const required: string[] = schema.required ?? [];
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) record[name] = validValue(property);
      return fc.record(record, { requiredKeys: required.filter((r) => r in properties) });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

export interface NearValid {
  value: unknown;
  /** The dotted path of the one wrong field (`items.0.qty`), as the answer's `fields` names it. */
  field: string;
  how: string;
}

/** A value of another type than the schema's, for a field that must be of that type. */
function wrongType(schema: Schema): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not a number';
    case 'boolean':
      return 'yes';
    case 'array':
    case 'object':
      return 'text';
    default:
      return undefined;
  }
}

/** Whether a part that travels as text can be one thing wrong: a field it requires, or a field it refuses. */
export function canBeWrongAsText(schema: Schema): boolean {
  return ((schema.required as string[] | undefined) ?? []).length > 0 || schema.additionalProperties === false;
}

/**
 * One thing wrong in a valid value: its kinds, for every field the schema describes. `text`: the
 * value travels as text (a query string, headers), where a type cannot be wrong, only a field
 * missing or unknown.
 */
export function nearValid(schema: Schema, { text = false } = {}): fc.Arbitrary<NearValid | null> {
  return validValue(schema).chain((valid) => {
    const options: NearValid[] = [];
    const walk = (s: Schema, value: unknown, path: string[], set: (v: unknown) => unknown): void => {
      if (typeOf(s) === 'array' && s.items && Array.isArray(value) && value.length > 0) {
        walk(s.items, value[0], [...path, '0'], (v) => set([v, ...value.slice(1)]));
        return;
      }
      if (typeOf(s) !== 'object' || typeof value !== 'object' || value === null || Array.isArray(value)) return;
      const obj = value as Record<string, unknown>;
      const properties: Record<string, Schema> = s.properties ?? {};
      for (const name of (s.required as string[] | undefined) ?? []) {
        const { [name]: _gone, ...rest } = obj;
        options.push({ value: set(rest), field: [...path, name].join('.'), how: `without ${name}` });
      }
      if (s.additionalProperties === false) options.push({ value: set({ ...obj, unexpectedField: 'x' }), field: [...path, 'unexpectedField'].join('.'), how: 'with an unknown field' });
      if (text) return;
      for (const [name, property] of Object.entries(properties)) {
        const wrong = wrongType(property);
        if (wrong !== undefined && !property.anyOf && !property.oneOf && !Array.isArray(property.type)) {
          options.push({ value: set({ ...obj, [name]: wrong }), field: [...path, name].join('.'), how: `${name} of the wrong type` });
        }
        if (typeOf(property) === 'integer' && property.minimum !== undefined) {
          options.push({ value: set({ ...obj, [name]: property.minimum - 1 }), field: [...path, name].join('.'), how: `${name} below its minimum` });
        }
        if (name in obj) walk(property, obj[name], [...path, name], (v) => set({ ...obj, [name]: v }));
      }
    };
    walk(schema, valid, [], (v) => v);
    if (options.length) return fc.constantFrom(...options);
    // Nothing inside to get wrong: the whole value of the wrong type (a body only; text is always text).
    return fc.constant(text ? null : { value: 'not an object', field: 'body', how: 'a body of the wrong type' });
  });
}
