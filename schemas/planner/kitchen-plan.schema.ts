/**
 * A kitchen plan: the room a visitor draws and the cabinets and appliances they place in it. Walls
 * by length, joined at right angles by default (a straight, L, U, galley or open kitchen); islands
 * and peninsulas as free runs; doors, windows and openings by their distance from a wall's start;
 * cabinets by catalog code in a wall's base, wall or tall run at a distance from its start;
 * appliances in their standard widths; fillers. All lengths are inches in whole sixteenths
 * (schemas/evaluators/planner/lengths.ts). A plan holds no price: the bill prices it from the catalog
 * (schemas/evaluators/planner/plan-bill.ts), and additionalProperties refuses a price anywhere.
 *
 * Limits are stated here (PLAN_LIMITS) and in the schema's maxItems; a plan's size in bytes and its
 * nesting are checked on its text before it is parsed (plan-limits.ts).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaRefProperty, slugPattern } from '../catalog/catalog-common.schema';
import { codePattern, skuPattern } from '../catalog/kitchen-common.schema';
import { schemaId } from '../schema-id';
import { APPLIANCE_TYPES, planIdPattern, planInches, RUNS } from './plan-common.schema';

export const PLAN_LIMITS = {
  walls: 8,
  islands: 4,
  openings: 24,
  cabinets: 120,
  appliances: 16,
  fillers: 60,
  /** The plan's JSON text, in bytes (UTF-8). */
  bytes: 65_536,
  /** Objects and lists inside one another; a plan needs 4. */
  nesting: 6,
} as const;

const id = (what: string) => ({ title: 'Id', type: 'string', pattern: planIdPattern, description: `The ${what}'s id, unique in the plan: lower-case letters, digits and hyphens.` }) as const;
const length = (title: string, description: string) => ({ ...planInches, title, description }) as const;
const DIRECTIONS = [0, 90, 180, 270] as const;

export const planWallSchema = {
  type: 'object',
  title: 'Wall',
  description: 'A wall by its length, joined to the wall before it (the room lies to the right as one walks from its start to its end).',
  additionalProperties: false,
  required: ['id', 'length'],
  properties: {
    id: id('wall'),
    name: { title: 'Name', type: 'string', maxLength: 40, description: 'What the visitor calls it, e.g. Sink wall.' },
    length: { ...length('Length (in)', 'Its length in inches, more than zero.'), exclusiveMinimum: 0 },
    corner: { title: 'Joint', enum: ['inside', 'outside', 'none'], description: 'How it meets the wall before it: inside (a right-angle inside corner, the default), outside, or none (it stands apart, placed by x, y and direction).' },
    x: length('Start x (in)', 'Where it starts, from the plan\'s left, when it meets no wall before it.'),
    y: length('Start y (in)', 'Where it starts, from the plan\'s top, when it meets no wall before it.'),
    direction: { title: 'Direction', enum: DIRECTIONS, description: 'Its direction in degrees, clockwise from east, when it meets no wall before it.' },
  },
} as const;

export const planIslandSchema = {
  type: 'object',
  title: 'Island',
  description: 'An island or a peninsula: a free run of base cabinets, its front facing the room to the right of its direction.',
  additionalProperties: false,
  required: ['id', 'kind', 'x', 'y', 'length', 'depth'],
  properties: {
    id: id('island'),
    name: { title: 'Name', type: 'string', maxLength: 40, description: 'What the visitor calls it, e.g. Island.' },
    kind: { title: 'Kind', enum: ['island', 'peninsula'], description: 'island (free on all sides) or peninsula (one end against a wall or run).' },
    x: length('Start x (in)', 'Where its back line starts, from the plan\'s left.'),
    y: length('Start y (in)', 'Where its back line starts, from the plan\'s top.'),
    direction: { title: 'Direction', enum: DIRECTIONS, description: 'Its direction in degrees, clockwise from east (0 by default).' },
    length: { ...length('Length (in)', 'Its length in inches.'), exclusiveMinimum: 0 },
    depth: { ...length('Countertop depth (in)', 'The depth of its countertop in inches, e.g. 36 for seating on the far side.'), exclusiveMinimum: 0 },
  },
} as const;

