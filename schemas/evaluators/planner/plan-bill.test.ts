// The bill of a plan, priced from the demo store's catalog (examples/site) by hand.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../server/content/load-content';
import type { KitchenPlan } from '../../planner/kitchen-plan.schema';
import type { KitchenPlannerDefinition } from '../../planner/kitchen-planner.schema';
import { planBill, restylePlan } from './plan-bill';

const site = fileURLToPath(new URL('../../../examples/site', import.meta.url));
const catalog = loadContent(site).kitchen;
const planner = JSON.parse(fs.readFileSync(`${site}/planner/kitchen-planner.json`, 'utf8')) as KitchenPlannerDefinition;

/** 10' 4 1/2" of sink wall: B24, SB36 with its sink, a dishwasher, B18 with a roll-out tray, a 3" filler; two wall cabinets. */
const sinkWall: KitchenPlan = {
  version: 1,
  shape: 'straight',
  ceiling: 96,
  style: 'hartford-shaker',
  finish: { type: 'painted', value: 'alpine-white' },
  countertop: { sku: 'CT-QUARTZ-CAL' },
  walls: [{ id: 'w1', name: 'Sink wall', length: 124.5 }],
  openings: [],
  cabinets: [
    { id: 'b24', on: 'w1', run: 'base', code: 'B24', at: 0 },
    { id: 'sb36', on: 'w1', run: 'base', code: 'SB36', at: 24 },
    { id: 'b18', on: 'w1', run: 'base', code: 'B18', at: 84, modifications: ['RO'] },
    { id: 'w24', on: 'w1', run: 'wall', code: 'W2430', at: 0 },
    { id: 'w36', on: 'w1', run: 'wall', code: 'W3630', at: 24 },
  ],
  appliances: [
    { id: 'sink', type: 'sink', width: 33, in: 'sb36' },
    { id: 'dw', type: 'dishwasher', width: 24, on: 'w1', at: 60 },
  ],
  fillers: [{ id: 'f1', on: 'w1', run: 'base', at: 102, width: 3 }],
};

const byCode = (bill: ReturnType<typeof planBill>) => Object.fromEntries(bill.lines.map((l) => [`${l.section} ${l.code}`, [l.qty, l.rowTotalCents]]));

