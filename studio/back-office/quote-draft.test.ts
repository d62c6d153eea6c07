/** The builder's draft and the body it makes: a draft saved, then opened again, is the same body (a free line or a discount a publisher set is then kept as it was). */
import { describe, expect, it } from 'vitest';
import type { CatalogLine, QuoteCreateRequest } from '../api/back-office-quotes';
import { createRequest, draftFromRequest } from './quote-draft';

const line = (over: Partial<CatalogLine>): CatalogLine => ({
  sku: 'X',
  name: 'X',
  kind: 'service',
  code: 'X',
  styleName: '',
  styleTitle: '',
  price: 1,
  priceUnit: 'each',
  weight: 0,
  isSample: false,
  finish: null,
  finishes: [],
  modifications: [],
  edges: [],
  cutouts: [],
  unit: null,
  ...over,
});

const ITEMS = [
  line({ sku: 'HS-B24', kind: 'cabinet', priceUnit: 'list', finishes: [{ type: 'painted', value: 'forest-green', label: 'Forest Green' }], modifications: [{ code: 'FE', label: 'Finished end' }] }),
  line({ sku: 'CT-QUARTZ-CAL', kind: 'countertop', priceUnit: 'sqft', edges: [{ code: 'EASED', label: 'Eased edge' }, { code: 'BULL', label: 'Half bullnose edge' }], cutouts: [{ code: 'SINK', label: 'Sink cut-out' }] }),
  line({ sku: 'SV-REMOVAL', unit: 'linear-foot', priceUnit: 'ft' }),
  line({ sku: 'SV-DESIGN', unit: 'fixed', priceUnit: 'fixed' }),
  line({ sku: 'DS-1', kind: 'sample', isSample: true, finish: { type: 'stained', value: 'espresso', label: 'Espresso' } }),
];

let keys = 0;
const reopen = (body: QuoteCreateRequest, draft: boolean) => createRequest(draftFromRequest(body, ITEMS, () => ++keys), { draft });

describe('a saved draft, opened again', () => {
  it('makes the same body it was saved with, line by line, whatever each kind reads', () => {
    const body: QuoteCreateRequest = {
      customer: { email: 'ana@example.com', firstName: 'Ana', lastName: 'Reyes', phone: '5125550199' },
      billingAddress: { firstName: 'Ana', lastName: 'Reyes', street1: '12 Main St', street2: 'Unit 4', city: 'Austin', state: 'TX', zipCode: '78701', countryId: 'US', phoneNumber: '5125550199' },
      shippingAddress: { firstName: 'Ana', lastName: 'Reyes', street1: '9 Lake Rd', street2: null, city: 'Austin', state: 'TX', zipCode: '78703', countryId: 'US', phoneNumber: '5125550199' },
      lines: [
        { sku: 'HS-B24', qty: 3, finish: { type: 'painted', value: 'forest-green' }, modifications: ['FE'], group: 'Island', notes: 'Both ends' },
        { sku: 'CT-QUARTZ-CAL', length: 120, depth: 25.5, edge: 'BULL', group: 'Island' },
        { sku: 'SV-REMOVAL', feet: 18.5 },
        { sku: 'SV-DESIGN' },
        { sku: 'DS-1', qty: 2 },
        { description: 'Range hood panel', price: 480.5, qty: 2, notes: 'Made to measure' },
      ],
      discount: { type: 'percent', value: 12.5 },
      notes: 'Call ahead',
      linkDays: 30,
    };
    expect(reopen(body, false)).toEqual(body);
    expect(reopen({ ...body, draft: true } as QuoteCreateRequest, true)).toEqual({ ...body, draft: true });
  });

  it('keeps a draft with no customer and no address as it was', () => {
    const body: QuoteCreateRequest = { customer: { firstName: 'Ana' }, billingAddress: null, shippingAddress: null, lines: [{ sku: 'SV-DESIGN' }], discount: null, linkDays: 7 };
    expect(reopen({ ...body, draft: true } as QuoteCreateRequest, true)).toEqual({ ...body, draft: true });
  });
});
