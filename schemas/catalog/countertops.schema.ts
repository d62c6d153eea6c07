/**
 * Countertops (catalog/countertops.json): materials priced per square foot, the edge profiles
 * (priced per square foot, or as a percentage of the material) and the cut-outs (sink, cooktop),
 * priced each.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from '../schema-id';
import { schemaRefProperty } from './catalog-common.schema';
import { codePattern, dollars, pricedOptionSchema, skuPattern } from './kitchen-common.schema';

export const edgeProfileSchema = pricedOptionSchema('Edge profile', 'The shape of the countertop\'s edge: eased, bevel, ogee.', 'Dollars added per square foot.', "the material's price per square foot");

export const cutoutSchema = {
  type: 'object',
  title: 'Cut-out',
  description: 'An opening cut in the countertop: for a sink, a cooktop; priced each.',
  additionalProperties: false,
  required: ['code', 'label', 'price'],
  properties: {
    code: { title: 'Code', type: 'string', pattern: codePattern, description: 'Its code, e.g. SINK; unique in the list.' },
    label: { title: 'Label', type: 'string', minLength: 1, maxLength: 80, description: 'What the customer reads, e.g. Sink cut-out.' },
    price: { title: 'Price', ...dollars, description: 'Dollars per cut-out.' },
  },
} as const;

export const countertopMaterialSchema = {
  type: 'object',
  title: 'Countertop material',
  description: 'One countertop as sold: its SKU, its name, its price per square foot and the edges it is made with.',
  additionalProperties: false,
  required: ['sku', 'material', 'name', 'perSqft', 'edges'],
  properties: {
    sku: { title: 'SKU', type: 'string', pattern: skuPattern, description: 'Stock keeping unit, unique across the catalog, e.g. CT-QUARTZ-CAL.' },
    material: { title: 'Material', type: 'string', minLength: 1, maxLength: 60, description: 'The material, e.g. Quartz.' },
    name: { title: 'Name', type: 'string', minLength: 1, maxLength: 120, description: 'What the customer reads, e.g. Quartz countertop, Calacatta, 3 cm.' },
    perSqft: { title: 'Price per sq ft', ...dollars, exclusiveMinimum: 0, description: 'Price per square foot in dollars, fabrication included.' },
    weightPerSqft: { title: 'Weight per sq ft (lb)', type: 'number', minimum: 0, maximum: 100, description: 'Shipping weight per square foot, in pounds.' },
    edges: { title: 'Edge profiles', type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', pattern: codePattern }, description: 'Codes of the edge profiles it is made with; the first is the default.' },
  },
} as const;

export const countertopsSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('countertops'),
  type: 'object',
  title: 'Countertops',
  description: 'Countertop materials priced per square foot, with the edge profiles and cut-outs a quote may add.',
  additionalProperties: false,
  required: ['materials', 'edges', 'cutouts'],
  properties: {
    $schema: schemaRefProperty,
    materials: { title: 'Materials', type: 'array', minItems: 1, items: countertopMaterialSchema, description: 'The materials, in the order the studio lists them.' },
    edges: { title: 'Edge profiles', type: 'array', minItems: 1, items: edgeProfileSchema, description: 'The edge profiles.' },
    cutouts: { title: 'Cut-outs', type: 'array', items: cutoutSchema, description: 'The cut-outs.' },
  },
} as const;

export type CountertopsDefinition = FromSchema<typeof countertopsSchema>;
export type CountertopMaterial = FromSchema<typeof countertopMaterialSchema>;
export type EdgeProfile = FromSchema<typeof edgeProfileSchema>;
export type Cutout = FromSchema<typeof cutoutSchema>;
