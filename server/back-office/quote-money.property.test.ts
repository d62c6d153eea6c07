// Invariants of a quote's money over random kitchen catalogs and random quotes (fast-check): what
// the server stores adds up, every shown line and totals row adds up to the total to the cent, and
// what the builder previews (the price answer, in dollars) is the server's cents exactly.
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CabinetEntry, CountertopEntry, KitchenCatalog, KitchenEntry, ServiceEntry } from '../../schemas/catalog/kitchen-catalog';
import { lineWords, totalsRows } from '../../schemas/evaluators/quote-lines';
import { toCents } from '../../schemas/money';
import { demoCatalog } from '../api/commerce-test-kit';
import { projectRoot } from '../build-output';
import { loadContent } from '../content/load-content';
import { priceQuote, priceView, pricingAddress, readQuoteLines, type QuoteLineInput } from './quote-pricing';

const content = loadContent(path.join(projectRoot, 'examples', 'site'));
const rules = { shippingMethods: content.shippingMethods ?? [], taxRules: content.taxRules ?? [] };
const addresses = [null, { state: 'TX', zipCode: '78701' }, { state: 'CA', zipCode: '94103' }, { state: 'NY', zipCode: '10001' }, { state: 'HI', zipCode: '96813' }];

const cents = (max: number) => fc.integer({ min: 1, max });
const percent = fc.integer({ min: 0, max: 5000 }).map((h) => h / 100);
const pricedBy = fc.oneof(cents(50_000).map((c) => ({ cents: c })), percent.map((p) => ({ percent: p })));

const cabinet = (i: number): fc.Arbitrary<CabinetEntry> =>
  fc.record({
    listCents: cents(300_000),
    group: percent,
    finishes: fc.array(percent, { minLength: 1, maxLength: 4 }),
    modifications: fc.array(pricedBy, { maxLength: 3 }),
  }).map(({ listCents, group, finishes, modifications }) => ({
    kind: 'cabinet',
    sku: `X-B${i}`,
    code: `B${i}`,
    cabinetKind: 'base',
    styleName: 'random',
    styleTitle: 'Random',
    priceGroup: { code: 'G', title: 'Group', percent: group },
    width: 24,
    height: 34.5,
    depth: 24,
    listCents,
    weight: 40,
    finishes: finishes.map((p, n) => ({ type: 'painted', value: `f${n}`, label: `Finish ${n}`, percent: p })),
    modifications: modifications.map((by, n) => ({ code: `M${n}`, label: `Modification ${n}`, by })),
  }));

const countertop = (i: number): fc.Arbitrary<CountertopEntry> =>
  fc.record({ perSqftCents: cents(30_000), edges: fc.array(pricedBy, { minLength: 1, maxLength: 3 }), cutouts: fc.array(cents(50_000), { maxLength: 3 }) }).map(({ perSqftCents, edges, cutouts }) => ({
    kind: 'countertop',
    sku: `CT-${i}`,
    material: 'Stone',
    name: `Countertop ${i}`,
    perSqftCents,
    weightPerSqft: 10,
    edges: edges.map((by, n) => ({ code: `E${n}`, label: `Edge ${n}`, by })),
    cutouts: cutouts.map((c, n) => ({ code: `C${n}`, label: `Cut-out ${n}`, cents: c })),
  }));

const service = (i: number): fc.Arbitrary<ServiceEntry> =>
  fc.record({ unit: fc.constantFrom('each' as const, 'linear-foot' as const, 'fixed' as const), priceCents: cents(500_000) }).map(({ unit, priceCents }) => ({ kind: 'service', sku: `SV-${i}`, name: `Service ${i}`, unit, unitName: 'cabinet', priceCents }));

const catalogs: fc.Arbitrary<KitchenCatalog> = fc
  .tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), fc.array(fc.nat(), { minLength: 1, maxLength: 3 }))
  .chain(([a, b, c]) => fc.tuple(fc.tuple(...a.map((_, i) => cabinet(i))), fc.tuple(...b.map((_, i) => countertop(i))), fc.tuple(...c.map((_, i) => service(i)))))
  .map(([cs, ts, ss]) => {
    const entries: KitchenEntry[] = [...cs, ...ts, ...ss];
    return { entries, find: (sku) => entries.find((e) => e.sku === sku), cabinet: (_style, code) => cs.find((e) => e.code === code) };
  });

