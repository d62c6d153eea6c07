/** Pieces the kitchen plan and the planner definition share: the kinds of appliance, the runs, the rules. */

/** A plan's inches: whole sixteenths (schemas/evaluators/planner/lengths.ts says why), up to 100 feet. */
export const planInches = { type: 'number', minimum: 0, maximum: 1200, multipleOf: 0.0625 } as const;

/** The three runs a wall holds: base cabinets on the floor, wall cabinets hung above them, tall ones floor to top. */
export const RUNS = ['base', 'wall', 'tall'] as const;
export type Run = (typeof RUNS)[number];

export const APPLIANCE_TYPES = ['refrigerator', 'range', 'cooktop', 'dishwasher', 'sink', 'hood', 'microwave'] as const;
export type ApplianceType = (typeof APPLIANCE_TYPES)[number];

/** The appliances that sit in a cabinet (a sink in its sink base, a cooktop in a base) rather than take a place of their own. */
export const FITTED_APPLIANCES: readonly ApplianceType[] = ['sink', 'cooktop'];

/** Every rule the planner checks, by its id (schemas/evaluators/planner/plan-rules.ts; docs/kitchen-planner.md). */
export const PLAN_RULE_IDS = [
  'unknown-place',
  'opening-fits-wall',
  'run-fits-wall',
  'overlap',
  'corner-overlap',
  'code-fits-run',
  'appliance-width',
  'sink-in-sink-base',
  'cooktop-in-base',
  'across-door',
  'wall-cabinet-over-window',
  'base-under-low-window',
  'under-ceiling',
  'corner-filler',
  'corner-filler-width',
  'fronts-collide',
  'work-aisle',
  'work-aisle-two-cooks',
  'refrigerator-landing',
  'cooktop-landing',
  'sink-landing',
  'dishwasher-near-sink',
  'cooking-clearance',
  'appliance-corner-distance',
  'triangle-leg',
  'triangle-sum',
  'doorway-width',
  'hood-covers-cooktop',
] as const;
export type PlanRuleId = (typeof PLAN_RULE_IDS)[number];

export const SEVERITIES = ['must-fix', 'advice'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** An id a plan gives its walls, islands, openings, cabinets, appliances and fillers, for findings and the drawing. */
export const planIdPattern = '^[a-z0-9][a-z0-9-]{0,31}$';
