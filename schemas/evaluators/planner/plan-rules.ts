/**
 * The rules a kitchen plan is checked against: one pure function from the plan, the catalog and the
 * planner definition to its findings, run in the browser on every change and on the server before a
 * plan is stored or sent. The numbers are the NKBA Kitchen Planning Guidelines' and the cabinet
 * trade's rules of thumb; the layout's own rules say what cannot be built (docs/kitchen-planner.md
 * lists each with its number and source). A finding names the rule in plain words, the cabinets,
 * appliances or walls it concerns (as the reader sees them, and by id for the drawing), and what
 * would fix it. "must-fix" findings stop a send; advice does not. A store may turn a rule off or
 * weigh it otherwise in its planner definition.
 *
 * Lengths are inches in whole sixteenths, so a limit is met exactly at its number: a 42″ aisle
 * passes, 41 15/16″ does not.
 */
import type { KitchenCatalog } from '../../catalog/kitchen-catalog';
import type { KitchenPlan } from '../../planner/kitchen-plan.schema';
import type { KitchenPlannerDefinition } from '../../planner/kitchen-planner.schema';
import { FITTED_APPLIANCES, type ApplianceType, type PlanRuleId, type Severity } from '../../planner/plan-common.schema';
import { feetInches, formatInches, toSixteenths } from './lengths';
import { nearestCabinet, notInStyle, styleCabinets } from './nearest-code';
import { applianceOf, cornerOccupant, distance, frontCentre, layoutPlan, pointOn, PLANNER_DEFAULTS, runOfEntry, sharesRun, type Line, type Placed, type PlanLayout } from './plan-layout';

export interface PlanFinding {
  rule: PlanRuleId;
  severity: Severity;
  /** The rule in plain words. */
  title: string;
  /** What is wrong here, naming what it concerns. */
  message: string;
  /** What would fix it. */
  fix: string;
  /** The plan's ids it concerns (cabinets, appliances, fillers, openings, walls), for the drawing. */
  concerns: string[];
}

export interface RuleInfo {
  title: string;
  severity: Severity;
  /** Where the number comes from. */
  source: string;
}

const NKBA = 'NKBA Kitchen Planning Guidelines';
const TRADE = 'cabinet-layout rule of thumb';
const LAYOUT = 'the layout: it cannot be built otherwise';

