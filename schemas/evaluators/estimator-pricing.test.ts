import { describe, expect, it } from 'vitest';
import type { EstimatorPricing } from '../estimator/estimator-pricing.schema';
import type { FormField, GroupField } from '../forms/form-field.schema';
import { canPrint, estimatePrice, fieldsUpToSection, formatRange, lookupEntries, summarizeEstimate } from './estimator-pricing';

const sections: FormField[] = [
  {
    name: 'layout',
    type: 'group',
    layout: 'accordion',
    fields: [
      { name: 'size', type: 'radio', options: [{ value: 'small', label: 'Small' }, { value: 'large', label: 'Large' }] },
      { name: 'line', type: 'select', options: [{ value: 'stock', label: 'Stock' }, { value: 'custom', label: 'Custom' }] },
      // Door price depends on size, then line: nested two levels.
      { name: 'door', type: 'radio', dependsOn: ['size', 'line'], options: [{ value: 'shaker', label: 'Shaker' }, { value: 'slab', label: 'Slab' }] },
    ],
  },
  {
    name: 'extras',
    type: 'group',
    layout: 'popup',
    fields: [
      { name: 'accessories', type: 'checkbox-group', options: [{ value: 'lights', label: 'Lights' }, { value: 'pullouts', label: 'Pull-outs' }, { value: 'rack', label: 'Wine rack' }] },
      { name: 'appliances', type: 'select', multiSelect: true, options: [{ value: 'hood', label: 'Hood' }, { value: 'sink', label: 'Sink' }] },
      { name: 'install', type: 'radio', options: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }] },
      { name: 'timeline', type: 'select', useInCalculation: false, options: [{ value: 'asap', label: 'ASAP' }] },
      { name: 'island', type: 'checkbox' },
      { name: 'islandTop', type: 'radio', hideWhen: { field: 'island', equals: false }, options: [{ value: 'quartz', label: 'Quartz' }] },
    ],
  },
];

const r = (min: number, max: number) => ({ min, max });
const pricing: EstimatorPricing = {
  size: { small: { price: r(1000, 2000), labor: r(300, 500) }, large: { price: r(3000, 5000), labor: r(800, 1200) } },
  line: { stock: { price: r(100.1, 200.2) }, custom: { price: r(2000, 4000), labor: r(100, 150) } },
  door: {
    small: { stock: { shaker: { price: r(150, 250), labor: r(0, 50) }, slab: { price: r(100, 200) } }, custom: { shaker: { price: r(400, 600) } } },
    large: { stock: { shaker: { price: r(350, 450), labor: r(50, 100) } }, custom: { shaker: { price: r(900, 1300), labor: r(100, 200) } } },
  },
  accessories: { lights: { price: r(200, 300), labor: r(50, 75) }, pullouts: { price: r(120.45, 180.55) }, rack: { price: r(99.99, 149.99) } },
  appliances: { hood: { price: r(500, 900), labor: r(100, 100) }, sink: { price: r(250, 400), labor: r(75.5, 75.5) } },
  install: { yes: { price: r(0, 0), labor: r(1500, 2500) }, no: { price: r(0, 0) } },
  timeline: { asap: { price: r(9999, 9999) } },
  island: { true: { price: r(1000, 1500) } },
  islandTop: { quartz: { price: r(700, 900), labor: r(100, 200) } },
};

