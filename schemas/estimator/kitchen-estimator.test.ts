// The demo store's kitchen estimator, priced by hand for a few kitchens (examples/site): its pricing
// table, and its cabinet mix from the catalog.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../server/content/load-content';
import { findEstimator } from '../../server/services/estimate-submission';
import { estimatePrice, summarizeEstimate } from '../evaluators/estimator-pricing';
import { validateFields } from '../evaluators/field-validation';
import type { EstimatorPricing } from './estimator-pricing.schema';
import type { EstimatorTemplate } from './estimator-template.schema';

const read = <T>(file: string): T => JSON.parse(fs.readFileSync(new URL(`../../examples/site/${file}`, import.meta.url), 'utf8')) as T;
const template = read<EstimatorTemplate>('estimator/kitchen-estimator.json');
const pricing = read<EstimatorPricing>('data/estimator-pricing.json');

describe('the demo kitchen estimator', () => {
  it('prices a small RTA kitchen', () => {
    const values = {
      kitchenSize: 'small',
      layoutShape: 'galley',
      cabinetLine: 'rta',
      doorStyle: 'shaker',
      finish: 'stained',
      countertop: 'laminate',
      backsplash: 'none',
      flooring: 'keep-existing',
      installation: 'no',
      timeline: 'asap',
    };
    // The pricing table alone (the catalog's cabinets are the next test's): RTA is the catalog's
    // price plus its assembly, 0-0 / 600-900; countertop 500-900 / 200-400; everything else 0.
    const result = estimatePrice(template.fields, values, pricing);
    expect([result.min, result.max, result.laborMin, result.laborMax]).toEqual([500, 900, 800, 1300]);
    expect(result.display.final).toBe('$1,300.00 - $2,200.00');
  });

  it('prices a large custom kitchen with extras, fixtures and installation', () => {
    const values = {
      kitchenSize: 'large',
      cabinetLine: 'custom',
      doorStyle: 'inset',
      finish: 'painted-color',
      countertop: 'quartz',
      backsplash: 'subway-tile',
      flooring: 'engineered-hardwood',
      installation: 'yes',
      extras: ['under-cabinet-lighting', 'crown-molding'],
      appliances: ['undermount-sink', 'range-hood'],
    };
    // product: 11250 + 3000 + 800 + 3960 + 800 + 1500 + 0 + (400+250) + (300+400) = 22660
    //          21000 + 5500 + 1600 + 7040 + 1500 + 2500 + 0 + (900+600) + (700+1500) = 42840
    // labor:   0 + 0 + 0 + 880 + 500 + 1000 + 6000 + (200+200) + (150+200) = 9130
    //          0 + 0 + 0 + 1540 + 900 + 1500 + 9500 + (400+400) + (300+400) = 14940
    const result = estimatePrice(template.fields, values, pricing);
    expect([result.min, result.max, result.laborMin, result.laborMax]).toEqual([22660, 42840, 9130, 14940]);
    const summary = summarizeEstimate(template.summary, result);
    expect(summary.grandTotal).toEqual({ label: 'Estimated total', display: '$31,790.00 - $57,780.00' });
    expect(summary.breakdowns[0]!.items[0]).toMatchObject({ label: 'Cabinets, doors and finish', min: 15050, max: 28100 });
  });

  it("prices a size's usual cabinets from the catalog: the low end's list prices, the high end's with its group and finish", () => {
    const content = loadContent(fileURLToPath(new URL('../../examples/site', import.meta.url)));
    const cabinets = findEstimator(content, 'kitchen-estimator')!.cabinets!;
    const line = (style: string) => read<{ cabinets: { code: string; list: number }[] }>(`catalog/cabinets/${style}.json`).cabinets;
    const listCents = (style: string, code: string) => Math.round(line(style).find((c) => c.code === code)!.list * 100);
    const small = template.cabinetMix!.mixes.find((m) => m.size === 'small' && !m.layout)!;
    // Hartford Shaker is price group A (0 %) and natural oak a stained finish (0 %): the list prices.
    const low = small.cabinets.reduce((sum, c) => sum + c.qty * listCents('hartford-shaker', c.code), 0);
    // Georgetown Inset is group C (+28 %), walnut stained (+18 %): each cabinet rounded to the cent once.
    const high = small.cabinets.reduce((sum, c) => sum + c.qty * Math.round((listCents('georgetown-inset', c.code) * 128 * 118) / 10000), 0);
    expect(low).toBe(223900);
    const result = estimatePrice(template.fields, { kitchenSize: 'small', backsplash: 'none', flooring: 'keep-existing' }, pricing, cabinets);
    expect(result.breakdown.kitchenSize).toMatchObject({ min: low / 100, max: high / 100 });
    expect([result.finalMin, result.finalMax]).toEqual([low / 100, high / 100]);
    // A galley has its own mix; a layout without one takes the size's usual mix.
    const galley = estimatePrice(template.fields, { kitchenSize: 'small', layoutShape: 'galley' }, pricing, cabinets);
    const lShape = estimatePrice(template.fields, { kitchenSize: 'small', layoutShape: 'l-shape' }, pricing, cabinets);
    expect(galley.finalMin).not.toBe(low / 100);
    expect(lShape.finalMin).toBe(low / 100);
  });

  it('drops an inset door when the cabinet line cannot have one', () => {
    const result = estimatePrice(template.fields, { kitchenSize: 'small', cabinetLine: 'rta', doorStyle: 'inset' }, pricing);
    expect(result.breakdown.doorStyle).toBeUndefined();
    const validation = validateFields(template.fields, { kitchenSize: 'small', cabinetLine: 'rta', doorStyle: 'inset' });
    expect(validation.errors.doorStyle).toBe('This field is required');
  });
});