/** Every rule: its words, its default severity and its source. */
export const PLAN_RULES: Record<PlanRuleId, RuleInfo> = {
  'unknown-place': { title: 'Everything stands on a wall or island of the plan', severity: 'must-fix', source: LAYOUT },
  'opening-fits-wall': { title: 'A door, window or opening fits in its wall', severity: 'must-fix', source: LAYOUT },
  'run-fits-wall': { title: 'A run is no longer than its wall', severity: 'must-fix', source: LAYOUT },
  overlap: { title: 'Cabinets and appliances do not overlap', severity: 'must-fix', source: LAYOUT },
  'corner-overlap': { title: 'Runs do not overlap in a corner', severity: 'must-fix', source: LAYOUT },
  'code-fits-run': { title: 'A cabinet is made in the style and belongs in its run', severity: 'must-fix', source: LAYOUT },
  'appliance-width': { title: 'An appliance comes in one of its standard widths', severity: 'must-fix', source: 'the planner definition: the widths the store offers' },
  'sink-in-sink-base': { title: 'A sink sits in a sink base at least as wide', severity: 'must-fix', source: LAYOUT },
  'cooktop-in-base': { title: 'A cooktop sits in a base cabinet at least as wide', severity: 'must-fix', source: LAYOUT },
  'across-door': { title: 'No cabinet or appliance crosses a door or opening', severity: 'must-fix', source: LAYOUT },
  'wall-cabinet-over-window': { title: 'No wall cabinet hangs over a window', severity: 'must-fix', source: `${NKBA}; ${LAYOUT}` },
  'base-under-low-window': { title: 'A window over a base run has its sill at the countertop or above', severity: 'must-fix', source: LAYOUT },
  'under-ceiling': { title: 'Every cabinet fits under the ceiling', severity: 'must-fix', source: LAYOUT },
  'corner-filler': { title: 'Cabinets meeting at an inside corner have a filler between them', severity: 'must-fix', source: `${TRADE}: doors and handles otherwise collide` },
  'corner-filler-width': { title: 'A corner filler is at least 3″ wide', severity: 'advice', source: TRADE },
  'fronts-collide': { title: 'An open door or drawer hits nothing across the aisle', severity: 'must-fix', source: LAYOUT },
  'work-aisle': { title: 'A work aisle is at least 42″ wide', severity: 'advice', source: `${NKBA}, work aisle (one cook)` },
  'work-aisle-two-cooks': { title: 'A work aisle for two cooks is at least 48″ wide', severity: 'advice', source: `${NKBA}, work aisle (two cooks)` },
  'refrigerator-landing': { title: '15″ of countertop beside the refrigerator', severity: 'advice', source: `${NKBA}, refrigerator landing area` },
  'cooktop-landing': { title: '12″ of countertop on one side of the cooktop and 15″ on the other', severity: 'advice', source: `${NKBA}, cooking surface landing area` },
  'sink-landing': { title: '24″ of countertop on one side of the sink and 18″ on the other', severity: 'advice', source: `${NKBA}, sink landing area` },
  'dishwasher-near-sink': { title: 'The dishwasher is within 36″ of the sink', severity: 'advice', source: `${NKBA}, dishwasher placement` },
  'cooking-clearance': { title: '30″ of clearance above a cooking surface to a cabinet', severity: 'must-fix', source: `${NKBA}, cooking surface clearance` },
  'appliance-corner-distance': { title: 'An appliance stands at least 15″ from an inside corner', severity: 'advice', source: TRADE },
  'triangle-leg': { title: "Each leg of the work triangle is 4′ to 9′", severity: 'advice', source: `${NKBA}, work triangle` },
  'triangle-sum': { title: "The work triangle's legs add up to 26′ at most", severity: 'advice', source: `${NKBA}, work triangle` },
  'doorway-width': { title: 'A doorway is at least 32″ clear', severity: 'advice', source: `${NKBA}, doorways` },
  'hood-covers-cooktop': { title: 'A hood is at least as wide as the cooking surface under it', severity: 'advice', source: `${NKBA}, ventilation` },
};

export const RULE_LIMITS = {
  cornerFiller: 3,
  aisle: 42,
  aisleTwoCooks: 48,
  refrigeratorLanding: 15,
  cooktopLanding: [12, 15] as const,
  sinkLanding: [18, 24] as const,
  dishwasherToSink: 36,
  cookingClearance: 30,
  applianceFromCorner: 15,
  triangleLeg: [48, 108] as const,
  triangleSum: 312,
  doorway: 32,
} as const;

interface Context {
  plan: KitchenPlan;
  catalog: KitchenCatalog;
  planner: KitchenPlannerDefinition;
  layout: PlanLayout;
  out: PlanFinding[];
}

type Emit = (rule: PlanRuleId, message: string, fix: string, concerns: string[]) => void;

const inches = (n: number) => formatInches(toSixteenths(n));

function where(layout: PlanLayout, p: Pick<Placed, 'label' | 'on'>): string {
  return `${p.label} on ${layout.lineById.get(p.on)?.name ?? p.on}`;
}

function overlaps(a0: number, a1: number, b0: number, b1: number): boolean {
  return a0 < b1 && b0 < a1;
}

/** A cabinet or appliance that makes countertop: base-run cabinets, fillers and the dishwasher. */
function isCounter(p: Placed): boolean {
  return p.run === 'base' && (p.kind !== 'appliance' || p.appliance === 'dishwasher');
}

