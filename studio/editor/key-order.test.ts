import { describe, expect, it } from 'vitest';
import { keepKeyOrder } from './key-order';

describe('keepKeyOrder', () => {
  it("keeps the file's key order and drops undefined values", () => {
    const prev = { b: 1, a: { y: 1, x: 2 } };
    const next = { a: { x: 3, y: 1 }, b: 1, c: undefined, d: 4 };
    expect(JSON.stringify(keepKeyOrder(prev, next))).toBe('{"b":1,"a":{"y":1,"x":3},"d":4}');
  });

  it('returns the previous object for every part equal to it', () => {
    const prev = { blocks: [{ type: 'a', t: 'x' }, { type: 'b', items: [1, 2] }], meta: { title: 't' } };
    const next = JSON.parse(JSON.stringify(prev)) as typeof prev;
    next.blocks[0]!.t = 'y';
    const out = keepKeyOrder(prev, next);
    expect(out).toEqual(next);
    expect(out.blocks[1]).toBe(prev.blocks[1]);
    expect(out.meta).toBe(prev.meta);
    expect(out.blocks[0]).not.toBe(prev.blocks[0]);
    expect(keepKeyOrder(prev, JSON.parse(JSON.stringify(prev)))).toBe(prev);
  });
});