describe('estimator pricing (001 §3) against hand-computed tables', () => {
  it('looks up nested dependsOn values in order', () => {
    const door = (sections[0] as GroupField).fields[2]!;
    expect(lookupEntries(door, { size: 'large', line: 'custom', door: 'shaker' }, pricing)).toEqual([
      { price: r(900, 1300), labor: r(100, 200) },
    ]);
    // No price until every dependency is chosen.
    const result = estimatePrice(sections, { door: 'shaker', line: 'stock' }, pricing);
    expect(result.breakdown.door).toBeUndefined();
  });

  it('sums every field: size + line + nested door', () => {
    // size small 1000-2000 / 300-500; line stock 100.10-200.20 / 0-0; door small.stock.shaker 150-250 / 0-50
    const result = estimatePrice(sections, { size: 'small', line: 'stock', door: 'shaker' }, pricing);
    expect(result.breakdown).toEqual({
      size: { min: 1000, max: 2000, laborMin: 300, laborMax: 500, totalMin: 1300, totalMax: 2500 },
      line: { min: 100.1, max: 200.2, laborMin: 0, laborMax: 0, totalMin: 100.1, totalMax: 200.2 },
      door: { min: 150, max: 250, laborMin: 0, laborMax: 50, totalMin: 150, totalMax: 300 },
    });
    expect([result.min, result.max, result.laborMin, result.laborMax, result.finalMin, result.finalMax]).toEqual([1250.1, 2450.2, 300, 550, 1550.1, 3000.2]);
    expect(result.display).toEqual({ product: '$1,250.10 - $2,450.20', labor: '$300.00 - $550.00', final: '$1,550.10 - $3,000.20' });
  });

  it('sums all chosen options of a checkbox-group and a multiSelect, exact to the cent', () => {
    // accessories: lights 200-300/50-75 + pullouts 120.45-180.55 + rack 99.99-149.99 = 420.44-630.54 / 50-75
    // appliances: hood 500-900/100-100 + sink 250-400/75.50-75.50 = 750-1300 / 175.50-175.50
    const result = estimatePrice(sections, { accessories: ['lights', 'pullouts', 'rack'], appliances: ['hood', 'sink'] }, pricing);
    expect(result.breakdown.accessories).toEqual({ min: 420.44, max: 630.54, laborMin: 50, laborMax: 75, totalMin: 470.44, totalMax: 705.54 });
    expect(result.breakdown.appliances).toEqual({ min: 750, max: 1300, laborMin: 175.5, laborMax: 175.5, totalMin: 925.5, totalMax: 1475.5 });
    expect([result.finalMin, result.finalMax]).toEqual([1395.94, 2181.04]);
  });

  it('ignores fields with useInCalculation false, and hidden fields', () => {
    const result = estimatePrice(sections, { install: 'yes', timeline: 'asap', island: false, islandTop: 'quartz' }, pricing);
    expect(Object.keys(result.breakdown)).toEqual(['install']);
    expect([result.min, result.max, result.laborMin, result.laborMax]).toEqual([0, 0, 1500, 2500]);
    expect(result.display.final).toBe('$1,500.00 - $2,500.00');
    // A checked checkbox is priced under "true", and shows the field it was hiding.
    const withIsland = estimatePrice(sections, { island: true, islandTop: 'quartz' }, pricing);
    expect([withIsland.finalMin, withIsland.finalMax]).toEqual([1800, 2600]);
  });

  it('a full kitchen', () => {
    const values = {
      size: 'large',
      line: 'custom',
      door: 'shaker',
      accessories: ['lights'],
      appliances: ['sink'],
      install: 'yes',
      timeline: 'asap',
    };
    // product: 3000+2000+900+200+250+0 = 6350 ; 5000+4000+1300+300+400+0 = 11000
    // labor:   800+100+100+50+75.5+1500 = 2625.5 ; 1200+150+200+75+75.5+2500 = 4200.5
    const result = estimatePrice(sections, values, pricing);
    expect([result.min, result.max, result.laborMin, result.laborMax, result.finalMin, result.finalMax]).toEqual([6350, 11000, 2625.5, 4200.5, 8975.5, 15200.5]);
    const summary = summarizeEstimate(
      {
        title: 'Your estimate',
        breakdowns: [{ label: 'Cabinets', items: [{ name: 'cabinets', label: 'Cabinets and doors', fields: ['size', 'line', 'door'] }] }],
        productTotal: { label: 'Products' },
        laborTotal: { label: 'Labor' },
        grandTotal: { label: 'Estimated total' },
        position: 'top',
      },
      result,
    );
    // cabinets: size 3800-6200 + line 2100-4150 + door 1000-1500
    expect(summary.breakdowns[0]!.items[0]).toEqual({ name: 'cabinets', label: 'Cabinets and doors', min: 6900, max: 11850, display: '$6,900.00 - $11,850.00' });
    expect(summary.grandTotal).toEqual({ label: 'Estimated total', display: '$8,975.50 - $15,200.50' });
    expect(summary.position).toBe('top');
  });

  it('shows an empty estimate as $0.00 - $0.00, and Print only once priced and filled', () => {
    const empty = estimatePrice(sections, {}, pricing);
    expect(empty.display.final).toBe('$0.00 - $0.00');
    expect(canPrint(empty, {})).toBe(false);
    const priced = estimatePrice(sections, { size: 'small' }, pricing);
    expect(canPrint(priced, { size: 'small' })).toBe(true);
    // A choice priced $0 - $0 is no price yet.
    const free = { ...priced, finalMin: 0, finalMax: 0 };
    expect(canPrint(free, { size: 'small' })).toBe(false);
    expect(formatRange(1234.5, 99999)).toBe('$1,234.50 - $99,999.00');
  });

  it('Next validates the sections up to the current one', () => {
    expect(fieldsUpToSection(sections, 0).map((s) => s.name)).toEqual(['layout']);
    expect(fieldsUpToSection(sections, 1).map((s) => s.name)).toEqual(['layout', 'extras']);
  });
});