/** Countertop running on from an edge of a line's base run, one way, through touching counter boxes. */
function counterFrom(layout: PlanLayout, lineId: string, edge: number, way: -1 | 1): number {
  const items = (layout.byLine.get(lineId) ?? []).filter(isCounter);
  let total = 0;
  let at = edge;
  for (;;) {
    const next = items.find((p) => (way === 1 ? p.at === at : p.at + p.width === at));
    if (!next) return total;
    total += next.width;
    at = way === 1 ? next.at + next.width : next.at;
  }
}

/** The cooking surfaces and sinks as spans on their line (a fitted one centred in its cabinet). */
interface Span {
  id: string;
  label: string;
  on: string;
  from: number;
  to: number;
  /** The cabinet it sits in (counted as countertop beyond its edges). */
  cabinet?: Placed;
  box?: Placed;
}

function fittedSpan(layout: PlanLayout, type: ApplianceType): Span[] {
  return layout.fitted.flatMap((a) => {
    const c = a.cabinet;
    if (a.type !== type || !c) return [];
    const from = c.at + (c.width - a.width) / 2;
    return [{ id: a.id, label: type === 'sink' ? 'Sink' : 'Cooktop', on: c.on, from, to: from + a.width, cabinet: c }];
  });
}

function standingSpan(layout: PlanLayout, type: ApplianceType): Span[] {
  return layout.placed.filter((p) => p.appliance === type).map((p) => ({ id: p.id, label: p.label, on: p.on, from: p.at, to: p.at + p.width, box: p }));
}

/** Countertop on each side of a span: its own cabinet's margin and the counter beyond. */
function landing(layout: PlanLayout, s: Span): [number, number] {
  const left = s.cabinet ? s.from - s.cabinet.at + counterFrom(layout, s.on, s.cabinet.at, -1) : counterFrom(layout, s.on, s.from, -1);
  const right = s.cabinet ? s.cabinet.at + s.cabinet.width - s.to + counterFrom(layout, s.on, s.cabinet.at + s.cabinet.width, 1) : counterFrom(layout, s.on, s.to, 1);
  return [left, right];
}

function checkPlaces(c: Context, emit: Emit): void {
  const { plan, layout } = c;
  const walls = new Set(plan.walls.map((w) => w.id));
  for (const o of plan.openings) if (!walls.has(o.wall)) emit('unknown-place', `The ${o.kind} ${o.id} is on the wall "${o.wall}", which the plan does not have.`, 'Put it on one of the plan\'s walls.', [o.id]);
  const things = [...plan.cabinets.map((x) => ({ id: x.id, on: x.on, label: x.code })), ...plan.fillers.map((x) => ({ id: x.id, on: x.on, label: 'The filler' })), ...plan.appliances.filter((a) => !FITTED_APPLIANCES.includes(a.type)).map((a) => ({ id: a.id, on: a.on, label: a.type }))];
  for (const t of things) {
    if (t.on === undefined) emit('unknown-place', `The ${t.label} ${t.id} stands on no wall or island.`, 'Place it on a wall or an island.', [t.id]);
    else if (!layout.lineById.has(t.on)) emit('unknown-place', `${t.label} (${t.id}) is on "${t.on}", which is not a wall or island of the plan.`, 'Place it on one of the plan\'s walls or islands.', [t.id]);
  }
}

function checkOpenings(c: Context, emit: Emit): void {
  for (const o of c.plan.openings) {
    const line = c.layout.lineById.get(o.wall);
    if (!line) continue;
    if (o.from + o.width > line.length) emit('opening-fits-wall', `The ${o.kind} ${o.id} runs to ${inches(o.from + o.width)} from the start of ${line.name}, which is ${inches(line.length)} long.`, `Move it to start at ${inches(Math.max(0, line.length - o.width))} or less, or make it narrower.`, [o.id, line.id]);
    if (o.kind !== 'window' && o.width < RULE_LIMITS.doorway) emit('doorway-width', `The ${o.kind} ${o.id} on ${line.name} is ${inches(o.width)} wide.`, `Make the doorway at least ${RULE_LIMITS.doorway}″ clear.`, [o.id]);
    if (o.kind === 'window' && (o.sill ?? 0) < c.layout.countertopHeight) {
      for (const p of c.layout.byLine.get(line.id) ?? []) {
        if (p.run === 'base' && overlaps(p.at, p.at + p.width, o.from, o.from + o.width)) {
          emit('base-under-low-window', `The window ${o.id} on ${line.name} has its sill at ${inches(o.sill ?? 0)}, below the ${inches(c.layout.countertopHeight)} countertop over ${p.label}.`, 'Raise the sill to the countertop or above, or move the base run away from the window.', [o.id, p.id]);
        }
      }
    }
  }
}

