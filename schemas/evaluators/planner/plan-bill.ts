/**
 * The bill of a kitchen plan: one pure function from the plan, the catalog and the planner
 * definition to every line the kitchen needs and its price, in integer cents. It runs in the browser
 * on every change and on the server when a plan is sent, and the two agree to the cent because both
 * price every line with the one rule the quote builder and the estimator share
 * (../kitchen-lines.ts priceKitchenLine over ../kitchen-pricing.ts). Each line carries `input`, the
 * quote builder's own line (SKU, quantity, finish, modifications, length and depth, cut-outs, feet),
 * so a draft quote made of the bill's lines totals the same.
 *
 * What it counts:
 * - every cabinet by code in the plan's style and finish, with its modifications, by wall;
 * - fillers, each cut from the planner's filler stock for its run (a filler wider than the stock
 *   takes more than one piece);
 * - a finished end (the planner's end panel for the run) on every exposed side of a cabinet or a
 *   refrigerator: one no cabinet, appliance or filler touches, and no inside corner hides;
 * - crown moulding along the wall and tall cabinets and toe kick along the base and tall cabinets
 *   (fronts and exposed sides), by the stick, where the planner names them;
 * - the countertop of each wall or island in square feet: its base run's length (cabinets, fillers and
 *   the dishwasher; not a range or a refrigerator) by the cabinets' depth plus the overhang (an
 *   island: its own depth), with a sink and a cooktop cut-out for each sink and cooktop on it;
 * - installation by the store's rule (per cabinet, per linear foot of cabinets, or once).
 *
 * A code the style lacks, a finish it does not offer, a modification a cabinet cannot take: a problem
 * that names it (and the nearest code the style has), and the line is left out, so the total is the
 * total of what can be built; `complete` says whether anything was left out.
 */
import type { CabinetEntry, KitchenCatalog, KitchenEntry } from '../../catalog/kitchen-catalog';
import type { KitchenPlan } from '../../planner/kitchen-plan.schema';
import type { KitchenPlannerDefinition } from '../../planner/kitchen-planner.schema';
import type { Run } from '../../planner/plan-common.schema';
import { priceKitchenLine, type KitchenChoice } from '../kitchen-lines';
import type { LineDetail } from '../quote-lines';
import { feetInches } from './lengths';
import { nearestCabinet, notInStyle, styleCabinets } from './nearest-code';
import { cornerOccupant, layoutPlan, PLANNER_DEFAULTS, type Line, type Placed, type PlanLayout } from './plan-layout';

export const BILL_SECTIONS = ['cabinets', 'fillers', 'finished-ends', 'mouldings', 'countertop', 'installation'] as const;
export type BillSection = (typeof BILL_SECTIONS)[number];

/** What a bill line chose, as the quote builder's request writes it (lists it may hand on as they are). */
export type BillChoice = Omit<KitchenChoice, 'modifications' | 'cutouts'> & { modifications?: string[]; cutouts?: Record<string, number> };

/** A line as the quote builder takes it: a SKU and what its kind reads. */
export interface BillLineInput extends BillChoice {
  sku: string;
}

export interface BillLine {
  section: BillSection;
  sku: string;
  /** The cabinet's code, or the SKU of a countertop or a service. */
  code: string;
  name: string;
  qty: number;
  unitCents: number;
  rowTotalCents: number;
  /** What was measured, in words: "4 pieces for 5 fillers", "15 ft 6″", "38.25 sq ft". */
  measure?: string;
  /** The wall or island it belongs to (the quote's group), when it belongs to one. */
  group?: string;
  /** The plan's ids it is for: cabinets, appliances, fillers, walls. */
  concerns: string[];
  detail: LineDetail;
  input: BillLineInput;
}

export interface BillProblem {
  /** Where in the plan: cabinets.3.code, finish, countertop.sku … */
  field: string;
  concerns: string[];
  message: string;
}

export interface PlanBill {
  lines: BillLine[];
  problems: BillProblem[];
  subtotalCents: number;
  /** Nothing was left out: every cabinet, filler, panel and moulding was priced. */
  complete: boolean;
}

