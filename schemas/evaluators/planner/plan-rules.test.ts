// One test per rule, each with the numbers at its limit and a sixteenth of an inch either side.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../server/content/load-content';
import type { KitchenPlan, PlanAppliance, PlanCabinet, PlanFiller, PlanOpening } from '../../planner/kitchen-plan.schema';
import type { KitchenPlannerDefinition } from '../../planner/kitchen-planner.schema';
import { PLAN_RULE_IDS, type PlanRuleId } from '../../planner/plan-common.schema';
import { checkPlan, PLAN_RULES, sendable } from './plan-rules';

const site = fileURLToPath(new URL('../../../examples/site', import.meta.url));
const catalog = loadContent(site).kitchen;
const planner = JSON.parse(fs.readFileSync(`${site}/planner/kitchen-planner.json`, 'utf8')) as KitchenPlannerDefinition;

const S = 1 / 16;

interface Parts {
  walls?: KitchenPlan['walls'];
  cabinets?: PlanCabinet[];
  appliances?: PlanAppliance[];
  fillers?: PlanFiller[];
  openings?: PlanOpening[];
  ceiling?: number;
  cooks?: 1 | 2;
}

function plan(p: Parts): KitchenPlan {
  return {
    version: 1,
    shape: 'straight',
    ceiling: p.ceiling ?? 96,
    ...(p.cooks ? { cooks: p.cooks } : {}),
    style: 'hartford-shaker',
    finish: { type: 'painted', value: 'alpine-white' },
    walls: p.walls ?? [{ id: 'w1', name: 'Sink wall', length: 240 }],
    openings: p.openings ?? [],
    cabinets: p.cabinets ?? [],
    appliances: p.appliances ?? [],
    fillers: p.fillers ?? [],
  };
}

const cab = (id: string, code: string, at: number, run: PlanCabinet['run'] = 'base', on = 'w1', bottom?: number): PlanCabinet => ({ id, on, run, code, at, ...(bottom !== undefined ? { bottom } : {}) });
const standing = (id: string, type: PlanAppliance['type'], width: number, at: number, on = 'w1'): PlanAppliance => ({ id, type, width, on, at });
const fitted = (id: string, type: 'sink' | 'cooktop', width: number, inCabinet: string): PlanAppliance => ({ id, type, width, in: inCabinet });
const filler = (id: string, at: number, width: number, on = 'w1', run: PlanFiller['run'] = 'base'): PlanFiller => ({ id, on, run, at, width });
const L = (w1 = 120, w2 = 120): KitchenPlan['walls'] => [{ id: 'w1', name: 'Sink wall', length: w1 }, { id: 'w2', name: 'Range wall', length: w2 }];
/** Two walls facing each other `apart` inches apart (a galley). */
const galley = (apart: number): KitchenPlan['walls'] => [{ id: 'w1', name: 'Sink wall', length: 120 }, { id: 'w2', name: 'Far wall', length: 120, corner: 'none', x: 120, y: apart, direction: 180 }];

function findings(p: KitchenPlan, rule: PlanRuleId, using = planner) {
  return checkPlan(p, catalog, using, undefined).filter((f) => f.rule === rule);
}

/** Asserts [value, how many findings] for each case. */
function cases(rule: PlanRuleId, make: (v: number) => KitchenPlan, table: [number, number][], using = planner) {
  for (const [v, n] of table) expect(findings(make(v), rule, using).length, `${rule} at ${v}`).toBe(n);
}

/** The demo planner with every appliance 24″ deep, so a work triangle's front centres sit on one line. */
const flat: KitchenPlannerDefinition = { ...planner, appliances: planner.appliances.map((a) => ({ ...a, depth: 24 })) };

