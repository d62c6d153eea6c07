/**
 * "Fill this wall": catalog widths and fillers that close the open stretches of one run of a wall.
 * The run's open stretches are what its cabinets, appliances, doors (and for the base run, windows
 * below the countertop; for the wall run, windows) leave free, from the wall's start to its end,
 * short of the run standing in an inside corner. At an inside corner the stretch begins with the
 * corner filler (3″, the trade's rule). Each stretch takes the style's plain cabinets of the run
 * (B for a base run, W of the run's usual height for a wall run) whose widths add up closest to it,
 * fewest cabinets first, and a filler of 1″ to 6″ (the planner's widths) for what is left, against
 * the wall's end where the stretch meets one (fillers are scribed to a wall), else at its end.
 * A stretch narrower than the narrowest filler is left open. Pure: the widget applies the proposal.
 */
import type { CabinetEntry, KitchenCatalog } from '../../catalog/kitchen-catalog';
import type { KitchenPlan, PlanCabinet, PlanFiller } from '../../planner/kitchen-plan.schema';
import type { KitchenPlannerDefinition } from '../../planner/kitchen-planner.schema';
import type { Run } from '../../planner/plan-common.schema';
import { styleCabinets } from './nearest-code';
import { cornerOccupant, layoutPlan, PLANNER_DEFAULTS, sharesRun, type PlanLayout } from './plan-layout';
import { RULE_LIMITS } from './plan-rules';

export interface RunProposal {
  cabinets: { code: string; at: number; width: number }[];
  fillers: { at: number; width: number }[];
  /** Stretches nothing closes (narrower than the narrowest filler), from and to. */
  open: { from: number; to: number }[];
}

/** The run's plain cabinets: B for base, W of the usual height for wall, T for tall. */
function candidates(cabinets: readonly CabinetEntry[], run: Run, layout: PlanLayout, lineId: string): CabinetEntry[] {
  if (run === 'base') return cabinets.filter((c) => c.cabinetKind === 'base');
  if (run === 'tall') return cabinets.filter((c) => c.cabinetKind === 'tall' && c.height <= layout.wallTop);
  const walls = cabinets.filter((c) => c.cabinetKind === 'wall');
  const placed = (layout.byLine.get(lineId) ?? []).filter((p) => p.run === 'wall' && p.entry?.cabinetKind === 'wall').map((p) => p.entry!.height);
  const height = placed.length ? placed.sort((a, b) => placed.filter((h) => h === b).length - placed.filter((h) => h === a).length)[0]! : 30;
  const usual = walls.filter((c) => c.height === height);
  return usual.length ? usual : walls;
}

/**
 * Widths (whole sixteenths) adding up to the most of `room` that leaves nothing or a filler's width:
 * the fewest cabinets for that sum. Widths are added widest first.
 */
export function closeStretch(room: number, widths: readonly number[], fillerMin: number, fillerMax: number): { widths: number[]; filler: number } | null {
  const unit = 16;
  const total = Math.floor(room * unit);
  const sizes = [...new Set(widths.map((w) => Math.round(w * unit)))].filter((w) => w > 0 && w <= total).sort((a, b) => b - a);
  // fewest[s]: the fewest cabinets adding up to s sixteenths; from[s]: the last one's width.
  const fewest = new Array<number>(total + 1).fill(Infinity);
  const from = new Array<number>(total + 1).fill(0);
  fewest[0] = 0;
  for (let s = 1; s <= total; s++) {
    for (const w of sizes) {
      if (w <= s && fewest[s - w]! + 1 < fewest[s]!) {
        fewest[s] = fewest[s - w]! + 1;
        from[s] = w;
      }
    }
  }
  for (let s = total; s >= 0 && room * unit - s <= fillerMax * unit; s--) {
    const left = room * unit - s;
    if (fewest[s] === Infinity || (left > 0 && left < fillerMin * unit)) continue;
    const out: number[] = [];
    for (let at = s; at > 0; at -= from[at]!) out.push(from[at]! / unit);
    return { widths: out.sort((a, b) => b - a), filler: left / unit };
  }
  return null;
}

