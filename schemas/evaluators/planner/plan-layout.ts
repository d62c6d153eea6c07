/**
 * Where everything of a plan is: each wall and island as a line on the floor (its start, direction
 * and the side the room is on), and each cabinet, appliance and filler as a box on a line (its run,
 * its span along the line, its depth and heights), resolved once from the plan, the catalog and the
 * planner definition. The bill, the rules and "fill this wall" all read this one layout, so they
 * agree on every position. Inches throughout (whole sixteenths, exact in doubles).
 */
import type { CabinetEntry, KitchenCatalog } from '../../catalog/kitchen-catalog';
import type { KitchenPlan, PlanOpening } from '../../planner/kitchen-plan.schema';
import type { KitchenPlannerDefinition, PlannerAppliance } from '../../planner/kitchen-planner.schema';
import { FITTED_APPLIANCES, type ApplianceType, type Run } from '../../planner/plan-common.schema';

export type Corner = 'inside' | 'outside' | 'none';

export interface Line {
  id: string;
  name: string;
  kind: 'wall' | 'island';
  length: number;
  x: number;
  y: number;
  /** The direction as a unit vector on the floor plan (x right, y down). */
  dx: number;
  dy: number;
  /** How it meets the line before it (at its start) and after it (at its end). */
  startCorner: Corner;
  endCorner: Corner;
  /** An island's countertop depth. */
  depth?: number;
}

export type PlacedKind = 'cabinet' | 'appliance' | 'filler';

export interface Placed {
  kind: PlacedKind;
  id: string;
  /** What the reader calls it: the cabinet's code, the appliance's label, "3″ filler". */
  label: string;
  on: string;
  run: Run;
  at: number;
  width: number;
  depth: number;
  bottom: number;
  top: number;
  /** How far its open door or drawer reaches into the room; 0: nothing opens. */
  reach: number;
  entry?: CabinetEntry;
  appliance?: ApplianceType;
}

export interface FittedAppliance {
  id: string;
  type: ApplianceType;
  width: number;
  /** The cabinet it sits in, when that cabinet is on the plan. */
  cabinet?: Placed;
}

export interface PlanLayout {
  lines: Line[];
  lineById: Map<string, Line>;
  placed: Placed[];
  byLine: Map<string, Placed[]>;
  openings: Map<string, PlanOpening[]>;
  fitted: FittedAppliance[];
  /** Cabinets whose code the style does not have (the bill and the rules name them). */
  unknown: { id: string; code: string }[];
  countertopHeight: number;
  wallTop: number;
}

export const PLANNER_DEFAULTS = {
  countertopHeight: 36,
  overhang: 1.5,
  wallCabinetTop: 84,
  reach: { base: 22, wall: 15, tall: 22 },
  fillerMin: 1,
  fillerMax: 6,
  /** The nominal depth and height of a run, for a filler or an appliance the definition does not size. */
  run: { base: { depth: 24, height: 34.5 }, wall: { depth: 12, height: 30 }, tall: { depth: 24, height: 84 } },
} as const;

/** The run each appliance stands in. */
export const APPLIANCE_RUN: Record<ApplianceType, Run> = { refrigerator: 'tall', range: 'base', cooktop: 'base', dishwasher: 'base', sink: 'base', hood: 'wall', microwave: 'wall' };

const APPLIANCE_SIZE: Record<ApplianceType, { height: number; depth: number; opens: number }> = {
  refrigerator: { height: 70, depth: 30, opens: 33 },
  range: { height: 36, depth: 26, opens: 22 },
  cooktop: { height: 36, depth: 22, opens: 0 },
  dishwasher: { height: 34.5, depth: 24, opens: 24 },
  sink: { height: 36, depth: 22, opens: 0 },
  hood: { height: 18, depth: 20, opens: 0 },
  microwave: { height: 17, depth: 16, opens: 14 },
};

export function applianceOf(planner: KitchenPlannerDefinition, type: ApplianceType): PlannerAppliance | undefined {
  return planner.appliances.find((a) => a.type === type);
}