function checkRuns(c: Context, emit: Emit): void {
  const { layout } = c;
  for (const line of layout.lines) {
    const items = layout.byLine.get(line.id) ?? [];
    for (const p of items) {
      if (p.at + p.width > line.length) emit('run-fits-wall', `${where(layout, p)} ends ${inches(p.at + p.width - line.length)} past the end of ${line.name} (${inches(line.length)}).`, `Move it to start at ${inches(Math.max(0, line.length - p.width))} or less, or choose a narrower one.`, [p.id, line.id]);
      if (p.top > c.plan.ceiling) emit('under-ceiling', `${where(layout, p)} reaches ${inches(p.top)}, above the ${inches(c.plan.ceiling)} ceiling.`, `Choose a shorter ${p.run === 'tall' ? 'tall' : 'wall'} cabinet, or hang it lower.`, [p.id]);
    }
    for (let i = 0; i < items.length; i++) {
      for (let j = i + 1; j < items.length; j++) {
        const a = items[i]!;
        const b = items[j]!;
        if (b.at >= a.at + a.width) continue;
        if (sharesRun(a.run, b.run) && overlaps(a.bottom, a.top, b.bottom, b.top)) emit('overlap', `${where(layout, a)} and ${b.label} overlap by ${inches(Math.min(a.at + a.width, b.at + b.width) - b.at)}.`, `Move ${b.label} to start at ${inches(a.at + a.width)}, where ${a.label} ends.`, [a.id, b.id]);
      }
    }
    for (const o of layout.openings.get(line.id) ?? []) {
      const top = (o.sill ?? 0) + o.height;
      for (const p of items) {
        if (!overlaps(p.at, p.at + p.width, o.from, o.from + o.width)) continue;
        if (o.kind === 'window') {
          if (p.run !== 'base' && p.kind === 'cabinet' && top > p.bottom) emit('wall-cabinet-over-window', `${where(layout, p)} hangs over the window ${o.id}.`, `Move it clear of the window (it spans ${inches(o.from)} to ${inches(o.from + o.width)} from the start of ${line.name}).`, [p.id, o.id]);
        } else if (p.run !== 'wall' || top > p.bottom) emit('across-door', `${where(layout, p)} crosses the ${o.kind} ${o.id}.`, `Move it clear of the ${o.kind} (it spans ${inches(o.from)} to ${inches(o.from + o.width)} from the start of ${line.name}).`, [p.id, o.id]);
      }
    }
  }
}