export function fillRun(plan: KitchenPlan, catalog: KitchenCatalog, planner: KitchenPlannerDefinition, lineId: string, run: Run, given?: PlanLayout): RunProposal {
  const layout = given ?? layoutPlan(plan, catalog, planner);
  const proposal: RunProposal = { cabinets: [], fillers: [], open: [] };
  const line = layout.lineById.get(lineId);
  if (!line) return proposal;
  const fillerMin = planner.fillerWidths?.min ?? PLANNER_DEFAULTS.fillerMin;
  const fillerMax = planner.fillerWidths?.max ?? PLANNER_DEFAULTS.fillerMax;
  const choices = candidates(styleCabinets(catalog, plan.style), run, layout, lineId);
  const byWidth = new Map(choices.map((c) => [c.width, c]));

  // What stands in the way: the run's boxes, the corner's runs, doors and the windows the run cannot pass.
  const blocked: { from: number; to: number }[] = (layout.byLine.get(lineId) ?? []).filter((p) => sharesRun(p.run, run)).map((p) => ({ from: p.at, to: p.at + p.width }));
  const wallBottom = layout.wallTop - PLANNER_DEFAULTS.run.wall.height;
  for (const o of layout.openings.get(lineId) ?? []) {
    const sill = o.sill ?? 0;
    const passes = o.kind === 'window' ? (run === 'base' ? sill >= layout.countertopHeight : false) : run === 'wall' && sill + o.height <= wallBottom;
    if (!passes) blocked.push({ from: o.from, to: o.from + o.width });
  }
  let start = 0;
  let end = line.length;
  const startCorner = cornerOccupant(layout, line, 'start', run);
  const endCorner = cornerOccupant(layout, line, 'end', run);
  if (startCorner) start = startCorner.depth;
  if (endCorner) end = line.length - endCorner.depth;
  blocked.sort((a, b) => a.from - b.from);

  const stretches: { from: number; to: number }[] = [];
  let at = start;
  for (const b of blocked) {
    if (b.from > at) stretches.push({ from: at, to: Math.min(b.from, end) });
    at = Math.max(at, b.to);
  }
  if (at < end) stretches.push({ from: at, to: end });

  for (const s of stretches) {
    let from = s.from;
    let to = s.to;
    if (to <= from) continue;
    // The corner filler first, where the stretch meets the run standing in the corner.
    if (startCorner && from === start && to - from >= RULE_LIMITS.cornerFiller) {
      proposal.fillers.push({ at: from, width: RULE_LIMITS.cornerFiller });
      from += RULE_LIMITS.cornerFiller;
    }
    if (endCorner && to === end && to - from >= RULE_LIMITS.cornerFiller) {
      proposal.fillers.push({ at: to - RULE_LIMITS.cornerFiller, width: RULE_LIMITS.cornerFiller });
      to -= RULE_LIMITS.cornerFiller;
    }
    const room = to - from;
    if (room <= 0) continue;
    const closed = closeStretch(room, [...byWidth.keys()], fillerMin, fillerMax);
    if (!closed) {
      if (room >= fillerMin && room <= fillerMax) proposal.fillers.push({ at: from, width: room });
      else proposal.open.push({ from, to });
      continue;
    }
    // The filler against the wall's end when the stretch meets one, else at the stretch's end.
    const fillerFirst = closed.filler > 0 && from === 0 && to !== line.length;
    let x = from;
    if (fillerFirst) {
      proposal.fillers.push({ at: x, width: closed.filler });
      x += closed.filler;
    }
    for (const w of closed.widths) {
      proposal.cabinets.push({ code: byWidth.get(w)!.code, at: x, width: w });
      x += w;
    }
    if (closed.filler > 0 && !fillerFirst) proposal.fillers.push({ at: x, width: closed.filler });
  }
  proposal.fillers.sort((a, b) => a.at - b.at);
  return proposal;
}

/** The plan with a proposal applied: new cabinets and fillers with ids the plan does not use yet. */
export function applyRunProposal(plan: KitchenPlan, lineId: string, run: Run, proposal: RunProposal): KitchenPlan {
  const used = new Set([...plan.cabinets.map((c) => c.id), ...plan.fillers.map((f) => f.id), ...plan.appliances.map((a) => a.id), ...plan.openings.map((o) => o.id), ...plan.walls.map((w) => w.id)]);
  let n = 0;
  const fresh = (prefix: string) => {
    let id: string;
    do id = `${prefix}${++n}`;
    while (used.has(id));
    used.add(id);
    return id;
  };
  const cabinets: PlanCabinet[] = proposal.cabinets.map((c) => ({ id: fresh('c'), on: lineId, run, code: c.code, at: c.at }));
  const fillers: PlanFiller[] = proposal.fillers.map((f) => ({ id: fresh('f'), on: lineId, run, at: f.at, width: f.width }));
  return { ...plan, cabinets: [...plan.cabinets, ...cabinets], fillers: [...plan.fillers, ...fillers] };
}