describe('the bill of a plan', () => {
  it('prices every line of a sink wall by the catalog, in Hartford Shaker painted (+10 %)', () => {
    const bill = planBill(sinkWall, catalog, planner);
    expect(bill.problems).toEqual([]);
    expect(byCode(bill)).toEqual({
      'cabinets B24': [1, 31790],
      'cabinets SB36': [1, 32890],
      // 229 × 1.1 = 251.90, and the roll-out tray's 129.
      'cabinets B18': [1, 38090],
      'cabinets W2430': [1, 23650],
      'cabinets W3630': [1, 31790],
      // One 3" piece of F396.
      'fillers F396': [1, 6490],
      // B24's left side and both ends of the wall run are exposed; B18's right has the filler.
      'finished-ends BEP24': [1, 8690],
      'finished-ends WEP1230': [2, 10780],
      // 60" of wall cabinets and two 12" exposed sides: one 8' stick.
      'mouldings CM8': [1, 10450],
      // 105" × 25.5" = 18.59 sq ft at $75, and the sink cut-out's $185.
      'countertop CT-QUARTZ-CAL': [1, 139425 + 18500],
      // Five cabinets at $95.
      'installation SV-INSTALL': [5, 47500],
    });
    expect(bill.subtotalCents).toBe(31790 + 32890 + 38090 + 23650 + 31790 + 6490 + 8690 + 10780 + 10450 + 157925 + 47500);
    expect(bill.complete).toBe(true);
    const top = bill.lines.find((l) => l.section === 'countertop')!;
    expect(top.input).toEqual({ sku: 'CT-QUARTZ-CAL', length: 105, depth: 25.5, cutouts: { SINK: 1 }, group: 'Sink wall' });
    expect(top.measure).toBe(`8' 9" × 2' 1 1/2"`);
  });

  it('puts like cabinets of a wall on one line, and counts filler pieces from the stock', () => {
    const plan: KitchenPlan = {
      ...sinkWall,
      cabinets: [...sinkWall.cabinets, { id: 'b24b', on: 'w1', run: 'base', code: 'B24', at: 105 }],
      fillers: [{ id: 'f1', on: 'w1', run: 'base', at: 102, width: 3 }, { id: 'f2', on: 'w1', run: 'wall', at: 60, width: 5.5 }],
    };
    const bill = planBill(plan, catalog, planner);
    const b24 = bill.lines.find((l) => l.code === 'B24')!;
    expect([b24.qty, b24.concerns]).toEqual([2, ['b24', 'b24b']]);
    // A 5 1/2" wall filler takes two 3" pieces of F330 (29 × 1.1 = 31.90 each).
    const f330 = bill.lines.find((l) => l.code === 'F330')!;
    expect([f330.qty, f330.rowTotalCents, f330.measure]).toEqual([2, 6380, '2 pieces for 1 filler']);
  });

  it('names a code the style lacks with the nearest it has, and leaves it out of the total', () => {
    const plan = { ...sinkWall, cabinets: [...sinkWall.cabinets, { id: 'x', on: 'w1', run: 'base' as const, code: 'B25', at: 105 }] };
    const bill = planBill(plan, catalog, planner);
    expect(bill.problems).toEqual([{ field: 'cabinets.5.code', concerns: ['x'], message: 'B25 is not made in Hartford Shaker: the nearest it has is B24.' }]);
    expect(bill.complete).toBe(false);
    expect(bill.subtotalCents).toBe(planBill(sinkWall, catalog, planner).subtotalCents);
  });

  it('refuses a finish the style does not offer, naming the ones it does', () => {
    const bill = planBill({ ...sinkWall, finish: { type: 'painted', value: 'hot-pink' } }, catalog, planner);
    expect(bill.problems.map((p) => p.message)).toEqual([expect.stringMatching(/^Hartford Shaker cabinets are not made in painted hot-pink: choose one of Sage Green, Alpine White, /)]);
    expect(bill.lines.map((l) => l.section)).toEqual(['countertop', 'installation']);
  });

  it('re-prices the whole kitchen in another style, naming what the new style lacks', () => {
    const withCorner = { ...sinkWall, walls: [{ id: 'w1', name: 'Sink wall', length: 160.5 }], cabinets: [...sinkWall.cabinets, { id: 'ls', on: 'w1', run: 'base' as const, code: 'LS36', at: 105 }] };
    const before = planBill(withCorner, catalog, planner);
    const { plan, missing } = restylePlan(withCorner, catalog, 'georgetown-inset');
    expect(missing).toEqual([]);
    const after = planBill(plan, catalog, planner);
    expect(after.problems).toEqual([]);
    // Georgetown Inset is price group C (+28 %), painted +10 %: B24 at 332.35 × 1.28 × 1.1 = 467.95.
    expect(after.lines.find((l) => l.code === 'B24')!.unitCents).toBe(46795);
    expect(after.subtotalCents).toBeGreaterThan(before.subtotalCents);

    const soho = restylePlan(withCorner, catalog, 'soho-slab', { type: 'matte', value: 'matte-white' });
    expect(soho.missing).toEqual([{ id: 'ls', code: 'LS36', nearest: 'BBC42' }]);
    const messages = planBill(soho.plan, catalog, planner).problems.map((p) => p.message);
    expect(messages).toContain('LS36 is not made in SoHo Slab: the nearest it has is BBC42.');
    expect(messages).toContain("The planner's filler F396 is not made in SoHo Slab: the nearest it has is F330.");
  });

  it('counts an island\'s countertop at its own depth, with the cooktop\'s cut-out, and both its ends as exposed', () => {
    const plan: KitchenPlan = {
      ...sinkWall,
      cabinets: [{ id: 'i1', on: 'isl', run: 'base', code: 'B36', at: 0 }, { id: 'i2', on: 'isl', run: 'base', code: 'B36', at: 36 }],
      appliances: [{ id: 'ct', type: 'cooktop', width: 30, in: 'i1' }],
      fillers: [],
      islands: [{ id: 'isl', kind: 'island', x: 30, y: 90, length: 72, depth: 36 }],
    };
    const bill = planBill(plan, catalog, planner);
    const top = bill.lines.find((l) => l.section === 'countertop')!;
    // 72" × 36" = 18 sq ft at $75, and the cooktop cut-out's $150.
    expect([top.input.length, top.input.depth, top.input.cutouts, top.rowTotalCents]).toEqual([72, 36, { COOKTOP: 1 }, 135000 + 15000]);
    expect(bill.lines.find((l) => l.code === 'BEP24')!.qty).toBe(2);
  });

  it('takes no price from the plan: a price anywhere in it is not read (the schema refuses it)', () => {
    const priced = { ...sinkWall, cabinets: sinkWall.cabinets.map((c) => ({ ...c, price: 1 })) } as KitchenPlan;
    expect(planBill(priced, catalog, planner).subtotalCents).toBe(planBill(sinkWall, catalog, planner).subtotalCents);
  });
});
