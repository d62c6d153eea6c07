import { describe, expect, it } from 'vitest';
import { isEstimatorPricing, isEstimatorTemplate, isFormDefinition, isPopupDefinition, lastProblems } from './definition-guards';

describe('definition guards (build-time validators)', () => {
  it('accept good definitions', () => {
    expect(isFormDefinition({ name: 'contact', fields: [{ name: 'email', type: 'email', required: true }] })).toBe(true);
    expect(isPopupDefinition({ name: 'hello', components: [{ type: 'text', text: 'Hi' }], cookieExpiry: '2w' })).toBe(true);
    expect(isEstimatorTemplate({ name: 'e', fields: [{ name: 's', type: 'group', fields: [] }] })).toBe(true);
    expect(isEstimatorPricing({ size: { small: { price: { min: 1, max: 2 } } } })).toBe(true);
  });

  it('refuse broken ones and say where', () => {
    expect(isFormDefinition({ name: 'contact', fields: [{ name: 'email', type: 'e-mail' }] })).toBe(false);
    expect(lastProblems('form')).toContain('/fields/0 value of tag "type" must be in oneOf');
    expect(isPopupDefinition({ name: 'hello', components: [], autoClose: true })).toBe(false);
    expect(isEstimatorTemplate({ name: 'e', fields: [{ name: 's', type: 'text' }] })).toBe(false);
    expect(isEstimatorPricing({ size: { small: { price: { min: 1 } } } })).toBe(false);
    expect(lastProblems('estimator-pricing')).toContain("/size/small/price must have required property 'max'");
  });
});