/** A random valid line for an entry: what the builder would send. */
function lineFor(entry: KitchenEntry): fc.Arbitrary<QuoteLineInput> {
  const qty = fc.integer({ min: 1, max: 40 });
  const group = fc.option(fc.constantFrom('Kitchen — sink wall', 'Pantry'), { nil: undefined });
  if (entry.kind === 'cabinet')
    return fc.record({ qty, finish: fc.constantFrom(...entry.finishes), modifications: fc.subarray(entry.modifications.map((m) => m.code)), group }).map(({ finish, ...l }) => ({ sku: entry.sku, ...l, finish: { type: finish.type, value: finish.value } }));
  if (entry.kind === 'countertop') {
    const cutouts = fc.subarray(entry.cutouts.map((c) => c.code)).chain((codes) => fc.tuple(...codes.map(() => fc.integer({ min: 1, max: 3 }))).map((counts) => Object.fromEntries(codes.map((c, n) => [c, counts[n]!]))));
    const measure = fc.oneof(
      fc.integer({ min: 1, max: 20_000 }).map((h) => ({ sqft: h / 100 })),
      fc.record({ length: fc.integer({ min: 12, max: 480 }), depth: fc.integer({ min: 12, max: 48 }) }),
    );
    return fc.record({ measure, edge: fc.constantFrom(...entry.edges.map((e) => e.code)), cutouts, group }).map(({ measure: m, ...l }) => ({ sku: entry.sku, ...m, ...l }));
  }
  if (entry.unit === 'linear-foot') return fc.integer({ min: 1, max: 10_000 }).map((h) => ({ sku: entry.sku, feet: h / 100 }));
  return qty.map((q) => ({ sku: entry.sku, ...(entry.unit === 'each' ? { qty: q } : {}) }));
}

const freeLine = fc.record({ description: fc.constantFrom('Range hood panel', 'Haul-away'), price: cents(1_000_000).map((c) => c / 100), qty: fc.integer({ min: 1, max: 5 }) });
const sample = fc.constantFrom(...demoCatalog.all()).map((s) => ({ sku: s.sku, qty: 1 }));

const quotes = catalogs.chain((kitchen) =>
  fc.record({
    kitchen: fc.constant(kitchen),
    lines: fc.array(fc.oneof({ arbitrary: fc.constantFrom(...kitchen.entries).chain(lineFor), weight: 6 }, { arbitrary: freeLine, weight: 1 }, { arbitrary: sample, weight: 1 }), { minLength: 1, maxLength: 12 }),
    discount: fc.option(fc.oneof(fc.integer({ min: 0, max: 10_000 }).map((h) => ({ type: 'percent' as const, value: h / 100 })), fc.integer({ min: 0, max: 100_000 }).map((c) => ({ type: 'amount' as const, value: c / 100 }))), { nil: null }),
    address: fc.constantFrom(...addresses),
  }),
);

describe('a quote priced by the server, over random catalogs and quotes', () => {
  it('adds up: lines to the subtotal, shown lines and totals rows to the total, line taxes to the tax; the preview is the server to the cent', () => {
    fc.assert(
      fc.property(quotes, ({ kitchen, lines: input, discount, address }) => {
        const lines = readQuoteLines(input, { samples: demoCatalog, kitchen }, { freeLines: true });
        const subtotal = lines.reduce((a, l) => a + l.rowTotalCents, 0);
        // A fixed discount beyond the subtotal is refused (tested elsewhere): keep it within.
        const d = discount?.type === 'amount' ? { ...discount, value: Math.min(discount.value, subtotal / 100) } : discount;
        const price = priceQuote(lines, d, pricingAddress(address), rules);
        expect(price.subtotalCents).toBe(subtotal);
        expect(price.lines.reduce((a, l) => a + l.discountCents, 0)).toBe(price.discountCents);
        expect(price.lines.reduce((a, l) => a + l.taxCents, 0) + price.shippingTaxCents).toBe(price.taxCents);
        expect(price.totalCents).toBe(price.subtotalCents - price.discountCents + price.shippingCents + price.taxCents);

        // What the builder previews is the price answer: dollars that are the server's cents exactly.
        const view = priceView(price, { discountPercent: 0, limitPercent: 25, needsPublisher: false });
        expect(toCents(view.total)).toBe(price.totalCents);
        expect(view.lines.map((l) => toCents(l.rowTotal))).toEqual(price.lines.map((l) => l.rowTotalCents));

        // What every page shows: each line's words, and the totals rows, which add up to the total.
        const shown = view.lines.map(lineWords);
        expect(shown.reduce((a, w) => a + toCents(Number(w.total.replace(/[$,]/g, ''))), 0)).toBe(price.subtotalCents);
        for (const [i, w] of shown.entries()) {
          const detail = view.lines[i]!.detail;
          if (!detail?.measure && !detail?.unitName) expect(toCents(Number(w.unitPrice.replace(/[$,]/g, ''))) * view.lines[i]!.qty).toBe(price.lines[i]!.rowTotalCents);
        }
        const rows = totalsRows({ subtotal: view.subtotal, discount: view.discount, shipping: view.shipping.amount, tax: view.tax, shippingTax: view.shippingTax, taxPercent: view.taxPercent, total: view.total });
        expect(rows.filter((r) => r.key !== 'total').reduce((a, r) => a + toCents(r.amount), 0)).toBe(price.totalCents);
      }),
      { numRuns: 300 },
    );
  });
});
