/** Services (catalog/services.json): installation, delivery, design, removal; priced per unit, per linear foot or at a fixed price. */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from '../schema-id';
import { schemaRefProperty } from './catalog-common.schema';
import { dollars, skuPattern } from './kitchen-common.schema';

export const SERVICE_UNITS = ['each', 'linear-foot', 'fixed'] as const;
export type ServiceUnit = (typeof SERVICE_UNITS)[number];

export const serviceSchema = {
  type: 'object',
  title: 'Service',
  description: 'One service the store quotes.',
  additionalProperties: false,
  required: ['sku', 'name', 'unit', 'price'],
  properties: {
    sku: { title: 'SKU', type: 'string', pattern: skuPattern, description: 'Stock keeping unit, unique across the catalog, e.g. SV-INSTALL.' },
    name: { title: 'Name', type: 'string', minLength: 1, maxLength: 120, description: 'What the customer reads, e.g. Cabinet installation.' },
    unit: { title: 'Priced by', enum: SERVICE_UNITS, description: 'each: per unit (a cabinet installed); linear-foot: per foot (cabinets removed); fixed: one price.' },
    unitName: { title: 'Unit name', type: 'string', minLength: 1, maxLength: 30, description: 'What one unit is, for each: e.g. cabinet (shown as "per cabinet"). Default unit.' },
    price: { title: 'Price', ...dollars, exclusiveMinimum: 0, description: 'Dollars per unit, per linear foot, or the fixed price.' },
  },
} as const;

export const servicesSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('services'),
  type: 'object',
  title: 'Services',
  description: 'The services a quote may hold.',
  additionalProperties: false,
  required: ['services'],
  properties: {
    $schema: schemaRefProperty,
    services: { title: 'Services', type: 'array', minItems: 1, items: serviceSchema, description: 'The services, in the order the studio lists them.' },
  },
} as const;

export type ServicesDefinition = FromSchema<typeof servicesSchema>;
export type ServiceDefinition = FromSchema<typeof serviceSchema>;