export const planOpeningSchema = {
  type: 'object',
  title: 'Opening',
  description: 'A door, window or opening in a wall, by its distance from the wall\'s start.',
  additionalProperties: false,
  required: ['id', 'wall', 'kind', 'from', 'width', 'height'],
  properties: {
    id: id('opening'),
    wall: { title: 'Wall', type: 'string', pattern: planIdPattern, description: 'The id of the wall it is in.' },
    kind: { title: 'Kind', enum: ['door', 'window', 'opening'], description: 'door, window or opening (a doorway without a door).' },
    from: length('From the wall\'s start (in)', 'Distance from the wall\'s start to its near side, in inches.'),
    width: { ...length('Width (in)', 'Its clear width in inches.'), exclusiveMinimum: 0 },
    height: { ...length('Height (in)', 'Its height in inches.'), exclusiveMinimum: 0 },
    sill: length('Sill height (in)', 'Height of its bottom above the floor, in inches (0 for a door or an opening).'),
  },
} as const;

export const planCabinetSchema = {
  type: 'object',
  title: 'Cabinet',
  description: 'A cabinet of the catalog by its code, in one run of a wall or an island, at a distance from its start.',
  additionalProperties: false,
  required: ['id', 'on', 'run', 'code', 'at'],
  properties: {
    id: id('cabinet'),
    on: { title: 'Wall or island', type: 'string', pattern: planIdPattern, description: 'The id of the wall or island it stands on.' },
    run: { title: 'Run', enum: RUNS, description: 'base, wall or tall.' },
    code: { title: 'Code', type: 'string', pattern: codePattern, description: 'The catalog\'s code in the plan\'s style, e.g. B24, SB36, W3030.' },
    at: length('From the start (in)', 'Distance from the start of the wall or island to its left side, in inches.'),
    bottom: length('Bottom height (in)', 'A wall cabinet\'s bottom above the floor, in inches; absent: hung with its top at the planner\'s line (84″).'),
    modifications: { title: 'Modifications', type: 'array', maxItems: 8, uniqueItems: true, items: { type: 'string', pattern: codePattern }, description: 'Codes of the modifications it takes, e.g. GD.' },
  },
} as const;

export const planApplianceSchema = {
  type: 'object',
  title: 'Appliance',
  description: 'An appliance in a standard width: standing in a run at a distance from its start, or (a sink, a cooktop) in a cabinet.',
  additionalProperties: false,
  required: ['id', 'type', 'width'],
  properties: {
    id: id('appliance'),
    type: { title: 'Type', enum: APPLIANCE_TYPES, description: 'refrigerator, range, cooktop, dishwasher, sink, hood or microwave.' },
    width: { ...length('Width (in)', 'One of the planner\'s standard widths for its type, in inches.'), exclusiveMinimum: 0 },
    on: { title: 'Wall or island', type: 'string', pattern: planIdPattern, description: 'The wall or island it stands on (not for a sink or a cooktop).' },
    at: length('From the start (in)', 'Distance from the start of the wall or island to its left side (not for a sink or a cooktop).'),
    bottom: length('Bottom height (in)', 'A hood\'s or a microwave\'s bottom above the floor, in inches.'),
    in: { title: 'In cabinet', type: 'string', pattern: planIdPattern, description: 'A sink\'s or a cooktop\'s cabinet: the id of its sink base or base cabinet, centred in it.' },
  },
} as const;

export const planFillerSchema = {
  type: 'object',
  title: 'Filler',
  description: 'A filler closing a gap in a run, cut from the planner\'s filler stock.',
  additionalProperties: false,
  required: ['id', 'on', 'run', 'at', 'width'],
  properties: {
    id: id('filler'),
    on: { title: 'Wall or island', type: 'string', pattern: planIdPattern, description: 'The id of the wall or island it stands on.' },
    run: { title: 'Run', enum: RUNS, description: 'base, wall or tall.' },
    at: length('From the start (in)', 'Distance from the start to its left side, in inches.'),
    width: { ...length('Width (in)', 'Its width in inches (1 to 6 as the planner proposes them).'), exclusiveMinimum: 0, maximum: 24 },
  },
} as const;

