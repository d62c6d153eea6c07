import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { closestName, describeError, readableErrors } from './schema-validator';

const error = (keyword: string, params: Record<string, unknown>, extra: Partial<ErrorObject> = {}): ErrorObject =>
  ({ keyword, params, instancePath: '/x', schemaPath: `#/${keyword}`, ...extra }) as ErrorObject;

describe('describeError', () => {
  it('speaks of types and limits in plain words', () => {
    expect(describeError(error('type', { type: 'integer' }))).toBe('should be a whole number');
    expect(describeError(error('type', { type: ['string', 'number'] }))).toBe('should be text in quotes or a number');
    expect(describeError(error('type', { type: 'array' }))).toBe('should be a list in [ ]');
    expect(describeError(error('minimum', { limit: 0 }))).toBe('should be 0 or more');
    expect(describeError(error('exclusiveMinimum', { limit: 0 }))).toBe('should be more than 0');
    expect(describeError(error('maximum', { limit: 5 }))).toBe('should be 5 or less');
    expect(describeError(error('minItems', { limit: 1 }))).toBe('should list at least one entry');
    expect(describeError(error('minLength', { limit: 1 }))).toBe('should not be empty');
    expect(describeError(error('enum', { allowedValues: ['Order', 'Item'] }))).toBe('should be one of: "Order", "Item"');
  });

  it('quotes the description of a pattern, when there is one', () => {
    expect(describeError(error('pattern', { pattern: '^a$' }, { parentSchema: { description: 'A code such as a.' } }))).toBe('is not in the expected form: A code such as a.');
    expect(describeError(error('pattern', { pattern: '^a$' }))).toBe('does not have the expected form (^a$)');
  });

  it('names the kind of an unknown type by the list it sits in', () => {
    expect(describeError(error('discriminator', { error: 'mapping', tag: 'type', tagValue: 'x' }, { instancePath: '/blocks/3' }))).toBe('has an unknown block type "x"');
    expect(describeError(error('discriminator', { error: 'mapping', tag: 'type', tagValue: 'x' }, { instancePath: '/fields/0/fields/2' }))).toBe('has an unknown field type "x"');
    expect(describeError(error('discriminator', { error: 'tag', tag: 'type' }, { instancePath: '/blocks/3' }))).toBe('is missing its "type"');
  });
});

describe('closestName', () => {
  it('suggests a close spelling or a different case, and nothing far off', () => {
    expect(closestName('childern', ['label', 'path', 'children', 'megaMenu'])).toBe('children');
    expect(closestName('taxpercentage', ['zipCode', 'taxPercentage'])).toBe('taxPercentage');
    expect(closestName('colour', ['type', 'displayName', 'isEnabled'])).toBeUndefined();
  });
});

describe('readableErrors', () => {
  it('keeps the anyOf error, not the contradicting errors of each alternative', () => {
    const errors = [
      error('type', { type: 'string' }, { schemaPath: '#/properties/equals/anyOf/0/type' }),
      error('type', { type: 'array' }, { schemaPath: '#/properties/equals/anyOf/1/type' }),
      error('anyOf', {}, { schemaPath: '#/properties/equals/anyOf' }),
    ];
    expect(readableErrors(errors).map((e) => e.keyword)).toEqual(['anyOf']);
  });
});
