// "Fill this wall", and the property that holds for every filled kitchen: the bill prices it whole,
// the server's bill of the same plan (sent as JSON) is the browser's to the cent, and a draft quote
// made of the bill's lines totals the same.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readQuoteLines } from '../../../server/back-office/quote-pricing';
import { loadContent } from '../../../server/content/load-content';
import { sampleCatalog } from '../../../server/services/sample-catalog';
import type { KitchenPlan } from '../../planner/kitchen-plan.schema';
import type { KitchenPlannerDefinition } from '../../planner/kitchen-planner.schema';
import { applyRunProposal, closeStretch, fillRun } from './fill-run';
import { styleCabinets } from './nearest-code';
import { planBill } from './plan-bill';
import { checkPlan } from './plan-rules';

const site = fileURLToPath(new URL('../../../examples/site', import.meta.url));
const catalog = loadContent(site).kitchen;
const planner = JSON.parse(fs.readFileSync(`${site}/planner/kitchen-planner.json`, 'utf8')) as KitchenPlannerDefinition;

const empty = (walls: KitchenPlan['walls'], more: Partial<KitchenPlan> = {}): KitchenPlan => ({
  version: 1,
  shape: walls.length > 1 ? 'l' : 'straight',
  ceiling: 96,
  style: 'hartford-shaker',
  finish: { type: 'painted', value: 'alpine-white' },
  walls,
  openings: [],
  cabinets: [],
  appliances: [],
  fillers: [],
  ...more,
});

describe('fill this wall', () => {
  it('closes a 10\' 4 1/2" base run with the fewest catalog widths and a filler against the wall', () => {
    const p = fillRun(empty([{ id: 'w1', length: 124.5 }]), catalog, planner, 'w1', 'base');
    expect(p.cabinets).toHaveLength(4);
    expect(p.cabinets.reduce((s, c) => s + c.width, 0)).toBe(123);
    expect(p.fillers).toEqual([{ at: 123, width: 1.5 }]);
    expect(p.cabinets[0]).toMatchObject({ at: 0 });
  });

  it('starts the second wall of an L with its 3″ corner filler against the first wall\'s run', () => {
    const plan = empty([{ id: 'w1', length: 120 }, { id: 'w2', length: 60 }], { cabinets: [{ id: 'a', on: 'w1', run: 'base', code: 'B24', at: 96 }] });
    expect(fillRun(plan, catalog, planner, 'w2', 'base')).toEqual({ cabinets: [{ code: 'B33', at: 27, width: 33 }], fillers: [{ at: 24, width: 3 }], open: [] });
  });

  it('leaves a window free in the wall run, and passes under one whose sill is at the countertop in the base run', () => {
    const plan = empty([{ id: 'w1', length: 96 }], { openings: [{ id: 'win', wall: 'w1', kind: 'window', from: 30, width: 36, height: 36, sill: 40 }] });
    const wall = fillRun(plan, catalog, planner, 'w1', 'wall');
    expect(wall.cabinets.every((c) => c.at + c.width <= 30 || c.at >= 66)).toBe(true);
    expect(wall.cabinets.map((c) => c.code)).toEqual(['W3030', 'W3030']);
    const base = fillRun(plan, catalog, planner, 'w1', 'base');
    expect(base.cabinets.reduce((s, c) => s + c.width, 0) + base.fillers.reduce((s, f) => s + f.width, 0)).toBe(96);
  });

  it('closes a stretch with a filler of 1″ to 6″, and leaves open what nothing closes', () => {
    expect(closeStretch(5, [9, 12], 1, 6)).toEqual({ widths: [], filler: 5 });
    expect(closeStretch(7.5, [9, 12], 1, 6)).toBeNull();
    expect(closeStretch(9.5, [9, 12], 1, 6)).toBeNull();
    expect(closeStretch(10, [9, 12], 1, 6)).toEqual({ widths: [9], filler: 1 });
    expect(closeStretch(15, [9, 12], 1, 6)).toEqual({ widths: [12], filler: 3 });
    expect(closeStretch(15, [9], 1, 6)).toEqual({ widths: [9], filler: 6 });
    const plan = empty([{ id: 'w1', length: 7.5 }]);
    expect(fillRun(plan, catalog, planner, 'w1', 'base')).toEqual({ cabinets: [], fillers: [], open: [{ from: 0, to: 7.5 }] });
  });
});

const samples = sampleCatalog([]);
const styles = planner.styles!;
const tops = catalog.entries.filter((e) => e.kind === 'countertop').map((e) => e.sku);
const sixteenths = (min: number, max: number) => fc.integer({ min: min * 16, max: max * 16 }).map((n) => n / 16);

describe('every filled kitchen', () => {
  it('is priced whole, the same on both sides to the cent, and as a draft quote of its lines', () => {
    fc.assert(
      fc.property(fc.constantFrom(...styles), fc.nat(), fc.constantFrom(...tops), sixteenths(48, 240), sixteenths(48, 200), fc.boolean(), (style, finishPick, top, a, b, twoWalls) => {
        const finishes = styleCabinets(catalog, style)[0]!.finishes;
        const finish = finishes[finishPick % finishes.length]!;
        let plan = empty(twoWalls ? [{ id: 'w1', length: a }, { id: 'w2', length: b }] : [{ id: 'w1', length: a }], { style, finish: { type: finish.type, value: finish.value }, countertop: { sku: top } });
        for (const wall of plan.walls) {
          for (const run of ['base', 'wall'] as const) plan = applyRunProposal(plan, wall.id, run, fillRun(plan, catalog, planner, wall.id, run));
        }
        const bill = planBill(plan, catalog, planner);
        expect(bill.problems).toEqual([]);
        // The server reads the plan the browser sent as JSON.
        expect(planBill(JSON.parse(JSON.stringify(plan)) as KitchenPlan, catalog, planner)).toEqual(bill);
        const quote = readQuoteLines(bill.lines.map((l) => l.input), { samples, kitchen: catalog }, { freeLines: false });
        expect(quote.reduce((s, l) => s + l.rowTotalCents, 0)).toBe(bill.subtotalCents);
        // What "fill this wall" proposes can be built.
        expect(checkPlan(plan, catalog, planner).filter((f) => f.severity === 'must-fix')).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});