interface Pending {
  section: BillSection;
  entry: KitchenEntry;
  choice: BillChoice;
  code: string;
  concerns: string[];
  measure?: string;
}

function lineLabel(layout: PlanLayout, id: string): string | undefined {
  return layout.lineById.get(id)?.name;
}

/** Whether something touches a side of a box in its run (a tall box needs a tall neighbour to hide it). */
function touched(items: readonly Placed[], box: Placed, side: 'left' | 'right'): boolean {
  const edge = side === 'left' ? box.at : box.at + box.width;
  return items.some((o) => {
    if (o === box) return false;
    const meets = side === 'left' ? o.at + o.width === edge : o.at === edge;
    if (!meets) return false;
    if (box.run === 'tall') return o.run === 'tall';
    return o.run === box.run || o.run === 'tall';
  });
}

/** A side against an inside corner: against the wall itself, or against the run that stands in the corner. */
function againstCorner(layout: PlanLayout, line: Line, box: Placed, side: 'left' | 'right'): boolean {
  const end = side === 'left' ? 'start' : 'end';
  if ((end === 'start' ? line.startCorner : line.endCorner) !== 'inside') return false;
  const gap = side === 'left' ? box.at : line.length - (box.at + box.width);
  if (gap === 0) return true;
  const occupant = cornerOccupant(layout, line, end, box.run);
  return occupant !== null && gap <= occupant.depth;
}

/** Every exposed side: the box and which side. */
export function exposedSides(layout: PlanLayout): { box: Placed; side: 'left' | 'right' }[] {
  const out: { box: Placed; side: 'left' | 'right' }[] = [];
  for (const line of layout.lines) {
    const items = layout.byLine.get(line.id) ?? [];
    for (const box of items) {
      if (box.kind === 'filler' || (box.kind === 'appliance' && box.appliance !== 'refrigerator')) continue;
      for (const side of ['left', 'right'] as const) {
        if (!touched(items, box, side) && !againstCorner(layout, line, box, side)) out.push({ box, side });
      }
    }
  }
  return out;
}

