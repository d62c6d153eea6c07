import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EstimatorTemplate } from '../estimator/estimator-template.schema';
import { estimateFileName, estimateRows, estimateValidUntil, formatEstimateDate } from './estimate-document';
import { checkAllSections, checkSectionsUpTo, firstAccordionIndex, nextSectionIndex } from './estimator-sections';

const template = JSON.parse(fs.readFileSync(new URL('../../examples/site/estimator/kitchen-estimator.json', import.meta.url), 'utf8')) as EstimatorTemplate;
const fields = template.fields;

describe('estimator sections (001 §2, §4)', () => {
  it('Next checks the current section and the ones before it, and names the sections to open', () => {
    const atStyle = checkSectionsUpTo(fields, 1, { kitchenSize: 'small' });
    expect(atStyle.errors).toEqual({ cabinetLine: 'This field is required', doorStyle: 'This field is required', finish: 'This field is required' });
    expect(atStyle.sectionsWithErrors).toEqual(['kitchen', 'style']);
    expect(checkSectionsUpTo(fields, 0, { kitchenSize: 'small', cabinetLine: 'rta' }).errors).toEqual({});
  });

  it('Print and Submit check everything', () => {
    const all = checkAllSections(fields, {});
    expect(all.sectionsWithErrors).toEqual(['kitchen', 'style', 'surfaces', 'addons', 'contact']);
    expect(all.errors.email).toBe('This field is required');
  });

  it('Next opens the section next.path names; the first accordion opens first', () => {
    expect(nextSectionIndex(fields, 0)).toBe(1);
    expect(nextSectionIndex(fields, 2)).toBe(3);
    expect(nextSectionIndex(fields, 4)).toBeNull();
    expect(firstAccordionIndex(fields)).toBe(0);
    expect(fields[3]).toMatchObject({ name: 'addons', layout: 'popup' });
  });
});

describe('the estimate as text (001 §2, §9)', () => {
  it('file name with the MM/DD/YYYY date, valid 30 days', () => {
    const day = new Date(2026, 10, 21);
    expect(formatEstimateDate(day)).toBe('11/21/2026');
    expect(estimateFileName(day)).toBe('estimate-11-21-2026.pdf');
    expect(formatEstimateDate(estimateValidUntil(day))).toBe('12/21/2026');
  });

  it('rows show option labels, skip empty, hidden and hideInPDF fields', () => {
    const values = {
      kitchenSize: 'medium',
      cabinetLine: 'semi-custom',
      extras: ['wine-rack', 'crown-molding'],
      notes: 'Keep the window',
      floorPlan: [{ name: 'plan.pdf', size: 1000, type: 'application/pdf' }],
      source: 'forged',
    };
    const rows = estimateRows(fields, values);
    expect(rows.map((r) => [r.section, r.label, r.value])).toEqual([
      ['1. Your kitchen', 'Kitchen size', 'Medium'],
      ['1. Your kitchen', 'Cabinet line', 'Semi-custom'],
      ['4. Installation and extras', 'Cabinet extras', 'Wine rack, Crown molding'],
      ['5. Your details', 'Floor plan (optional)', 'plan.pdf'],
      ['5. Your details', 'Notes for the designer', 'Keep the window'],
    ]);
    expect(estimateRows(fields, values, { forPdf: true }).map((r) => r.name)).toEqual(['kitchenSize', 'cabinetLine', 'extras']);
  });
});