function checkCodes(c: Context, emit: Emit): void {
  const { plan, catalog, layout, planner } = c;
  const cabinets = styleCabinets(catalog, plan.style);
  const title = cabinets[0]?.styleTitle ?? plan.style;
  for (const u of layout.unknown) emit('code-fits-run', notInStyle(u.code, title, nearestCabinet(cabinets, catalog, u.code)), 'Choose a cabinet the style makes.', [u.id]);
  for (const p of layout.placed) {
    if (!p.entry) continue;
    const run = runOfEntry(p.entry);
    if (run !== p.run) emit('code-fits-run', `${where(layout, p)} is ${run ? `a ${run}-run cabinet` : 'not a cabinet'}, placed in the ${p.run} run.`, run ? `Move it to the ${run} run.` : 'Choose a cabinet.', [p.id]);
  }
  for (const a of plan.appliances) {
    const offered = applianceOf(planner, a.type);
    if (!offered) emit('appliance-width', `The planner offers no ${a.type} (${a.id}).`, 'Remove it.', [a.id]);
    else if (!offered.widths.includes(a.width)) emit('appliance-width', `${offered.label} ${a.id} is ${inches(a.width)} wide; it comes in ${offered.widths.map(inches).join(', ')}.`, `Choose one of ${offered.widths.map(inches).join(', ')}.`, [a.id]);
  }
  for (const a of layout.fitted) {
    const rule = a.type === 'sink' ? 'sink-in-sink-base' : 'cooktop-in-base';
    const word = a.type === 'sink' ? 'sink' : 'cooktop';
    const fits = (k: string | undefined) => (a.type === 'sink' ? k === 'sink-base' : k === 'base' || k === 'drawer-base');
    const cab = a.cabinet;
    if (!cab || !cab.entry) emit(rule, `The ${word} ${a.id} sits in no cabinet of the plan.`, `Put it in a ${a.type === 'sink' ? 'sink base' : 'base cabinet'}.`, [a.id]);
    else if (!fits(cab.entry.cabinetKind)) emit(rule, `The ${word} ${a.id} sits in ${where(layout, cab)}, which is not a ${a.type === 'sink' ? 'sink base' : 'base cabinet'}.`, `Put it in a ${a.type === 'sink' ? 'sink base (SB)' : 'base cabinet (B)'}.`, [a.id, cab.id]);
    else if (a.width > cab.width) emit(rule, `The ${inches(a.width)} ${word} ${a.id} is wider than ${where(layout, cab)} (${inches(cab.width)}).`, `Choose a ${word} of ${inches(cab.width)} or less, or a wider cabinet.`, [a.id, cab.id]);
  }
}

function checkCorners(c: Context, emit: Emit): void {
  const { layout } = c;
  // Two runs in one corner are seen from both walls: told once.
  const told = new Set<string>();
  for (const line of layout.lines) {
    for (const end of ['start', 'end'] as const) {
      for (const run of ['base', 'wall'] as const) {
        const occupant = cornerOccupant(layout, line, end, run);
        if (!occupant) continue;
        const items = (layout.byLine.get(line.id) ?? []).filter((p) => sharesRun(p.run, run));
        const gap = (p: Placed) => (end === 'start' ? p.at : line.length - p.at - p.width);
        const fronts = items.filter((p) => p.kind !== 'filler').sort((a, b) => gap(a) - gap(b));
        const first = fronts[0];
        if (!first) continue;
        const clearance = gap(first) - occupant.depth;
        if (clearance < 0) {
          const key = [first.id, occupant.id].sort().join(' ');
          if (told.has(key)) continue;
          told.add(key);
          emit('corner-overlap', `${where(layout, first)} runs ${inches(-clearance)} into the corner, where ${where(layout, occupant)} stands.`, `Start it ${inches(occupant.depth + RULE_LIMITS.cornerFiller)} from the corner, with a ${RULE_LIMITS.cornerFiller}″ filler.`, [first.id, occupant.id]);
          continue;
        }
        if (clearance >= RULE_LIMITS.cornerFiller) continue;
        const filler = items.find((p) => p.kind === 'filler' && gap(p) < gap(first) && gap(p) + p.width > occupant.depth - 1 / 16);
        if (filler) emit('corner-filler-width', `The corner filler beside ${where(layout, first)} leaves ${inches(clearance)} to ${occupant.label}.`, `Widen it so ${first.label} stands ${RULE_LIMITS.cornerFiller}″ clear of ${occupant.label}.`, [filler.id, first.id]);
        else emit('corner-filler', `${where(layout, first)} meets ${where(layout, occupant)} in the corner without a filler.`, `Put a ${RULE_LIMITS.cornerFiller}″ filler between them.`, [first.id, occupant.id]);
      }
      // An appliance against the corner: its door cannot open past the other wall.
      if ((end === 'start' ? line.startCorner : line.endCorner) !== 'inside') continue;
      const near = [...standingSpans(layout), ...fittedSpan(layout, 'sink'), ...fittedSpan(layout, 'cooktop')].filter((s) => s.on === line.id);
      for (const s of near) {
        const d = end === 'start' ? s.from : line.length - s.to;
        if (d < RULE_LIMITS.applianceFromCorner) emit('appliance-corner-distance', `${s.label} on ${line.name} is ${inches(d)} from the corner.`, `Move it to stand ${RULE_LIMITS.applianceFromCorner}″ or more from the corner (a cabinet between gives the room).`, [s.id]);
      }
    }
  }
}

