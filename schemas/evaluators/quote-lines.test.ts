import { describe, expect, it } from 'vitest';
import { groupLines, lineText, lineWords, totalsRows, type LineItem } from './quote-lines';

const cabinet: LineItem = {
  sku: 'HS-W3030',
  name: 'Hartford Shaker wall cabinet, 30" W × 30" H × 12" D, Alpine White',
  qty: 2,
  price: 387.2,
  rowTotal: 774.4,
  notes: 'Glass doors on two',
  detail: {
    kind: 'cabinet',
    description: 'Hartford Shaker wall cabinet, 30" W × 30" H × 12" D',
    finish: { type: 'painted', value: 'alpine-white', label: 'Alpine White' },
    options: [{ code: 'GD', label: 'Glass door', amount: 99.71, per: 'each' }],
    group: 'Kitchen — sink wall',
  },
};
const top: LineItem = {
  sku: 'CT-QUARTZ-CAL',
  name: 'Quartz countertop, Calacatta Laza, 3 cm, 42 sq ft',
  qty: 1,
  price: 3335,
  rowTotal: 3335,
  detail: { kind: 'countertop', description: 'Quartz countertop, Calacatta Laza, 3 cm', options: [{ code: 'EASED', label: 'Eased edge', amount: 0, per: 'sqft' }, { code: 'SINK', label: 'Sink cut-out', amount: 185, per: 'line' }], measure: { amount: 42, unit: 'sq ft' }, rate: 75 },
};

describe('a line in words', () => {
  it('says a cabinet with its finish as the catalog names it, its options with their prices, and its note', () => {
    expect(lineWords(cabinet)).toEqual({
      code: 'HS-W3030',
      description: 'Hartford Shaker wall cabinet, 30" W × 30" H × 12" D',
      details: ['Finish: Alpine White', 'Glass door +$99.71 each'],
      quantity: '2',
      unitPrice: '$387.20',
      total: '$774.40',
      notes: 'Glass doors on two',
      group: 'Kitchen — sink wall',
    });
    expect(lineText(cabinet)).toBe('HS-W3030 Hartford Shaker wall cabinet, 30" W × 30" H × 12" D · Finish: Alpine White · Glass door +$99.71 each · 2 × $387.20 = $774.40 · Note: Glass doors on two');
  });

  it('says a countertop by its square feet and rate', () => {
    const w = lineWords(top);
    expect([w.quantity, w.unitPrice, w.details, w.total]).toEqual(['42 sq ft', '$75.00 per sq ft', ['Eased edge', 'Sink cut-out +$185.00'], '$3,335.00']);
  });

  it('names a door sample\'s finish as the catalog does, never as "forest-green: forest-green"', () => {
    const sample = { sku: 'HS-FG-DS', name: 'Hartford Shaker Door Sample - Forest Green', qty: 1, price: 9.99, rowTotal: 9.99 };
    expect(lineWords({ ...sample, customOptions: [{ type: 'painted', value: 'forest-green', label: 'Forest Green' }] }).details).toEqual(['Finish: Forest Green']);
    expect(lineWords({ ...sample, customOptions: [{ type: 'forest-green', value: 'forest-green', label: '' }] }).details).toEqual(['Finish: forest-green']);
    expect(lineWords({ ...sample, customOptions: [{ type: 'hinge', label: 'Hinge', value: 'Left' }] }).details).toEqual(['Hinge: Left']);
  });

  it('groups lines by room or wall in the order they first appear, ungrouped first', () => {
    const plain = { ...top, detail: { ...top.detail!, group: undefined } };
    expect(groupLines([cabinet, plain, { ...cabinet, sku: 'HS-B24' }]).map((g) => [g.group, g.items.map((i) => i.sku)])).toEqual([
      ['', ['CT-QUARTZ-CAL']],
      ['Kitchen — sink wall', ['HS-W3030', 'HS-B24']],
    ]);
  });
});

describe('the totals rows', () => {
  it('add up to the total: tax on shipping is a part of the tax, not a second row beside all of it', () => {
    const rows = totalsRows({ subtotal: 34.4, discount: 0, shipping: 12.5, tax: 2.15, shippingTax: 0.78, taxPercent: 6.25, total: 49.05 });
    expect(rows.map((r) => [r.label, r.display])).toEqual([
      ['Subtotal', '$34.40'],
      ['Shipping', '$12.50'],
      ['Tax on items (6.25%)', '$1.37'],
      ['Tax on shipping', '$0.78'],
      ['Total', '$49.05'],
    ]);
    const above = rows.filter((r) => r.key !== 'total').reduce((a, r) => a + Math.round(r.amount * 100), 0);
    expect(above).toBe(4905);
  });

  it('show a discount as a negative row and a tax without a rate when none is known', () => {
    expect(totalsRows({ subtotal: 100, discount: 10, shipping: 0, tax: 5.63, total: 95.63 }, { shipping: 'Shipping & Handling', total: 'Grand Total' }).map((r) => `${r.label} ${r.display}`)).toEqual([
      'Subtotal $100.00',
      'Discount -$10.00',
      'Shipping & Handling $0.00',
      'Tax $5.63',
      'Grand Total $95.63',
    ]);
  });
});
