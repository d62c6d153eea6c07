/** What the studio shows of a lead (./lead-view.ts), against the demo store's content. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../build-output';
import { loadContent } from '../content/load-content';
import { ESTIMATE_FIELDS } from '../services/estimate-submission';
import type { LeadRow } from './lead-queries';
import { answerText, definitionOf, leadDetail, leadSummary, nameAsLabel, nameIn } from './lead-view';

const content = loadContent(path.join(projectRoot, 'examples', 'site'));

function row(form: string, data: Record<string, unknown>, extra: Partial<LeadRow> = {}): LeadRow {
  return { id: 41, form_name: form, data: JSON.stringify(data), lead_status: 'new', dealer_id: null, created_at: '2030-01-01T09:00:00.000Z', updated_at: '2030-01-01T09:00:00.000Z', uploads: 0, ...extra };
}

describe('a lead of a form', () => {
  const contact = row('contact', { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', topic: 'existing-order', message: 'Hello', newsletter: true, oldField: 'kept' });

  it('summarises who sent it', () => {
    expect(leadSummary(contact, content)).toEqual({ id: 41, form: 'contact', created: '2030-01-01T09:00:00.000Z', status: 'new', name: 'Ann Lee', email: 'ann@example.com', dealer: null, estimate: null, uploads: 0 });
  });

  it("labels the answers by the live definition in its order, option values by their labels, then what the definition no longer has", () => {
    const detail = leadDetail(contact, [], content);
    expect(detail.formTitle).toBe('Get in touch');
    expect(detail.answers).toEqual([
      { name: 'firstName', label: 'First name', value: 'Ann' },
      { name: 'lastName', label: 'Last name', value: 'Lee' },
      { name: 'email', label: 'E-mail', value: 'ann@example.com' },
      { name: 'topic', label: 'What is it about?', value: 'An existing order' },
      { name: 'message', label: 'Message', value: 'Hello' },
      { name: 'newsletter', label: 'Send me design ideas and offers (about twice a month)', value: 'Yes' },
      { name: 'oldField', label: 'Old field', value: 'kept' },
    ]);
  });

  it('keeps the answers of a form no longer in the content, by their names', () => {
    const detail = leadDetail(row('retired-form', { b: 'two', a: ['x', 'y'] }), [], content);
    expect(detail.formTitle).toBeNull();
    expect(detail.answers).toEqual([
      { name: 'a', label: 'A', value: 'x, y' },
      { name: 'b', label: 'B', value: 'two' },
    ]);
  });

  it('lists the files with their studio URL, never the stored name', () => {
    const detail = leadDetail(row('claim', { photos: [{ name: 'p.jpg', size: 5, type: 'image/jpeg', upload: 'claim/abc.jpg' }] }), [{ id: 7, field: 'photos', stored_name: 'claim/abc.jpg', original_name: 'p.jpg', content_type: 'image/jpeg', size: 5 }], content);
    expect(detail.files).toEqual([{ id: 7, field: 'photos', name: 'p.jpg', type: 'image/jpeg', size: 5, url: '/api/studio/leads/41/files/7' }]);
    expect(JSON.stringify(detail)).not.toContain('claim/abc.jpg');
    expect(detail.answers).toContainEqual({ name: 'photos', label: 'Photos of the damage and the box label', value: 'p.jpg' });
  });
});

describe('a lead of an estimator', () => {
  const estimate = row(
    'kitchen-estimator',
    { kitchenSize: 'medium', extras: ['under-cabinet-lighting'], firstName: 'Sam', email: 'sam@example.com', [ESTIMATE_FIELDS.product]: '$1,000.00 - $1,200.00', [ESTIMATE_FIELDS.labor]: '$300.00 - $400.00', [ESTIMATE_FIELDS.total]: '$1,300.00 - $1,600.00', [ESTIMATE_FIELDS.dealer]: 'Riverside Home Center (demo-dealer)' },
    { dealer_id: 'demo-dealer' },
  );

  it("carries the server's range and the dealer, and is an estimator", () => {
    expect(definitionOf(content, 'kitchen-estimator')?.estimator).toBe(true);
    expect(definitionOf(content, 'contact')?.estimator).toBe(false);
    expect(leadSummary(estimate, content)).toMatchObject({ name: 'Sam', estimate: { materials: '$1,000.00 - $1,200.00', labor: '$300.00 - $400.00', total: '$1,300.00 - $1,600.00' }, dealer: { id: 'demo-dealer', name: 'Riverside Home Center' } });
  });

  it("shows the sections' answers and not the server's fields among them", () => {
    const detail = leadDetail(estimate, [], content);
    expect(detail.formTitle).toBe('Kitchen price estimator');
    expect(detail.answers.map((a) => a.name)).toEqual(['kitchenSize', 'extras', 'firstName', 'email']);
    expect(detail.answers[1]).toEqual({ name: 'extras', label: 'Cabinet extras', value: 'Under-cabinet LED lighting' });
  });

  it('names a dealer that left the content by its id only', () => {
    expect(leadSummary({ ...estimate, dealer_id: 'gone-dealer' }, content).dealer).toEqual({ id: 'gone-dealer', name: null });
  });
});

describe('answers as text', () => {
  it('reads names and values without running them', () => {
    expect(nameIn({ fullName: '  Sam Carter ' })).toBe('Sam Carter');
    expect(nameIn({ lastName: 'Lee' })).toBe('Lee');
    expect(nameIn({ company: 'X' })).toBeNull();
    expect(answerText(false)).toBe('No');
    expect(answerText(12)).toBe('12');
    expect(answerText(undefined)).toBe('');
    expect(answerText({ a: 1 })).toBe('{"a":1}');
  });
});

describe("an estimate's breakdown rows", () => {
  it('are labelled as the estimator stored them, with the stored range (never priced again)', () => {
    const detail = leadDetail(row('kitchen-estimator', { kitchenSize: 'medium', firstName: 'Rosa', estimate_cabinets: '$8,000.00 - $12,700.00', source: 'kitchen-estimator' }), [], content);
    const cabinets = detail.answers.find((a) => a.name === 'estimate_cabinets')!;
    expect(cabinets.label).toMatch(/^[A-Z].*: .+/);
    expect(cabinets.label).not.toContain('estimate_');
    expect(cabinets.value).toBe('$8,000.00 - $12,700.00');
    expect(detail.answers.find((a) => a.name === 'source')?.label).toBe('Source');
  });

  it('a name without a label reads as words', () => {
    expect(nameAsLabel('orderNumber')).toBe('Order number');
    expect(nameAsLabel('estimate_flooring')).toBe('Estimate flooring');
    expect(nameAsLabel('x')).toBe('X');
  });
});
