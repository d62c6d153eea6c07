/**
 * A style's cabinet line (catalog/cabinets/{style}.json): the cabinets a door style is sold in, by
 * the trade's codes (B24 is a base cabinet 24″ wide, W3030 a wall cabinet 30″ wide and 30″ high),
 * each with its size and list price, the finishes the line is made in with their percentage, and
 * the modifications a cabinet may take. The style's price group and the finish's percentage apply to
 * the list price by one rule (schemas/evaluators/kitchen-pricing.ts); the lint checks that a code
 * fits its kind and size (schemas/evaluators/cabinet-codes.ts), that the finishes are the style's
 * and that the price group exists.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from '../schema-id';
import { schemaRefProperty, slugPattern } from './catalog-common.schema';
import { codePattern, dollars, percent, pricedOptionSchema } from './kitchen-common.schema';

export const CABINET_KINDS = ['base', 'wall', 'tall', 'sink-base', 'drawer-base', 'corner', 'filler', 'panel', 'moulding'] as const;
export type CabinetKind = (typeof CABINET_KINDS)[number];

const inches = { type: 'number', exclusiveMinimum: 0, maximum: 144, multipleOf: 0.125 } as const;

export const lineFinishSchema = {
  type: 'object',
  title: 'Finish of the line',
  description: "A finish of the style the cabinets are made in, with its percentage: a whole finish group (painted) or one finish of it (painted, navy-blue), which then takes its own percentage.",
  additionalProperties: false,
  required: ['type', 'percent'],
  properties: {
    type: { title: 'Kind of finish', type: 'string', pattern: slugPattern, description: "A finish group of the style (its finishes[].name), e.g. painted." },
    value: { title: 'Finish', type: 'string', pattern: slugPattern, description: 'One finish of that group (finishes[].items[].value), e.g. navy-blue; absent: every finish of the group.' },
    percent: { title: 'Percentage', ...percent, description: 'Added to the price in the price group, e.g. 10 for 10 %; 0 for none.' },
  },
} as const;

export const modificationSchema = pricedOptionSchema(
  'Modification',
  'A change a cabinet may take, priced per cabinet: glass door, finished end, extra shelf.',
  'Dollars added to each cabinet that takes it.',
  "the cabinet's price in its price group and finish",
);

export const cabinetSchema = {
  type: 'object',
  title: 'Cabinet',
  description: 'One cabinet of the line by its code: its kind, its size in inches, its list price and the modifications it may take.',
  additionalProperties: false,
  required: ['code', 'kind', 'width', 'height', 'depth', 'list'],
  properties: {
    code: { title: 'Code', type: 'string', pattern: codePattern, description: "The trade's code; it must fit the kind and size: B24, SB36, DB18, W3030, T1884, BBC42, F330, BEP24, CM8." },
    kind: { title: 'Kind', enum: CABINET_KINDS, description: 'base, wall, tall, sink-base, drawer-base, corner, filler, panel or moulding.' },
    width: { title: 'Width (in)', ...inches, description: 'Width in inches (a moulding: its length).' },
    height: { title: 'Height (in)', ...inches, description: 'Height in inches.' },
    depth: { title: 'Depth (in)', ...inches, description: 'Depth in inches.' },
    list: { title: 'List price', ...dollars, exclusiveMinimum: 0, description: 'List price in dollars, before the price group and the finish.' },
    weight: { title: 'Weight (lb)', type: 'number', minimum: 0, maximum: 2000, description: 'Shipping weight in pounds.' },
    modifications: { title: 'Modifications', type: 'array', uniqueItems: true, items: { type: 'string', pattern: codePattern }, description: "Codes of the line's modifications this cabinet may take, e.g. GD." },
  },
} as const;

export const cabinetLineSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('cabinet-line'),
  type: 'object',
  title: 'Cabinet line',
  description: "A style's cabinets by code, with the finishes they are made in and the modifications they may take.",
  additionalProperties: false,
  required: ['style', 'skuPrefix', 'priceGroup', 'finishes', 'cabinets'],
  properties: {
    $schema: schemaRefProperty,
    style: { title: 'Door style', type: 'string', pattern: slugPattern, description: 'The product style (catalog/styles/{style}.json); must equal the file name without .json.' },
    skuPrefix: { title: 'SKU prefix', type: 'string', pattern: '^[A-Z][A-Z0-9]{0,5}$', description: "Put before each code to make the cabinet's SKU, e.g. HS makes HS-B24; unique across lines." },
    priceGroup: { title: 'Price group', type: 'string', pattern: codePattern, description: 'The code of its price group (catalog/price-groups.json).' },
    finishes: { title: 'Finishes', type: 'array', minItems: 1, items: lineFinishSchema, description: 'The finishes the cabinets are made in; a finish of the style not listed is not sold in cabinets.' },
    modifications: { title: 'Modifications', type: 'array', items: modificationSchema, description: 'The modifications of the line; each cabinet lists those it may take.' },
    cabinets: { title: 'Cabinets', type: 'array', minItems: 1, items: cabinetSchema, description: 'The cabinets, in the order the studio lists them.' },
  },
} as const;

export type CabinetLineDefinition = FromSchema<typeof cabinetLineSchema>;
export type CabinetDefinition = FromSchema<typeof cabinetSchema>;
export type LineFinish = FromSchema<typeof lineFinishSchema>;
export type Modification = FromSchema<typeof modificationSchema>;
