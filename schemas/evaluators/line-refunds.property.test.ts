/**
 * The refund of returned lines, as a property: for random orders (lines, quantities, prices, a
 * discount, tax, shipping) and random returns of their units, in any order and any parts, every
 * return gives back at least nothing, the units of a line differ by a cent at most, and returning
 * every unit gives back exactly the order's total. More than a line holds is refused, naming what
 * is left. And the cabinet: one W3030 of an order with a discount and tax.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineRefund, lineShares, type LineItem, type LineOrder } from './line-refunds';

const orderOf = (items: LineItem[], discountCents: number, taxCents: number, shipping: number, shippingTax: number): LineOrder => {
  const subtotal = items.reduce((a, i) => a + i.row_total_cents, 0);
  return { subtotal_cents: subtotal, discount_cents: discountCents, tax_cents: taxCents + shippingTax, shipping_cents: shipping, shipping_tax_cents: shippingTax, total_cents: subtotal - discountCents + taxCents + shipping + shippingTax };
};

const anOrder = fc
  .array(fc.record({ qty: fc.integer({ min: 1, max: 12 }), price: fc.integer({ min: 1, max: 250_000 }) }), { minLength: 1, maxLength: 8 })
  .chain((lines) => {
    const items: LineItem[] = lines.map((l, i) => ({ id: 100 + i, qty: l.qty, row_total_cents: l.qty * l.price }));
    const subtotal = items.reduce((a, i) => a + i.row_total_cents, 0);
    return fc.record({
      items: fc.constant(items),
      discount: fc.integer({ min: 0, max: subtotal }),
      taxRate: fc.integer({ min: 0, max: 1_500 }), // basis points
      shipping: fc.integer({ min: 0, max: 50_000 }),
      shippingTax: fc.integer({ min: 0, max: 5_000 }),
    });
  })
  .map(({ items, discount, taxRate, shipping, shippingTax }) => {
    const subtotal = items.reduce((a, i) => a + i.row_total_cents, 0);
    return { items, order: orderOf(items, discount, Math.round(((subtotal - discount) * taxRate) / 10_000), shipping, shippingTax) };
  });

describe('a refund by line', () => {
  it('returning every unit, in any order and any parts, gives back exactly the total', () => {
    fc.assert(
      fc.property(anOrder, fc.infiniteStream(fc.nat()), ({ items, order }, choices) => {
        const returned = new Map<number, number>();
        let given = 0;
        const left = () => items.filter((i) => (returned.get(i.id) ?? 0) < i.qty);
        while (left().length) {
          const open = left();
          const item = open[choices.next().value % open.length]!;
          const room = item.qty - (returned.get(item.id) ?? 0);
          const qty = 1 + (choices.next().value % room);
          const refund = lineRefund(order, items, returned, [{ itemId: item.id, qty }]);
          if (!('amountCents' in refund)) throw new Error(`refused: ${JSON.stringify(refund)}`);
          expect(refund.lines[0]!.amountCents).toBeGreaterThanOrEqual(0);
          given += refund.amountCents;
          returned.set(item.id, (returned.get(item.id) ?? 0) + qty);
          expect(refund.withShipping).toBe(left().length === 0);
        }
        expect(given).toBe(order.total_cents);
      }),
      { numRuns: 400 },
    );
  });

  it("each line's shares add up to the order's discount and tax, and its units differ by three cents at most (a cent each of goods, discount and tax)", () => {
    fc.assert(
      fc.property(anOrder, ({ items, order }) => {
        const shares = lineShares(order, items);
        expect(shares.reduce((a, s) => a + s.discountCents, 0)).toBe(order.discount_cents);
        expect(shares.reduce((a, s) => a + s.taxCents, 0)).toBe(order.total_cents - order.shipping_cents - order.shipping_tax_cents - order.subtotal_cents + order.discount_cents);
        for (const s of shares) expect(Math.max(...s.unitCents) - Math.min(...s.unitCents)).toBeLessThanOrEqual(3);
      }),
      { numRuns: 400 },
    );
  });

  it('refuses more than a line holds, naming what is left, and a line not of the order', () => {
    const items = [{ id: 1, qty: 2, row_total_cents: 50_000 }];
    const order = orderOf(items, 0, 0, 0, 0);
    expect(lineRefund(order, items, new Map([[1, 1]]), [{ itemId: 1, qty: 2 }])).toEqual({ itemId: 1, kind: 'too_many', left: 1 });
    expect(lineRefund(order, items, new Map(), [{ itemId: 1, qty: 1 }, { itemId: 1, qty: 2 }])).toEqual({ itemId: 1, kind: 'too_many', left: 2 });
    expect(lineRefund(order, items, new Map(), [{ itemId: 9, qty: 1 }])).toEqual({ itemId: 9, kind: 'unknown' });
  });

  it("the issue's cabinet: one W3030 carries its share of the discount and of the tax", () => {
    // Four W3030 at $283.00 and two B24 at $412.00; 10 % off; tax 8.25 % on the discounted goods; $150.00 shipping.
    const items = [
      { id: 1, qty: 4, row_total_cents: 4 * 28_300 },
      { id: 2, qty: 2, row_total_cents: 2 * 41_200 },
    ];
    const subtotal = 4 * 28_300 + 2 * 41_200;
    const discount = Math.round(subtotal * 0.1);
    const tax = Math.round((subtotal - discount) * 0.0825);
    const order = orderOf(items, discount, tax, 15_000, 0);
    const refund = lineRefund(order, items, new Map(), [{ itemId: 1, qty: 1 }]);
    // $283.00 less 10 % ($28.30) plus 8.25 % of $254.70 ($21.01): $275.71.
    expect(refund).toEqual({ amountCents: 27_571, lines: [{ itemId: 1, qty: 1, amountCents: 27_571 }], withShipping: false });
  });
});
