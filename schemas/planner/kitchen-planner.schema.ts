/**
 * A kitchen planner (planner/{name}.json): what the store offers in its planner. The styles a visitor
 * may pick, the appliances and their standard widths, the catalog codes of the fillers, end panels
 * and mouldings the bill adds, the countertop's overhang and cut-outs, the installation service and
 * how it counts, and the rules the store turns off or weighs otherwise. Codes and SKUs are the
 * catalog's: the content lint checks each against it (server/content/lint/planner-catalog.ts).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaRefProperty, slugPattern } from '../catalog/catalog-common.schema';
import { codePattern, skuPattern } from '../catalog/kitchen-common.schema';
import { schemaId } from '../schema-id';
import { APPLIANCE_TYPES, PLAN_RULE_IDS, SEVERITIES } from './plan-common.schema';

const inches = (title: string, description: string, max = 144) => ({ title, description, type: 'number', minimum: 0, maximum: max, multipleOf: 0.0625 }) as const;

const byRun = <const T extends string>(title: T, description: string) =>
  ({
    type: 'object',
    title,
    description,
    additionalProperties: false,
    properties: {
      base: { title: 'Base run', type: 'string', pattern: codePattern, description: 'The code for the base run, e.g. BEP24.' },
      wall: { title: 'Wall run', type: 'string', pattern: codePattern, description: 'The code for the wall run, e.g. WEP1230.' },
      tall: { title: 'Tall run', type: 'string', pattern: codePattern, description: 'The code for the tall run, e.g. REP2496.' },
    },
  }) as const;

export const plannerApplianceSchema = {
  type: 'object',
  title: 'Appliance',
  description: 'An appliance the planner offers, in its standard widths, with the size the drawing and the rules use.',
  additionalProperties: false,
  required: ['type', 'label', 'widths'],
  properties: {
    type: { title: 'Type', enum: APPLIANCE_TYPES, description: 'refrigerator, range, cooktop, dishwasher, sink, hood or microwave.' },
    label: { title: 'Label', type: 'string', minLength: 1, maxLength: 60, description: 'What the visitor reads, e.g. Refrigerator.' },
    widths: { title: 'Widths (in)', type: 'array', minItems: 1, maxItems: 12, uniqueItems: true, items: { type: 'number', exclusiveMinimum: 0, maximum: 72, multipleOf: 0.0625 }, description: 'The standard widths offered, in inches, e.g. 30, 33, 36.' },
    height: inches('Height (in)', 'Its height in inches (a hood or a microwave: its own; a range: to the cooking surface).'),
    depth: inches('Depth (in)', 'Its depth in inches, from the wall.'),
    opens: inches('Door reach (in)', 'How far its open door reaches into the room, in inches (a dishwasher 24, a refrigerator its door width); 0 for none.'),
  },
} as const;

export const plannerRuleSchema = {
  type: 'object',
  title: 'Rule setting',
  description: 'A rule the store turns off or weighs otherwise than the planner does by default.',
  additionalProperties: false,
  required: ['rule'],
  properties: {
    rule: { title: 'Rule', enum: PLAN_RULE_IDS, description: 'The rule, by its id (docs/kitchen-planner.md lists them).' },
    off: { title: 'Off', type: 'boolean', description: 'true: the planner does not check it.' },
    severity: { title: 'Severity', enum: SEVERITIES, description: 'must-fix (the kitchen cannot be built; a send is refused) or advice (a guideline).' },
  },
} as const;

export const kitchenPlannerSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('kitchen-planner'),
  type: 'object',
  title: 'Kitchen planner',
  description: 'What the store offers in its kitchen planner: styles, appliances, fillers, end panels, mouldings, countertop, installation and rule settings.',
  additionalProperties: false,
  required: ['name', 'title', 'appliances', 'fillers', 'installation'],
  properties: {
    $schema: schemaRefProperty,
    name: { title: 'Name', type: 'string', pattern: slugPattern, description: 'The planner\'s name; must equal the file name without .json.' },
    title: { title: 'Title', type: 'string', minLength: 1, maxLength: 80, description: 'The planner\'s heading, e.g. Plan your kitchen.' },
    styles: { title: 'Styles', type: 'array', uniqueItems: true, maxItems: 40, items: { type: 'string', pattern: slugPattern }, description: 'The styles a visitor may pick (each with a cabinet line); absent: every style with one.' },
    appliances: { title: 'Appliances', type: 'array', minItems: 1, maxItems: 7, items: plannerApplianceSchema, description: 'The appliances offered, one entry per type.' },
    fillers: {
      ...byRun('Fillers', 'The filler stock cut to close a run, by run: a filler wider than its stock takes more than one piece.'),
      required: ['base', 'wall'],
    },
    fillerWidths: {
      type: 'object',
      title: 'Filler widths',
      description: 'The narrowest and widest filler "fill this wall" proposes, in inches (1 to 6 by default).',
      additionalProperties: false,
      properties: {
        min: inches('Narrowest (in)', 'The narrowest filler, in inches.', 12),
        max: inches('Widest (in)', 'The widest filler, in inches.', 12),
      },
    },
    endPanels: byRun('Finished ends', 'The end panel that covers an exposed side, by run: BEP24 for a base run.'),
    crown: { title: 'Crown moulding', type: 'string', pattern: codePattern, description: 'The moulding run along the top of the wall and tall cabinets, priced by the stick; absent: none.' },
    toeKick: { title: 'Toe kick', type: 'string', pattern: codePattern, description: 'The toe kick run along the base and tall cabinets, priced by the stick; absent: none.' },
    countertop: {
      type: 'object',
      title: 'Countertop',
      description: 'How the countertop is measured from the base runs, and the cut-outs made for a sink and a cooktop.',
      additionalProperties: false,
      properties: {
        overhang: inches('Overhang (in)', 'Added to the base cabinets\' depth, in inches (1.5 by default).', 12),
        height: inches('Height (in)', 'Its height above the floor, in inches (36 by default).', 60),
        sinkCutout: { title: 'Sink cut-out', type: 'string', pattern: codePattern, description: 'The cut-out code of a sink (catalog/countertops.json), e.g. SINK.' },
        cooktopCutout: { title: 'Cooktop cut-out', type: 'string', pattern: codePattern, description: 'The cut-out code of a cooktop, e.g. COOKTOP.' },
      },
    },
    wallCabinetTop: inches('Top of the wall cabinets (in)', 'Height of the wall cabinets\' tops above the floor, in inches (84 by default), where a wall cabinet hangs unless the plan says otherwise.', 240),
    frontReach: {
      type: 'object',
      title: 'Open fronts',
      description: 'How far an open cabinet door or drawer reaches into the room, by run, in inches.',
      additionalProperties: false,
      properties: {
        base: inches('Base run (in)', 'A base cabinet\'s open door or drawer, in inches (22 by default).', 48),
        wall: inches('Wall run (in)', 'A wall cabinet\'s open door, in inches (15 by default).', 48),
        tall: inches('Tall run (in)', 'A tall cabinet\'s open door, in inches (22 by default).', 48),
      },
    },
    installation: {
      type: 'object',
      title: 'Installation',
      description: 'The store\'s installation rule: a service of the catalog, counted per cabinet, per linear foot of cabinets, or once for the kitchen.',
      additionalProperties: false,
      required: ['service', 'per'],
      properties: {
        service: { title: 'Service', type: 'string', pattern: skuPattern, description: 'The service\'s SKU (catalog/services.json), e.g. SV-INSTALL.' },
        per: { title: 'Counted', enum: ['cabinet', 'linear-foot', 'kitchen'], description: 'cabinet (each cabinet and tall cabinet), linear-foot (of the runs) or kitchen (once).' },
      },
    },
    rules: { title: 'Rules', type: 'array', maxItems: 40, items: plannerRuleSchema, description: 'Rules turned off or weighed otherwise; every other rule applies as docs/kitchen-planner.md says.' },
  },
} as const;

export type KitchenPlannerDefinition = FromSchema<typeof kitchenPlannerSchema>;
export type PlannerAppliance = FromSchema<typeof plannerApplianceSchema>;