export function applianceSize(planner: KitchenPlannerDefinition, type: ApplianceType): { height: number; depth: number; opens: number; label: string } {
  const own = applianceOf(planner, type);
  const base = APPLIANCE_SIZE[type];
  return { height: own?.height ?? base.height, depth: own?.depth ?? base.depth, opens: own?.opens ?? base.opens, label: own?.label ?? type };
}

/** The run a catalog cabinet belongs in: a corner cabinet by its depth (a wall corner is 12″ deep). */
export function runOfEntry(entry: Pick<CabinetEntry, 'cabinetKind' | 'depth'>): Run | null {
  switch (entry.cabinetKind) {
    case 'base':
    case 'sink-base':
    case 'drawer-base':
      return 'base';
    case 'wall':
      return 'wall';
    case 'tall':
      return 'tall';
    case 'corner':
      return entry.depth <= 15 ? 'wall' : 'base';
    default:
      return null;
  }
}

const UNIT: Record<number, [number, number]> = { 0: [1, 0], 90: [0, 1], 180: [-1, 0], 270: [0, -1] };

function lines(plan: KitchenPlan): Line[] {
  const out: Line[] = [];
  let x = 0;
  let y = 0;
  let dir = 0;
  plan.walls.forEach((w, i) => {
    const corner: Corner = i === 0 ? 'none' : (w.corner ?? 'inside');
    if (corner === 'none') {
      x = w.x ?? (i === 0 ? 0 : x);
      y = w.y ?? (i === 0 ? 0 : y);
      dir = w.direction ?? (i === 0 ? 0 : dir);
    } else dir = (dir + (corner === 'inside' ? 90 : 270)) % 360;
    const [dx, dy] = UNIT[dir]!;
    out.push({ id: w.id, name: w.name?.trim() || `Wall ${i + 1}`, kind: 'wall', length: w.length, x, y, dx, dy, startCorner: corner, endCorner: 'none' });
    x += dx * w.length;
    y += dy * w.length;
  });
  for (let i = 0; i + 1 < out.length; i++) out[i]!.endCorner = out[i + 1]!.startCorner;
  (plan.islands ?? []).forEach((isl, i) => {
    const [dx, dy] = UNIT[isl.direction ?? 0]!;
    out.push({ id: isl.id, name: isl.name?.trim() || (isl.kind === 'peninsula' ? 'Peninsula' : `Island ${i + 1}`), kind: 'island', length: isl.length, x: isl.x, y: isl.y, dx, dy, startCorner: 'none', endCorner: 'none', depth: isl.depth });
  });
  return out;
}