function standingSpans(layout: PlanLayout): Span[] {
  return [...standingSpan(layout, 'refrigerator'), ...standingSpan(layout, 'range'), ...standingSpan(layout, 'dishwasher')];
}

/** A side of a line that faces the room, as pieces at a distance out from the line. */
interface Face {
  line: Line;
  /** 1: the room side; -1: an island's back. */
  side: 1 | -1;
  pieces: { from: number; to: number; counter: number; box?: Placed }[];
}

function faces(c: Context): Face[] {
  const overhang = c.planner.countertop?.overhang ?? PLANNER_DEFAULTS.overhang;
  const out: Face[] = [];
  for (const line of c.layout.lines) {
    const items = (c.layout.byLine.get(line.id) ?? []).filter((p) => p.run !== 'wall');
    const pieces = items.map((p) => ({ from: p.at, to: p.at + p.width, counter: isCounter(p) ? Math.max(p.depth + overhang, line.kind === 'island' ? (line.depth ?? 0) : 0) : p.depth, box: p }));
    out.push({ line, side: 1, pieces });
    if (line.kind === 'island') out.push({ line, side: -1, pieces: [{ from: 0, to: line.length, counter: 0 }] });
  }
  return out;
}

/** Facing pieces of two faces: the gap between their fronts, if they face each other over a shared span. */
function facing(a: Face, b: Face): { gapAt: (pa: Face['pieces'][number], pb: Face['pieces'][number]) => number | null } | null {
  if (a.line === b.line) return null;
  const na = { x: -a.line.dy * a.side, y: a.line.dx * a.side };
  const nb = { x: -b.line.dy * b.side, y: b.line.dx * b.side };
  if (na.x !== -nb.x || na.y !== -nb.y) return null;
  const apart = (b.line.x - a.line.x) * na.x + (b.line.y - a.line.y) * na.y;
  if (apart <= 0) return null;
  const along = (line: Line, s: number) => {
    const p = pointOn(line, s, 0);
    return (p.x - a.line.x) * a.line.dx + (p.y - a.line.y) * a.line.dy;
  };
  return {
    gapAt: (pa, pb) => {
      const b0 = along(b.line, pb.from);
      const b1 = along(b.line, pb.to);
      if (!overlaps(pa.from, pa.to, Math.min(b0, b1), Math.max(b0, b1))) return null;
      return apart - pa.counter - pb.counter;
    },
  };
}