describe('the plan rules, one by one', () => {
  it('unknown-place: everything stands on a wall or island of the plan', () => {
    expect(findings(plan({ cabinets: [cab('a', 'B24', 0, 'base', 'w1')] }), 'unknown-place')).toEqual([]);
    const [f] = findings(plan({ cabinets: [cab('a', 'B24', 0, 'base', 'w9')] }), 'unknown-place');
    expect(f).toMatchObject({ severity: 'must-fix', concerns: ['a'], message: 'B24 (a) is on "w9", which is not a wall or island of the plan.' });
  });

  it('opening-fits-wall: a window ending at the wall\'s end fits; a sixteenth past it does not', () => {
    const make = (from: number) => plan({ walls: [{ id: 'w1', length: 120 }], openings: [{ id: 'win', wall: 'w1', kind: 'window', from, width: 36, height: 36, sill: 42 }] });
    cases('opening-fits-wall', make, [[84 - S, 0], [84, 0], [84 + S, 1]]);
    expect(findings(make(90), 'opening-fits-wall')[0]).toMatchObject({ message: 'The window win runs to 126" from the start of Wall 1, which is 120" long.', fix: 'Move it to start at 84" or less, or make it narrower.' });
  });

  it('run-fits-wall: a run is no longer than its wall', () => {
    cases('run-fits-wall', (at) => plan({ walls: [{ id: 'w1', name: 'Sink wall', length: 120 }], cabinets: [cab('a', 'B24', at)] }), [[96 - S, 0], [96, 0], [96 + S, 1]]);
  });

  it('overlap: cabinets side by side touch; a sixteenth closer they overlap (a tall one in either run)', () => {
    cases('overlap', (at) => plan({ cabinets: [cab('a', 'B24', 0), cab('b', 'B24', at)] }), [[24 - S, 1], [24, 0], [24 + S, 0]]);
    cases('overlap', (at) => plan({ cabinets: [cab('t', 'T2484', 0, 'tall'), cab('w', 'W3030', at, 'wall')] }), [[24 - S, 1], [24, 0], [24 + S, 0]]);
    expect(findings(plan({ cabinets: [cab('a', 'B24', 0), cab('w', 'W2430', 0, 'wall')] }), 'overlap')).toEqual([]);
  });

  it('corner-overlap: at an inside corner, the second run starts at the first run\'s depth or beyond', () => {
    cases('corner-overlap', (at) => plan({ walls: L(), cabinets: [cab('a', 'B24', 96), cab('b', 'B24', at, 'base', 'w2')] }), [[24 - S, 1], [24, 0], [24 + S, 0]]);
  });

  it('corner-filler: a cabinet closer than 3″ to the corner run needs a filler between', () => {
    cases('corner-filler', (at) => plan({ walls: L(), cabinets: [cab('a', 'B24', 96), cab('b', 'B24', at, 'base', 'w2')] }), [[27 - S, 1], [27, 0], [27 + S, 0]]);
    const [f] = findings(plan({ walls: L(), cabinets: [cab('a', 'B24', 96), cab('b', 'B24', 24, 'base', 'w2')] }), 'corner-filler');
    expect(f).toMatchObject({ severity: 'must-fix', concerns: ['b', 'a'], message: 'B24 on Range wall meets B24 on Sink wall in the corner without a filler.', fix: 'Put a 3″ filler between them.' });
  });

  it('corner-filler-width: the corner filler is at least 3″', () => {
    cases('corner-filler-width', (w) => plan({ walls: L(), cabinets: [cab('a', 'B24', 96), cab('b', 'B24', 24 + w, 'base', 'w2')], fillers: [filler('f', 24, w, 'w2')] }), [[3 - S, 1], [3, 0], [3 + S, 0]]);
    expect(findings(plan({ walls: L(), cabinets: [cab('a', 'B24', 96), cab('b', 'B24', 26, 'base', 'w2')], fillers: [filler('f', 24, 2, 'w2')] }), 'corner-filler-width')[0]!.severity).toBe('advice');
  });

  it('code-fits-run: a wall cabinet in the base run, or a code the style lacks, is named', () => {
    expect(findings(plan({ cabinets: [cab('a', 'B24', 0)] }), 'code-fits-run')).toEqual([]);
    expect(findings(plan({ cabinets: [cab('a', 'W3030', 0)] }), 'code-fits-run')[0]!.message).toBe('W3030 on Sink wall is a wall-run cabinet, placed in the base run.');
    expect(findings(plan({ cabinets: [cab('a', 'B25', 0)] }), 'code-fits-run')[0]!.message).toBe('B25 is not made in Hartford Shaker: the nearest it has is B24.');
  });

  it('appliance-width: a refrigerator comes in 30″, 33″ or 36″', () => {
    cases('appliance-width', (w) => plan({ appliances: [standing('r', 'refrigerator', w, 0)] }), [[36 - S, 1], [36, 0], [36 + S, 1]]);
  });

  it('sink-in-sink-base: a sink as wide as its sink base fits; wider, or in a plain base, does not', () => {
    cases('sink-in-sink-base', (w) => plan({ cabinets: [cab('sb', 'SB36', 0)], appliances: [fitted('s', 'sink', w, 'sb')] }), [[36 - S, 0], [36, 0], [36 + S, 1]]);
    expect(findings(plan({ cabinets: [cab('b', 'B36', 0)], appliances: [fitted('s', 'sink', 33, 'b')] }), 'sink-in-sink-base')).toHaveLength(1);
    expect(findings(plan({ appliances: [fitted('s', 'sink', 33, 'nowhere')] }), 'sink-in-sink-base')).toHaveLength(1);
  });

  it('cooktop-in-base: a cooktop as wide as its base cabinet fits', () => {
    cases('cooktop-in-base', (w) => plan({ cabinets: [cab('b', 'B30', 0)], appliances: [fitted('c', 'cooktop', w, 'b')] }), [[30 - S, 0], [30, 0], [30 + S, 1]]);
  });

  it('across-door: a base cabinet ending at a door\'s side is clear of it; a wall cabinet clears a door below its bottom', () => {
    const door = (height = 80): PlanOpening => ({ id: 'd', wall: 'w1', kind: 'door', from: 24, width: 36, height });
    cases('across-door', (at) => plan({ openings: [door()], cabinets: [cab('a', 'B24', at)] }), [[-S + S, 0], [S, 1]]);
    cases('across-door', (at) => plan({ openings: [door()], cabinets: [cab('a', 'B24', at)] }), [[60 - S, 1], [60, 0], [60 + S, 0]]);
    // The wall cabinet's bottom is at 54″ (its top at 84″).
    cases('across-door', (h) => plan({ openings: [door(h)], cabinets: [cab('w', 'W3030', 30, 'wall')] }), [[54 - S, 0], [54, 0], [54 + S, 1]]);
  });

  it('wall-cabinet-over-window: a wall cabinet beside a window is clear; a sixteenth over it is not', () => {
    const window: PlanOpening = { id: 'win', wall: 'w1', kind: 'window', from: 24, width: 36, height: 36, sill: 42 };
    cases('wall-cabinet-over-window', (at) => plan({ openings: [window], cabinets: [cab('w', 'W2430', at, 'wall')] }), [[-S + S, 0], [S, 1]]);
    // A window whose top is at the cabinet's bottom (54″) is under it, not behind it.
    cases('wall-cabinet-over-window', (sill) => plan({ openings: [{ ...window, sill, height: 12 }], cabinets: [cab('w', 'W3030', 24, 'wall')] }), [[42 - S, 0], [42, 0], [42 + S, 1]]);
  });

  it('base-under-low-window: a window over a base run has its sill at the 36″ countertop or above', () => {
    cases('base-under-low-window', (sill) => plan({ openings: [{ id: 'win', wall: 'w1', kind: 'window', from: 0, width: 36, height: 36, sill }], cabinets: [cab('sb', 'SB36', 0)] }), [[36 - S, 1], [36, 0], [36 + S, 0]]);
  });

  it('under-ceiling: a 90″ tall cabinet fits under a 90″ ceiling, not under a lower one', () => {
    cases('under-ceiling', (ceiling) => plan({ ceiling, cabinets: [cab('t', 'T2490', 0, 'tall')] }), [[90 - S, 1], [90, 0], [90 + S, 0]]);
    cases('under-ceiling', (bottom) => plan({ ceiling: 96, cabinets: [cab('w', 'W3036', 0, 'wall', 'w1', bottom)] }), [[60 - S, 0], [60, 0], [60 + S, 1]]);
  });

  it('fronts-collide: a dishwasher door (24″) clears a cabinet 24″ across the aisle, not nearer', () => {
    // Faces 24″ deep on each wall: the clear space is the distance less 48″.
    cases('fronts-collide', (apart) => plan({ walls: galley(apart), appliances: [standing('dw', 'dishwasher', 24, 0)], cabinets: [cab('b', 'B24', 96, 'base', 'w2')] }), [[72 - S, 1], [72, 0], [72 + S, 0]]);
    const [f] = findings(plan({ walls: galley(70), appliances: [standing('dw', 'dishwasher', 24, 0)], cabinets: [cab('b', 'B24', 96, 'base', 'w2')] }), 'fronts-collide');
    expect(f).toMatchObject({ message: 'Opened, Dishwasher on Sink wall reaches 24" and hits B24 on Far wall, 22" away.', concerns: ['dw', 'b'] });
  });

  it('work-aisle: 42″ between the countertops (24″ cabinets, 1 1/2″ overhang)', () => {
    cases('work-aisle', (apart) => plan({ walls: galley(apart), cabinets: [cab('a', 'B24', 0), cab('b', 'B24', 96, 'base', 'w2')] }), [[93 - S, 1], [93, 0], [93 + S, 0]]);
  });

  it('work-aisle-two-cooks: 48″ for two cooks', () => {
    cases('work-aisle-two-cooks', (apart) => plan({ cooks: 2, walls: galley(apart), cabinets: [cab('a', 'B24', 0), cab('b', 'B24', 96, 'base', 'w2')] }), [[99 - S, 1], [99, 0], [99 + S, 0]]);
    expect(findings(plan({ cooks: 2, walls: galley(98), cabinets: [cab('a', 'B24', 0), cab('b', 'B24', 96, 'base', 'w2')] }), 'work-aisle')).toEqual([]);
  });

  it('refrigerator-landing: 15″ of countertop beside the refrigerator', () => {
    cases('refrigerator-landing', (w) => plan({ appliances: [standing('r', 'refrigerator', 36, 0)], fillers: [filler('f', 36, w)] }), [[15 - S, 1], [15, 0], [15 + S, 0]]);
  });

  it('cooktop-landing: 12″ on one side of a range and 15″ on the other', () => {
    const make = (left: number, right: number) => plan({ appliances: [standing('r', 'range', 30, 30)], fillers: [filler('l', 30 - left, left), filler('r2', 60, right)] });
    cases('cooktop-landing', (l) => make(l, 15), [[12 - S, 1], [12, 0], [12 + S, 0]]);
    cases('cooktop-landing', (r) => make(12, r), [[15 - S, 1], [15, 0], [15 + S, 0]]);
  });

  it('sink-landing: 18″ on one side of the sink and 24″ on the other (its own sink base counts)', () => {
    const make = (left: number, right: number) => plan({ cabinets: [cab('sb', 'SB33', 30)], appliances: [fitted('s', 'sink', 33, 'sb')], fillers: [filler('l', 30 - left, left), filler('r', 63, right)] });
    cases('sink-landing', (l) => make(l, 24), [[18 - S, 1], [18, 0], [18 + S, 0]]);
    cases('sink-landing', (r) => make(18, r), [[24 - S, 1], [24, 0], [24 + S, 0]]);
    // A 30″ sink in a 36″ sink base has 3″ of its own cabinet on each side.
    expect(findings(plan({ cabinets: [cab('sb', 'SB36', 24)], appliances: [fitted('s', 'sink', 30, 'sb')], fillers: [filler('l', 9, 15), filler('r', 60, 21)] }), 'sink-landing')).toEqual([]);
  });

  it('dishwasher-near-sink: within 36″ of the sink\'s edge', () => {
    cases('dishwasher-near-sink', (at) => plan({ cabinets: [cab('sb', 'SB33', 0)], appliances: [fitted('s', 'sink', 33, 'sb'), standing('dw', 'dishwasher', 24, at)] }), [[69 - S, 0], [69, 0], [69 + S, 1]]);
  });

  it('cooking-clearance: 30″ from the cooking surface (36″) to a wall cabinet\'s bottom', () => {
    cases('cooking-clearance', (bottom) => plan({ ceiling: 120, appliances: [standing('r', 'range', 30, 0)], cabinets: [cab('w', 'W3015', 0, 'wall', 'w1', bottom)] }), [[66 - S, 1], [66, 0], [66 + S, 0]]);
  });

  it('appliance-corner-distance: 15″ from an inside corner', () => {
    cases('appliance-corner-distance', (at) => plan({ walls: L(), appliances: [standing('r', 'refrigerator', 36, at)] }), [[69 - S, 0], [69, 0], [69 + S, 1]]);
    expect(findings(plan({ walls: L(), appliances: [standing('r', 'refrigerator', 36, 84)] }), 'appliance-corner-distance')[0]).toMatchObject({ message: 'Refrigerator on Sink wall is 0" from the corner.', severity: 'advice' });
  });

  it('triangle-leg: each leg 4′ to 9′ (front centre to front centre)', () => {
    // The sink's centre is at 16 1/2″; the range's at its start + 15″; the refrigerator's at its start + 18″.
    const make = (range: number, fridge: number) => plan({ cabinets: [cab('sb', 'SB33', 0)], appliances: [fitted('s', 'sink', 33, 'sb'), standing('c', 'range', 30, range), standing('r', 'refrigerator', 36, fridge)] });
    const sinkToRange = (range: number) => findings(make(range, range + 48), 'triangle-leg', flat).filter((f) => f.concerns.join() === 's,c').length;
    expect([sinkToRange(49.5 - S), sinkToRange(49.5), sinkToRange(49.5 + S)]).toEqual([1, 0, 0]);
    const sinkToFridge = (fridge: number) => findings(make(55.5, fridge), 'triangle-leg', flat).filter((f) => f.concerns.join() === 'r,s').length;
    expect([sinkToFridge(106.5 - S), sinkToFridge(106.5), sinkToFridge(106.5 + S)]).toEqual([0, 0, 1]);
  });

  it("triangle-sum: the legs add up to 26′ at most", () => {
    const make = (fridge: number) => plan({ cabinets: [cab('sb', 'SB33', 0)], appliances: [fitted('s', 'sink', 33, 'sb'), standing('c', 'range', 30, 85), standing('r', 'refrigerator', 36, fridge)] });
    // Sink, range and refrigerator on one line: the sum is twice the sink-to-refrigerator leg, 2 × 156″.
    cases('triangle-sum', make, [[154.5 - S, 0], [154.5, 0], [154.5 + S, 1]], flat);
  });

  it('doorway-width: 32″ clear', () => {
    cases('doorway-width', (width) => plan({ openings: [{ id: 'd', wall: 'w1', kind: 'door', from: 100, width, height: 80 }] }), [[32 - S, 1], [32, 0], [32 + S, 0]]);
  });

  it('hood-covers-cooktop: a hood at least as wide as the range under it', () => {
    const custom: KitchenPlannerDefinition = { ...planner, rules: [{ rule: 'appliance-width', off: true }] };
    cases('hood-covers-cooktop', (w) => plan({ appliances: [standing('r', 'range', 30, 0), { id: 'h', type: 'hood', width: w, on: 'w1', at: 0 }] }), [[30 - S, 1], [30, 0], [30 + S, 0]], custom);
  });
});