function sticks(inches: number, entry: CabinetEntry): number {
  return Math.max(1, Math.ceil(inches / entry.width));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function planBill(plan: KitchenPlan, catalog: KitchenCatalog, planner: KitchenPlannerDefinition, given?: PlanLayout): PlanBill {
  const layout = given ?? layoutPlan(plan, catalog, planner);
  const problems: BillProblem[] = [];
  const pending: Pending[] = [];
  const cabinets = styleCabinets(catalog, plan.style);
  const styleTitle = cabinets[0]?.styleTitle ?? plan.style;
  if (!cabinets.length) problems.push({ field: 'style', concerns: [], message: `The style "${plan.style}" has no cabinet line to plan with.` });
  const finish = { type: plan.finish.type, value: plan.finish.value };
  const finishOffered = cabinets.length > 0 && cabinets[0]!.finishes.some((f) => f.type === finish.type && f.value === finish.value);
  if (cabinets.length && !finishOffered) {
    problems.push({ field: 'finish', concerns: [], message: `${styleTitle} cabinets are not made in ${finish.type} ${finish.value}: choose one of ${cabinets[0]!.finishes.map((f) => f.label).join(', ')}.` });
  }

  // Cabinets, by wall, code and modifications.
  plan.cabinets.forEach((c, i) => {
    const entry = catalog.cabinet(plan.style, c.code);
    if (!entry) {
      if (cabinets.length) problems.push({ field: `cabinets.${i}.code`, concerns: [c.id], message: notInStyle(c.code, styleTitle, nearestCabinet(cabinets, catalog, c.code)) });
      return;
    }
    const mods = [...(c.modifications ?? [])].sort();
    pending.push({ section: 'cabinets', entry, code: entry.code, concerns: [c.id], choice: { qty: 1, finish, modifications: mods, group: lineLabel(layout, c.on) } });
  });

  // A code the planner names (a filler, an end panel, a moulding) in the plan's style.
  const named = (code: string | undefined, field: string, what: string): CabinetEntry | null => {
    if (!code || !cabinets.length) return null;
    const entry = catalog.cabinet(plan.style, code);
    if (!entry) problems.push({ field, concerns: [], message: `The planner's ${what} ${notInStyle(code, styleTitle, nearestCabinet(cabinets, catalog, code))}` });
    return entry ?? null;
  };

  // Fillers: pieces of the run's stock.
  const fillerStock = new Map<Run, CabinetEntry | null>();
  const stockFor = (run: Run) => {
    if (!fillerStock.has(run)) fillerStock.set(run, named(planner.fillers[run] ?? planner.fillers.base, 'fillers', 'filler'));
    return fillerStock.get(run)!;
  };
  for (const f of plan.fillers) {
    const stock = stockFor(f.run);
    if (!stock) continue;
    pending.push({ section: 'fillers', entry: stock, code: stock.code, concerns: [f.id], choice: { qty: Math.ceil(f.width / stock.width), finish, group: lineLabel(layout, f.on) } });
  }

  // Finished ends on exposed sides.
  const sides = exposedSides(layout);
  if (planner.endPanels) {
    const panels = new Map<Run, CabinetEntry | null>();
    for (const { box } of sides) {
      if (!panels.has(box.run)) panels.set(box.run, named(planner.endPanels[box.run], 'endPanels', 'end panel'));
      const panel = panels.get(box.run);
      if (panel) pending.push({ section: 'finished-ends', entry: panel, code: panel.code, concerns: [box.id], choice: { qty: 1, finish, group: lineLabel(layout, box.on) } });
    }
  }

  // Mouldings by the stick: fronts and exposed sides of the runs they follow.
  const moulding = (code: string | undefined, field: string, what: string, runs: readonly Run[]) => {
    const entry = named(code, field, what);
    if (!entry) return;
    const along = layout.placed.filter((p) => p.kind === 'cabinet' && runs.includes(p.run));
    if (!along.length) return;
    const inches = along.reduce((sum, p) => sum + p.width, 0) + sides.filter((s) => s.box.kind === 'cabinet' && runs.includes(s.box.run)).reduce((sum, s) => sum + s.box.depth, 0);
    pending.push({ section: 'mouldings', entry, code: entry.code, concerns: along.map((p) => p.id), measure: feetInches(inches), choice: { qty: sticks(inches, entry), finish } });
  };
  moulding(planner.crown, 'crown', 'crown moulding', ['wall', 'tall']);
  moulding(planner.toeKick, 'toeKick', 'toe kick', ['base', 'tall']);

  // The countertop of each wall or island.
  if (plan.countertop) {
    const top = catalog.find(plan.countertop.sku);
    if (!top || top.kind !== 'countertop') problems.push({ field: 'countertop.sku', concerns: [], message: `"${plan.countertop.sku}" is not a countertop of the catalog.` });
    else {
      const overhang = planner.countertop?.overhang ?? PLANNER_DEFAULTS.overhang;
      for (const line of layout.lines) {
        const base = (layout.byLine.get(line.id) ?? []).filter((p) => p.run === 'base' && (p.kind !== 'appliance' || p.appliance === 'dishwasher'));
        const length = base.reduce((sum, p) => sum + p.width, 0);
        if (length === 0) continue;
        const deepest = Math.max(...base.filter((p) => p.kind === 'cabinet').map((p) => p.depth), PLANNER_DEFAULTS.run.base.depth);
        const depth = line.kind === 'island' ? (line.depth ?? deepest + overhang) : deepest + overhang;
        const on = new Set(base.map((p) => p.id));
        const cut = (type: 'sink' | 'cooktop') => layout.fitted.filter((a) => a.type === type && a.cabinet && on.has(a.cabinet.id));
        const sinks = cut('sink');
        const cooktops = cut('cooktop');
        const cutouts: Record<string, number> = {};
        const sinkCode = planner.countertop?.sinkCutout;
        const cooktopCode = planner.countertop?.cooktopCutout;
        if (sinkCode && sinks.length) cutouts[sinkCode] = sinks.length;
        if (cooktopCode && cooktops.length) cutouts[cooktopCode] = (cutouts[cooktopCode] ?? 0) + cooktops.length;
        pending.push({
          section: 'countertop',
          entry: top,
          code: top.sku,
          concerns: [line.id, ...sinks.map((s) => s.id), ...cooktops.map((s) => s.id)],
          measure: `${feetInches(length)} × ${feetInches(depth)}`,
          choice: { length, depth, ...(plan.countertop.edge ? { edge: plan.countertop.edge } : {}), cutouts, group: line.name },
        });
      }
    }
  }

  // Installation by the store's rule.
  const service = catalog.find(planner.installation.service);
  const installed = layout.placed.filter((p) => p.kind === 'cabinet');
  if (!service || service.kind !== 'service') problems.push({ field: 'installation', concerns: [], message: `The planner's installation service "${planner.installation.service}" is not a service of the catalog.` });
  else if (installed.length) {
    const feet = round2(installed.filter((p) => p.run !== 'wall').reduce((sum, p) => sum + p.width, 0) / 12);
    const count = planner.installation.per === 'cabinet' ? installed.length : planner.installation.per === 'linear-foot' ? feet : 1;
    const choice: BillChoice = service.unit === 'linear-foot' ? { feet: count } : service.unit === 'each' ? { qty: Math.ceil(count) } : {};
    pending.push({ section: 'installation', entry: service, code: service.sku, concerns: installed.map((p) => p.id), choice, measure: planner.installation.per === 'linear-foot' ? `${feet} ft` : `${installed.length} cabinets` });
  }

  // Like lines together (same SKU, choice and wall), in the order first met, then priced by the one rule.
  const merged = new Map<string, Pending>();
  for (const p of pending) {
    const key = p.section === 'countertop' || p.section === 'mouldings' || p.section === 'installation' ? `${p.section} ${merged.size}` : `${p.section} ${p.entry.sku} ${p.choice.group ?? ''} ${(p.choice.modifications ?? []).join(',')}`;
    const had = merged.get(key);
    if (had) {
      had.choice = { ...had.choice, qty: (had.choice.qty ?? 1) + (p.choice.qty ?? 1) };
      had.concerns.push(...p.concerns);
    } else merged.set(key, { ...p, concerns: [...p.concerns] });
  }
  const lines: BillLine[] = [];
  for (const p of merged.values()) {
    // A finish the style does not offer is told once, above, not on every cabinet.
    if (p.entry.kind === 'cabinet' && !finishOffered) continue;
    const priced = priceKitchenLine(p.entry, p.choice);
    if (priced.errors) {
      for (const message of Object.values(priced.errors)) problems.push({ field: p.section, concerns: p.concerns, message: `${p.code}: ${message}` });
      continue;
    }
    const k = priced.line;
    const input: BillLineInput = { sku: p.entry.sku, ...p.choice };
    if (input.group === undefined) delete input.group;
    lines.push({
      section: p.section,
      sku: p.entry.sku,
      code: p.code,
      name: k.name,
      qty: k.qty,
      unitCents: k.unitCents,
      rowTotalCents: k.rowTotalCents,
      ...(p.measure ? { measure: p.measure } : p.section === 'fillers' ? { measure: `${k.qty} ${k.qty === 1 ? 'piece' : 'pieces'} for ${p.concerns.length} ${p.concerns.length === 1 ? 'filler' : 'fillers'}` } : {}),
      ...(p.choice.group ? { group: p.choice.group } : {}),
      concerns: p.concerns,
      detail: k.detail,
      input,
    });
  }
  return { lines, problems, subtotalCents: lines.reduce((sum, l) => sum + l.rowTotalCents, 0), complete: problems.length === 0 };
}

/** The plan in another style (and finish): the same codes, and each code the new style lacks with the nearest it has. */
export function restylePlan(plan: KitchenPlan, catalog: KitchenCatalog, style: string, finish?: KitchenPlan['finish']): { plan: KitchenPlan; missing: { id: string; code: string; nearest: string | null }[] } {
  const cabinets = styleCabinets(catalog, style);
  const missing = plan.cabinets.filter((c) => !catalog.cabinet(style, c.code)).map((c) => ({ id: c.id, code: c.code, nearest: nearestCabinet(cabinets, catalog, c.code)?.code ?? null }));
  return { plan: { ...plan, style, ...(finish ? { finish } : {}) }, missing };
}