export const kitchenPlanSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('kitchen-plan'),
  type: 'object',
  title: 'Kitchen plan',
  description: 'A kitchen as a visitor draws it: walls, islands, openings, cabinets by code, appliances and fillers, with the style, finish and countertop. No prices.',
  additionalProperties: false,
  required: ['version', 'shape', 'ceiling', 'style', 'finish', 'walls', 'openings', 'cabinets', 'appliances', 'fillers'],
  properties: {
    $schema: schemaRefProperty,
    version: { title: 'Version', const: 1, description: 'The plan format\'s version: 1.' },
    name: { title: 'Name', type: 'string', maxLength: 80, description: 'What the visitor calls the plan.' },
    shape: { title: 'Shape', enum: ['straight', 'l', 'u', 'galley', 'open'], description: 'straight, l, u, galley or open: how the walls were first laid out.' },
    ceiling: { ...length('Ceiling height (in)', 'The ceiling\'s height in inches.'), minimum: 60, maximum: 240 },
    cooks: { title: 'Cooks', enum: [1, 2], description: 'How many people cook at once (2 widens the work aisle to 48″).' },
    style: { title: 'Style', type: 'string', pattern: slugPattern, description: 'The door style of every cabinet (its cabinet line), e.g. hartford-shaker.' },
    finish: {
      type: 'object',
      title: 'Finish',
      description: 'The finish of every cabinet, one the style\'s line offers.',
      additionalProperties: false,
      required: ['type', 'value'],
      properties: {
        type: { title: 'Kind of finish', type: 'string', pattern: slugPattern, description: 'The style\'s finish group, e.g. painted.' },
        value: { title: 'Finish', type: 'string', pattern: slugPattern, description: 'The finish, e.g. white.' },
      },
    },
    countertop: {
      type: 'object',
      title: 'Countertop',
      description: 'The countertop material and edge; absent: the bill has no countertop.',
      additionalProperties: false,
      required: ['sku'],
      properties: {
        sku: { title: 'Material', type: 'string', pattern: skuPattern, description: 'The countertop\'s SKU (catalog/countertops.json), e.g. CT-QUARTZ-CAL.' },
        edge: { title: 'Edge', type: 'string', pattern: codePattern, description: 'Its edge profile\'s code, e.g. EASED (the material\'s first by default).' },
      },
    },
    walls: { title: 'Walls', type: 'array', minItems: 1, maxItems: PLAN_LIMITS.walls, items: planWallSchema, description: `The walls in order, each joined to the one before (at most ${PLAN_LIMITS.walls}).` },
    islands: { title: 'Islands', type: 'array', maxItems: PLAN_LIMITS.islands, items: planIslandSchema, description: `Islands and peninsulas (at most ${PLAN_LIMITS.islands}).` },
    openings: { title: 'Openings', type: 'array', maxItems: PLAN_LIMITS.openings, items: planOpeningSchema, description: `Doors, windows and openings (at most ${PLAN_LIMITS.openings}).` },
    cabinets: { title: 'Cabinets', type: 'array', maxItems: PLAN_LIMITS.cabinets, items: planCabinetSchema, description: `Cabinets by code (at most ${PLAN_LIMITS.cabinets}).` },
    appliances: { title: 'Appliances', type: 'array', maxItems: PLAN_LIMITS.appliances, items: planApplianceSchema, description: `Appliances (at most ${PLAN_LIMITS.appliances}).` },
    fillers: { title: 'Fillers', type: 'array', maxItems: PLAN_LIMITS.fillers, items: planFillerSchema, description: `Fillers (at most ${PLAN_LIMITS.fillers}).` },
  },
} as const;

export type KitchenPlan = FromSchema<typeof kitchenPlanSchema>;
export type PlanWall = FromSchema<typeof planWallSchema>;
export type PlanIsland = FromSchema<typeof planIslandSchema>;
export type PlanOpening = FromSchema<typeof planOpeningSchema>;
export type PlanCabinet = FromSchema<typeof planCabinetSchema>;
export type PlanAppliance = FromSchema<typeof planApplianceSchema>;
export type PlanFiller = FromSchema<typeof planFillerSchema>;