describe('the findings', () => {
  it('cover every rule, each with its words, severity and source', () => {
    expect(Object.keys(PLAN_RULES).sort()).toEqual([...PLAN_RULE_IDS].sort());
    expect(PLAN_RULE_IDS.length).toBeGreaterThanOrEqual(20);
    for (const info of Object.values(PLAN_RULES)) expect(info.title && info.source).toBeTruthy();
  });

  it('name the rule in plain words, what they concern and the fix; must-fix ones come first and stop a send', () => {
    const p = plan({ walls: L(), cabinets: [cab('a', 'B24', 96), cab('b', 'B24', 24, 'base', 'w2')], appliances: [standing('r', 'refrigerator', 36, 60)], openings: [{ id: 'd', wall: 'w2', kind: 'door', from: 80, width: 30, height: 80 }] });
    const all = checkPlan(p, catalog, planner);
    expect(all.map((f) => f.severity)).toEqual([...all.map((f) => f.severity)].sort((a, b) => (a === b ? 0 : a === 'must-fix' ? -1 : 1)));
    expect(all.find((f) => f.rule === 'doorway-width')).toEqual({ rule: 'doorway-width', severity: 'advice', title: 'A doorway is at least 32″ clear', message: 'The door d on Range wall is 30" wide.', fix: 'Make the doorway at least 32″ clear.', concerns: ['d'] });
    expect(sendable(all)).toBe(false);
    expect(sendable(all.filter((f) => f.severity === 'advice'))).toBe(true);
  });

  it('follow the store\'s settings: a rule turned off, or weighed otherwise', () => {
    const p = plan({ openings: [{ id: 'd', wall: 'w1', kind: 'door', from: 100, width: 30, height: 80 }] });
    expect(findings(p, 'doorway-width', { ...planner, rules: [{ rule: 'doorway-width', off: true }] })).toEqual([]);
    expect(findings(p, 'doorway-width', { ...planner, rules: [{ rule: 'doorway-width', severity: 'must-fix' }] })[0]!.severity).toBe('must-fix');
  });
});
