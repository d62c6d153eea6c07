import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrors, validatorOf } from '../http/contract';
import { nearValid, validValue } from './schema-arbitrary';

const order = {
  type: 'object',
  required: ['email', 'items'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', format: 'email' },
    note: { type: 'string', maxLength: 20 },
    key: { type: 'string', pattern: '^[A-Za-z0-9_\\-:.]{16,128}$' },
    kind: { enum: ['billing', 'shipping'] },
    items: {
      type: 'array',
      minItems: 1,
      items: { type: 'object', required: ['sku', 'qty'], properties: { sku: { type: 'string', minLength: 1 }, qty: { type: 'integer', minimum: 1, maximum: 10 } } },
    },
  },
} as const;

describe('requests generated from a schema', () => {
  it('valid values are valid', () => {
    const validate = validatorOf(order);
    fc.assert(
      fc.property(validValue(order), (v) => {
        expect(validate(v), `${JSON.stringify(v)}: ${JSON.stringify(validate.errors)}`).toBe(true);
      }),
    );
  });

  it('near-valid values are refused, naming exactly the field that was made wrong', () => {
    const validate = validatorOf(order);
    const seen = new Set<string>();
    fc.assert(
      fc.property(nearValid(order), (near) => {
        const wrong = near!;
        expect(validate(wrong.value), wrong.how).toBe(false);
        expect(Object.keys(fieldErrors(validate.errors ?? [])), wrong.how).toContain(wrong.field);
        seen.add(wrong.field);
      }),
      { numRuns: 300 },
    );
    // Every kind of field is reached: a nested one in the array's first item too.
    expect([...seen].sort()).toEqual(expect.arrayContaining(['email', 'items', 'items.0.qty', 'items.0.sku', 'unexpectedField']));
  });
});
