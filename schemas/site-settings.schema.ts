import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from './schema-id';

export const siteSettingsSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('site-settings'),
  type: 'object',
  title: 'Site settings',
  description: 'Name, navigation, contact details and consent texts shared by every page.',
  additionalProperties: false,
  required: ['siteName', 'navigation'],
  properties: {
    $schema: { type: 'string', description: 'Path or URL of this schema, so editors can check the file.' },
    siteName: { type: 'string', minLength: 1, description: 'Name of the store, shown in the header and page titles.' },
    navigation: {
      type: 'array',
      description: 'Top-level menu entries of the header.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['label', 'path'],
        properties: {
          label: { type: 'string', minLength: 1, description: 'Menu text.' },
          path: { type: 'string', minLength: 1, description: 'Where the entry links to.' },
        },
      },
    },
    cookieConsent: {
      type: 'object',
      description: 'The cookie banner shown until the visitor chooses.',
      additionalProperties: false,
      required: ['message'],
      properties: {
        message: { type: 'string', minLength: 1, description: 'Text of the banner.' },
        expiryDays: { type: 'integer', minimum: 1, description: 'How long the choice is remembered. Default 180 days.' },
      },
    },
  },
} as const;

export type SiteSettings = FromSchema<typeof siteSettingsSchema>;
