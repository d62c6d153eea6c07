/**
 * The planner's pure core on every drag frame (`npm run bench:planner`, or
 * `npx tsx bench/planner.ts [--runs N] [--findings]`): the bill and the rules of a plan of 4 walls and 60
 * cabinets (the demo store's catalog and planner definition, examples/site), each run N times
 * (default 2000) after a warm-up, in Node. The target is at most 2 ms each, so the widget can run
 * both on every frame of a drag.
 *
 * The baselines of the same run, so the figures mean something on this machine:
 * - the plan copied through JSON (what the server does to a plan before anything else);
 * - the bill's own lines priced alone by the quote builder's rule (priceKitchenLine): the floor the
 *   bill cannot go under, since it prices every line with it.
 * Also "fill this wall" on the longest wall's base run, which runs on a click, not a frame.
 * Prints the median and p95 of each, in milliseconds, and each one's ratio to the pricing floor.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadContent } from '../server/content/load-content';
import { projectRoot } from '../server/build-output';
import { priceKitchenLine } from '../schemas/evaluators/kitchen-lines';
import { applyRunProposal, fillRun } from '../schemas/evaluators/planner/fill-run';
import { planBill } from '../schemas/evaluators/planner/plan-bill';
import { checkPlan } from '../schemas/evaluators/planner/plan-rules';
import type { KitchenPlan } from '../schemas/planner/kitchen-plan.schema';
import type { KitchenPlannerDefinition } from '../schemas/planner/kitchen-planner.schema';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const RUNS = Number(arg('runs', '2000'));
const WARM_UP = 200;
const TARGET_MS = 2;
const CABINETS = 60;

const site = path.join(projectRoot, 'examples/site');
const catalog = loadContent(site).kitchen;
const planner = JSON.parse(fs.readFileSync(path.join(site, 'planner/kitchen-planner.json'), 'utf8')) as KitchenPlannerDefinition;

/** A closed room of 4 walls (20′ × 15′), a window and a door, the four appliances, every run filled, cut to 60 cabinets. */
function fourWallKitchen(): KitchenPlan {
  let plan: KitchenPlan = {
    version: 1,
    shape: 'u',
    ceiling: 96,
    style: 'hartford-shaker',
    finish: { type: 'painted', value: 'alpine-white' },
    countertop: { sku: 'CT-QUARTZ-CAL' },
    walls: [
      { id: 'w1', name: 'Sink wall', length: 240 },
      { id: 'w2', name: 'Range wall', length: 180 },
      { id: 'w3', name: 'Pantry wall', length: 240 },
      { id: 'w4', name: 'Door wall', length: 180 },
    ],
    openings: [
      { id: 'win', wall: 'w1', kind: 'window', from: 96, width: 36, height: 40, sill: 42 },
      { id: 'door', wall: 'w4', kind: 'door', from: 60, width: 36, height: 80 },
    ],
    cabinets: [{ id: 'sb', on: 'w1', run: 'base', code: 'SB36', at: 96 }],
    appliances: [
      { id: 'sink', type: 'sink', width: 33, in: 'sb' },
      { id: 'dw', type: 'dishwasher', width: 24, on: 'w1', at: 132 },
      { id: 'range', type: 'range', width: 30, on: 'w2', at: 75 },
      { id: 'hood', type: 'hood', width: 30, on: 'w2', at: 75 },
      { id: 'fridge', type: 'refrigerator', width: 36, on: 'w3', at: 102 },
    ],
    fillers: [],
  };
  for (const wall of plan.walls) {
    for (const run of ['base', 'wall'] as const) plan = applyRunProposal(plan, wall.id, run, fillRun(plan, catalog, planner, wall.id, run));
  }
  // Narrower wall cabinets until there are 60: a wide one becomes two of half its width.
  const halves: Record<string, string> = { W3630: 'W1830', W3030: 'W1530', W2430: 'W1230' };
  const cabinets = [...plan.cabinets];
  for (let i = 0; i < cabinets.length && cabinets.length < CABINETS; i++) {
    const c = cabinets[i]!;
    const half = halves[c.code];
    if (!half) continue;
    const width = Number(half.slice(1, 3));
    cabinets.splice(i, 1, { ...c, code: half }, { ...c, id: `${c.id}b`, code: half, at: c.at + width });
  }
  return { ...plan, cabinets: cabinets.slice(0, CABINETS) };
}

function time(label: string, work: () => unknown): { label: string; median: number; p95: number } {
  for (let i = 0; i < WARM_UP; i++) work();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    work();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return { label, median: ms[Math.floor(ms.length / 2)]!, p95: ms[Math.floor(ms.length * 0.95)]! };
}

const plan = fourWallKitchen();
const bill = planBill(plan, catalog, planner);
const findings = checkPlan(plan, catalog, planner);
if (process.argv.includes('--findings')) for (const f of findings) console.log(`${f.severity}: ${f.message} ${f.fix}`);
const text = JSON.stringify(plan);
const entries = bill.lines.map((l) => [catalog.find(l.sku)!, l.input] as const);

console.log(`Plan: ${plan.walls.length} walls, ${plan.cabinets.length} cabinets, ${plan.appliances.length} appliances, ${plan.fillers.length} fillers; ${text.length} bytes.`);
console.log(`Bill: ${bill.lines.length} lines, $${(bill.subtotalCents / 100).toFixed(2)}, ${bill.problems.length} problems. Rules: ${findings.length} findings.`);
console.log(`${RUNS} runs each after ${WARM_UP} to warm up; milliseconds.\n`);

const floor = time('baseline: the bill\'s lines priced alone', () => entries.map(([entry, input]) => priceKitchenLine(entry, input)));
const rows = [
  time('baseline: the plan copied through JSON', () => JSON.parse(text)),
  floor,
  time('bill (planBill)', () => planBill(plan, catalog, planner)),
  time('rules (checkPlan)', () => checkPlan(plan, catalog, planner)),
  time('fill this wall (Sink wall, base run)', () => fillRun(plan, catalog, planner, 'w1', 'base')),
];
const width = Math.max(...rows.map((r) => r.label.length));
console.log(`${'what'.padEnd(width)}  median     p95   × floor`);
for (const r of rows) console.log(`${r.label.padEnd(width)}  ${r.median.toFixed(3).padStart(6)}  ${r.p95.toFixed(3).padStart(6)}  ${(r.median / floor.median).toFixed(1).padStart(7)}`);
const over = rows.filter((r) => (r.label.startsWith('bill') || r.label.startsWith('rules')) && r.median > TARGET_MS);
console.log(over.length ? `\nOver the ${TARGET_MS} ms target: ${over.map((r) => r.label).join(', ')}` : `\nBill and rules within the ${TARGET_MS} ms target.`);
