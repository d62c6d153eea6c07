import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { errorCode, fieldErrors, validatorOf } from './contract';

const refusal = (schema: object, value: unknown): { code: string; fields: Record<string, string> } => {
  const validate = validatorOf(schema);
  expect(validate(value)).toBe(false);
  const errors = validate.errors as ErrorObject[];
  return { code: errorCode(schema, errors), fields: fieldErrors(errors) };
};

describe('a refusal names the error code its schema gives (x-error)', () => {
  const cart = {
    type: 'object',
    required: ['items'],
    properties: {
      note: { type: 'string', 'x-message': 'A note is text.' },
      items: {
        type: 'array',
        minItems: 1,
        'x-error': 'empty_cart',
        'x-message': 'Empty.',
        allOf: [{ maxItems: 2, 'x-error': 'too_many_items', 'x-message': 'Too many.' }],
        items: { type: 'object', 'x-error': 'invalid_items', required: ['sku'], properties: { sku: { type: 'string', 'x-message': 'A SKU.' } } },
      },
    },
  } as const;

  it('the nearest code above the failing keyword wins', () => {
    expect(refusal(cart, { items: [] })).toEqual({ code: 'empty_cart', fields: { items: 'Empty.' } });
    expect(refusal(cart, { items: [{ sku: 'a' }, { sku: 'b' }, { sku: 'c' }] })).toEqual({ code: 'too_many_items', fields: { items: 'Too many.' } });
    expect(refusal(cart, { items: [{ sku: 7 }] })).toEqual({ code: 'invalid_items', fields: { 'items.0.sku': 'A SKU.' } });
    expect(refusal(cart, { items: [{}] }).code).toBe('invalid_items');
  });

  it("a missing property answers that property's code", () => {
    expect(refusal(cart, {}).code).toBe('empty_cart');
  });

  it('refusals under different codes, or under none, are a plain validation_failed', () => {
    expect(refusal(cart, { note: 1, items: [{ sku: 'a' }] }).code).toBe('validation_failed');
    expect(refusal(cart, { note: 1, items: [] }).code).toBe('validation_failed');
    expect(refusal(cart, { items: [{ sku: 1 }, { sku: 'b' }, { sku: 'c' }] }).code).toBe('validation_failed');
  });
});
