// The demo store's kitchen estimator, priced by hand for a few kitchens (examples/site).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
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
    // cabinets 3000-5000 / 600-900; countertop 500-900 / 200-400; everything else 0.
    const result = estimatePrice(template.fields, values, pricing);
    expect([result.min, result.max, result.laborMin, result.laborMax]).toEqual([3500, 5900, 800, 1300]);
    expect(result.display.final).toBe('$4,300.00 - $7,200.00');
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
    // product: 26000 + 3000 + 800 + 3960 + 800 + 1500 + 0 + (400+250) + (300+400) = 37410
    //          42000 + 5500 + 1600 + 7040 + 1500 + 2500 + 0 + (900+600) + (700+1500) = 63840
    // labor:   0 + 0 + 0 + 880 + 500 + 1000 + 6000 + (200+200) + (150+200) = 9130
    //          0 + 0 + 0 + 1540 + 900 + 1500 + 9500 + (400+400) + (300+400) = 14940
    const result = estimatePrice(template.fields, values, pricing);
    expect([result.min, result.max, result.laborMin, result.laborMax]).toEqual([37410, 63840, 9130, 14940]);
    const summary = summarizeEstimate(template.summary, result);
    expect(summary.grandTotal).toEqual({ label: 'Estimated total', display: '$46,540.00 - $78,780.00' });
    expect(summary.breakdowns[0]!.items[0]).toMatchObject({ label: 'Cabinets, doors and finish', min: 29800, max: 49100 });
  });

  it('drops an inset door when the cabinet line cannot have one', () => {
    const result = estimatePrice(template.fields, { kitchenSize: 'small', cabinetLine: 'rta', doorStyle: 'inset' }, pricing);
    expect(result.breakdown.doorStyle).toBeUndefined();
    const validation = validateFields(template.fields, { kitchenSize: 'small', cabinetLine: 'rta', doorStyle: 'inset' });
    expect(validation.errors.doorStyle).toBe('This field is required');
  });
});