function checkAisles(c: Context, emit: Emit): void {
  const all = faces(c);
  const twoCooks = c.plan.cooks === 2;
  const rule: PlanRuleId = twoCooks ? 'work-aisle-two-cooks' : 'work-aisle';
  const limit = twoCooks ? RULE_LIMITS.aisleTwoCooks : RULE_LIMITS.aisle;
  const seen = new Set<string>();
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const a = all[i]!;
      const b = all[j]!;
      const f = facing(a, b);
      if (!f) continue;
      let narrowest: number | null = null;
      let concerns: string[] = [];
      for (const pa of a.pieces) {
        for (const pb of b.pieces) {
          const gap = f.gapAt(pa, pb);
          if (gap === null) continue;
          if (narrowest === null || gap < narrowest) {
            narrowest = gap;
            concerns = [pa.box?.id ?? a.line.id, pb.box?.id ?? b.line.id];
          }
          // Fronts: the box's own face, without the countertop's overhang.
          if (pa.box && pb.box && overlaps(pa.box.bottom, pa.box.top, pb.box.bottom, pb.box.top)) {
            const clear = gap + (pa.counter - pa.box.depth) + (pb.counter - pb.box.depth);
            for (const [open, other] of [[pa.box, pb.box], [pb.box, pa.box]] as const) {
              const key = `${open.id} ${other.id}`;
              if (open.reach > clear && !seen.has(key)) {
                seen.add(key);
                emit('fronts-collide', `Opened, ${where(c.layout, open)} reaches ${inches(open.reach)} and hits ${where(c.layout, other)}, ${inches(clear)} away.`, `Widen the aisle to ${inches(open.reach)} or more, or move one of them.`, [open.id, other.id]);
              }
            }
          }
        }
      }
      if (narrowest !== null && narrowest < limit) emit(rule, `The aisle between ${a.line.name} and ${b.line.name} is ${inches(narrowest)} wide.`, `Widen it to ${limit}″ or more${twoCooks ? ' (two cooks)' : ''}.`, [a.line.id, b.line.id, ...concerns]);
    }
  }
}

function checkWork(c: Context, emit: Emit): void {
  const { layout } = c;
  const lim = RULE_LIMITS;
  for (const s of standingSpan(layout, 'refrigerator')) {
    const [l, r] = landing(layout, s);
    if (Math.max(l, r) < lim.refrigeratorLanding) emit('refrigerator-landing', `Beside ${s.label} on ${layout.lineById.get(s.on)?.name} there is ${inches(Math.max(l, r))} of countertop.`, `Give it ${lim.refrigeratorLanding}″ of countertop on its handle side.`, [s.id]);
  }
  const cooking = [...standingSpan(layout, 'range'), ...fittedSpan(layout, 'cooktop')];
  for (const s of cooking) {
    const [l, r] = landing(layout, s);
    if (Math.min(l, r) < lim.cooktopLanding[0] || Math.max(l, r) < lim.cooktopLanding[1]) emit('cooktop-landing', `${s.label} on ${layout.lineById.get(s.on)?.name} has ${inches(l)} of countertop on its left and ${inches(r)} on its right.`, `Give it ${lim.cooktopLanding[0]}″ on one side and ${lim.cooktopLanding[1]}″ on the other.`, [s.id]);
  }
  const sinks = fittedSpan(layout, 'sink');
  for (const s of sinks) {
    const [l, r] = landing(layout, s);
    if (Math.min(l, r) < lim.sinkLanding[0] || Math.max(l, r) < lim.sinkLanding[1]) emit('sink-landing', `The sink on ${layout.lineById.get(s.on)?.name} has ${inches(l)} of countertop on its left and ${inches(r)} on its right.`, `Give it ${lim.sinkLanding[1]}″ on one side and ${lim.sinkLanding[0]}″ on the other.`, [s.id]);
  }
  for (const d of standingSpan(layout, 'dishwasher')) {
    if (!sinks.length) continue;
    const gaps = sinks.map((s) => {
      if (s.on === d.on) return Math.max(0, d.from - s.to, s.from - d.to);
      const la = layout.lineById.get(d.on)!;
      const lb = layout.lineById.get(s.on)!;
      return Math.max(0, distance(pointOn(la, (d.from + d.to) / 2, 0), pointOn(lb, (s.from + s.to) / 2, 0)) - (d.to - d.from) / 2 - (s.to - s.from) / 2);
    });
    const nearest = Math.min(...gaps);
    if (nearest > lim.dishwasherToSink) emit('dishwasher-near-sink', `${d.label} on ${layout.lineById.get(d.on)?.name} is ${inches(nearest)} from the sink.`, `Move it within ${lim.dishwasherToSink}″ of the sink's edge.`, [d.id, ...sinks.map((s) => s.id)]);
  }
  // Cabinets above a cooking surface, and the hood over it.
  for (const s of cooking) {
    for (const p of layout.byLine.get(s.on) ?? []) {
      if (p.run !== 'wall' || !overlaps(p.at, p.at + p.width, s.from, s.to)) continue;
      if (p.kind === 'cabinet' && p.bottom - layout.countertopHeight < lim.cookingClearance) emit('cooking-clearance', `${where(layout, p)} is ${inches(p.bottom - layout.countertopHeight)} above ${s.label}.`, `Hang it with its bottom at ${inches(layout.countertopHeight + lim.cookingClearance)} or higher, or use a shorter cabinet.`, [p.id, s.id]);
      if (p.appliance === 'hood' && p.width < s.to - s.from) emit('hood-covers-cooktop', `The ${inches(p.width)} hood over ${s.label} is narrower than its ${inches(s.to - s.from)}.`, `Choose a hood of ${inches(s.to - s.from)} or wider.`, [p.id, s.id]);
    }
  }
  // The work triangle: sink, cooking surface and refrigerator, front centre to front centre.
  const point = (s: Span | undefined) => {
    if (!s) return null;
    const line = layout.lineById.get(s.on);
    const depth = s.box?.depth ?? s.cabinet?.depth ?? 24;
    return line ? frontCentre(line, { at: s.from, width: s.to - s.from, depth }) : null;
  };
  const fridge = standingSpan(layout, 'refrigerator')[0];
  const sink = sinks[0];
  const cook = cooking[0];
  const [pf, ps, pc] = [point(fridge), point(sink), point(cook)];
  if (fridge && sink && cook && pf && ps && pc) {
    const legs = [
      { name: 'sink to cooking surface', len: distance(ps, pc), ids: [sink.id, cook.id] },
      { name: 'cooking surface to refrigerator', len: distance(pc, pf), ids: [cook.id, fridge.id] },
      { name: 'refrigerator to sink', len: distance(pf, ps), ids: [fridge.id, sink.id] },
    ];
    for (const leg of legs) {
      // To the sixteenth, as every length of the plan.
      const len = Math.round(leg.len * 16) / 16;
      if (len < lim.triangleLeg[0] || len > lim.triangleLeg[1]) emit('triangle-leg', `The work triangle's leg from ${leg.name} is ${feetInches(len)}.`, `Keep each leg between 4′ and 9′: move ${len < lim.triangleLeg[0] ? 'them apart' : 'them closer'}.`, leg.ids);
    }
    const sum = Math.round(legs.reduce((t, l) => t + l.len, 0) * 16) / 16;
    if (sum > lim.triangleSum) emit('triangle-sum', `The work triangle's legs add up to ${feetInches(sum)}.`, 'Bring the sink, the cooking surface and the refrigerator closer: 26′ at most.', [fridge.id, sink.id, cook.id]);
  }
}

