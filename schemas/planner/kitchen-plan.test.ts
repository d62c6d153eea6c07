// The plan document's schema and its stated limits.
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { kitchenPlanSchema, PLAN_LIMITS, type KitchenPlan } from './kitchen-plan.schema';
import { jsonNesting, PLAN_TOO_DEEP, PLAN_TOO_LARGE, planTextLimit, utf8Bytes } from './plan-limits';

const validate = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }).compile(kitchenPlanSchema);

const plan: KitchenPlan = {
  version: 1,
  shape: 'l',
  ceiling: 96,
  style: 'hartford-shaker',
  finish: { type: 'painted', value: 'alpine-white' },
  walls: [{ id: 'w1', name: 'Sink wall', length: 144 }, { id: 'w2', length: 120 }],
  openings: [{ id: 'win', wall: 'w1', kind: 'window', from: 40, width: 36, height: 48, sill: 42 }],
  cabinets: [{ id: 'sb', on: 'w1', run: 'base', code: 'SB36', at: 40 }],
  appliances: [{ id: 'sink', type: 'sink', width: 33, in: 'sb' }, { id: 'fridge', type: 'refrigerator', width: 36, on: 'w2', at: 84 }],
  fillers: [{ id: 'f1', on: 'w2', run: 'base', at: 24, width: 3 }],
};

describe('the kitchen plan document', () => {
  it('accepts an L-shaped plan with a window, a sink in its sink base and a refrigerator', () => {
    expect(validate(plan), JSON.stringify(validate.errors)).toBe(true);
  });

  it('holds no price: a price on a cabinet is refused', () => {
    expect(validate({ ...plan, cabinets: [{ ...plan.cabinets[0], price: 1 }] })).toBe(false);
    expect(validate.errors?.[0]?.keyword).toBe('additionalProperties');
  });

  it.each([
    ['a wall of zero length', { walls: [{ id: 'w1', length: 0 }] }, 'exclusiveMinimum'],
    ['a negative length', { walls: [{ id: 'w1', length: -12 }] }, 'minimum'],
    ['a length that is not whole sixteenths', { walls: [{ id: 'w1', length: 120.01 }] }, 'multipleOf'],
    [`more than ${PLAN_LIMITS.walls} walls`, { walls: Array.from({ length: PLAN_LIMITS.walls + 1 }, (_, i) => ({ id: `w${i}`, length: 60 })) }, 'maxItems'],
    [`more than ${PLAN_LIMITS.cabinets} cabinets`, { cabinets: Array.from({ length: PLAN_LIMITS.cabinets + 1 }, (_, i) => ({ id: `c${i}`, on: 'w1', run: 'base', code: 'B24', at: 0 })) }, 'maxItems'],
    [`more than ${PLAN_LIMITS.openings} openings`, { openings: Array.from({ length: PLAN_LIMITS.openings + 1 }, (_, i) => ({ id: `o${i}`, wall: 'w1', kind: 'door', from: 0, width: 32, height: 80 })) }, 'maxItems'],
  ])('refuses %s', (_, change, keyword) => {
    expect(validate({ ...plan, ...change })).toBe(false);
    expect(validate.errors?.map((e) => e.keyword)).toContain(keyword);
  });

  it(`accepts exactly ${PLAN_LIMITS.cabinets} cabinets`, () => {
    expect(validate({ ...plan, cabinets: Array.from({ length: PLAN_LIMITS.cabinets }, (_, i) => ({ id: `c${i}`, on: 'w1', run: 'base', code: 'B24', at: 0 })) })).toBe(true);
  });

  it(`refuses a text over ${PLAN_LIMITS.bytes} bytes or nested over ${PLAN_LIMITS.nesting} deep before it is parsed`, () => {
    const text = JSON.stringify(plan);
    expect(jsonNesting(text)).toBe(3);
    expect(planTextLimit(text)).toBeNull();
    const padded = (n: number) => JSON.stringify({ ...plan, name: 'x'.repeat(n) });
    const exact = padded(0).length;
    expect(planTextLimit(padded(PLAN_LIMITS.bytes - exact))).toBeNull();
    expect(planTextLimit(padded(PLAN_LIMITS.bytes - exact + 1))).toBe(PLAN_TOO_LARGE);
    expect(utf8Bytes('½″')).toBe(5);
    expect(planTextLimit('['.repeat(PLAN_LIMITS.nesting) + ']'.repeat(PLAN_LIMITS.nesting))).toBeNull();
    expect(planTextLimit('['.repeat(PLAN_LIMITS.nesting + 1) + ']'.repeat(PLAN_LIMITS.nesting + 1))).toBe(PLAN_TOO_DEEP);
    expect(jsonNesting('{"a":"[[[[[[[[["}')).toBe(1);
  });
});