export function layoutPlan(plan: KitchenPlan, catalog: KitchenCatalog, planner: KitchenPlannerDefinition): PlanLayout {
  const all = lines(plan);
  const lineById = new Map(all.map((l) => [l.id, l]));
  const wallTop = planner.wallCabinetTop ?? PLANNER_DEFAULTS.wallCabinetTop;
  const countertopHeight = planner.countertop?.height ?? PLANNER_DEFAULTS.countertopHeight;
  const reach = { ...PLANNER_DEFAULTS.reach, ...planner.frontReach };
  const placed: Placed[] = [];
  const unknown: PlanLayout['unknown'] = [];
  const cabinetById = new Map<string, Placed>();

  for (const c of plan.cabinets) {
    const entry = catalog.cabinet(plan.style, c.code);
    if (!entry) {
      unknown.push({ id: c.id, code: c.code });
      continue;
    }
    const bottom = c.run === 'wall' ? (c.bottom ?? wallTop - entry.height) : 0;
    const p: Placed = { kind: 'cabinet', id: c.id, label: c.code, on: c.on, run: c.run, at: c.at, width: entry.width, depth: entry.depth, bottom, top: bottom + entry.height, reach: reach[c.run], entry };
    placed.push(p);
    cabinetById.set(c.id, p);
  }
  const fitted: FittedAppliance[] = [];
  for (const a of plan.appliances) {
    const size = applianceSize(planner, a.type);
    if (FITTED_APPLIANCES.includes(a.type)) {
      const cabinet = a.in !== undefined ? cabinetById.get(a.in) : undefined;
      fitted.push({ id: a.id, type: a.type, width: a.width, ...(cabinet ? { cabinet } : {}) });
      continue;
    }
    if (a.on === undefined || a.at === undefined) continue;
    const run = APPLIANCE_RUN[a.type];
    const bottom = run === 'wall' ? (a.bottom ?? wallTop - size.height) : 0;
    placed.push({ kind: 'appliance', id: a.id, label: size.label, on: a.on, run, at: a.at, width: a.width, depth: size.depth, bottom, top: bottom + size.height, reach: size.opens, appliance: a.type });
  }
  for (const f of plan.fillers) {
    const nominal = PLANNER_DEFAULTS.run[f.run];
    const bottom = f.run === 'wall' ? wallTop - nominal.height : 0;
    const top = f.run === 'tall' ? wallTop : bottom + nominal.height;
    placed.push({ kind: 'filler', id: f.id, label: 'filler', on: f.on, run: f.run, at: f.at, width: f.width, depth: nominal.depth, bottom, top, reach: 0 });
  }
  const byLine = new Map<string, Placed[]>();
  for (const p of placed) {
    const list = byLine.get(p.on);
    if (list) list.push(p);
    else byLine.set(p.on, [p]);
  }
  for (const list of byLine.values()) list.sort((a, b) => a.at - b.at);
  const openings = new Map<string, PlanOpening[]>();
  for (const o of plan.openings) {
    const list = openings.get(o.wall);
    if (list) list.push(o);
    else openings.set(o.wall, [o]);
  }
  return { lines: all, lineById, placed, byLine, openings, fitted, unknown, countertopHeight, wallTop };
}

/** Whether a box stands in a run's space: a tall box stands in the base's and the wall's too. */
export function sharesRun(a: Run, b: Run): boolean {
  return a === b || a === 'tall' || b === 'tall';
}

/** The point on the floor at a distance along a line and a distance out from it into the room. */
export function pointOn(line: Line, along: number, out: number): { x: number; y: number } {
  return { x: line.x + line.dx * along - line.dy * out, y: line.y + line.dy * along + line.dx * out };
}

export function distance(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** The front centre of a box (where the work triangle measures from). */
export function frontCentre(line: Line, p: Pick<Placed, 'at' | 'width' | 'depth'>): { x: number; y: number } {
  return pointOn(line, p.at + p.width / 2, p.depth);
}

/** Each line's boxes of one run (a tall box counts in every run), in order along the line. */
export function runItems(layout: PlanLayout, lineId: string, run: Run): Placed[] {
  return (layout.byLine.get(lineId) ?? []).filter((p) => sharesRun(p.run, run));
}

/** "W1" -> the reader's name of a wall or an island. */
export function lineName(layout: PlanLayout, id: string): string {
  return layout.lineById.get(id)?.name ?? id;
}

/**
 * At an inside corner, the box of the adjoining wall's run that stands in the corner (its span
 * reaches within the run's depth of the corner), which this wall's run must stop short of: its depth
 * is how far it reaches along this wall. null: no inside corner there, or nothing stands in it.
 */
export function cornerOccupant(layout: PlanLayout, line: Line, end: 'start' | 'end', run: Run): Placed | null {
  if ((end === 'start' ? line.startCorner : line.endCorner) !== 'inside') return null;
  const i = layout.lines.indexOf(line);
  const other = layout.lines[end === 'start' ? i - 1 : i + 1];
  if (!other || other.kind !== 'wall') return null;
  const zone = PLANNER_DEFAULTS.run[run].depth;
  let found: Placed | null = null;
  for (const p of layout.byLine.get(other.id) ?? []) {
    if (!sharesRun(p.run, run) || p.kind === 'filler') continue;
    const inCorner = end === 'start' ? p.at + p.width > other.length - zone : p.at < zone;
    if (inCorner && (!found || p.depth > found.depth)) found = p;
  }
  return found;
}