/** Every finding of the plan, in the order of the rules' groups: what cannot be built first. */
export function checkPlan(plan: KitchenPlan, catalog: KitchenCatalog, planner: KitchenPlannerDefinition, given?: PlanLayout): PlanFinding[] {
  const layout = given ?? layoutPlan(plan, catalog, planner);
  const settings = new Map((planner.rules ?? []).map((r) => [r.rule, r]));
  const out: PlanFinding[] = [];
  const emit: Emit = (rule, message, fix, concerns) => {
    const setting = settings.get(rule);
    if (setting?.off) return;
    const info = PLAN_RULES[rule];
    out.push({ rule, severity: setting?.severity ?? info.severity, title: info.title, message, fix, concerns: [...new Set(concerns)] });
  };
  const c: Context = { plan, catalog, planner, layout, out };
  checkPlaces(c, emit);
  checkOpenings(c, emit);
  checkRuns(c, emit);
  checkCodes(c, emit);
  checkCorners(c, emit);
  checkAisles(c, emit);
  checkWork(c, emit);
  return out.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'must-fix' ? -1 : 1));
}

/** Whether a plan may be sent: no finding that must be fixed. */
export function sendable(findings: readonly PlanFinding[]): boolean {
  return !findings.some((f) => f.severity === 'must-fix');
}

