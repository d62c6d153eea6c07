/**
 * Estimator templates: sections (groups) of fields
 * with a live price range looked up in a pricing data file.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { emailNotificationsSchema, formMetadataSchema } from '../forms/form.schema';
import { fieldDefinitions, groupFieldRef, type GroupField } from '../forms/form-field.schema';
import { schemaId } from '../schema-id';
import { summaryConfigSchema } from './summary-config.schema';

/** The pricing data file a template uses when it names none. */
export const DEFAULT_PRICE_TEMPLATE = 'data/estimator-pricing.json';

export const estimatorTemplateSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('estimator-template'),
  type: 'object',
  title: 'Estimator template',
  description: 'A price estimator: sections of fields, a price summary, and the pricing data it reads.',
  additionalProperties: false,
  required: ['name', 'fields'],
  definitions: fieldDefinitions,
  properties: {
    $schema: { title: 'Schema file', type: 'string', description: 'Path or URL of this schema, so editors can check the file.' },
    id: { title: 'Anchor id', type: 'string', description: 'Optional identifier sent with submissions (e.g. a CRM form id).' },
    name: { title: 'Name',
      type: 'string',
      pattern: '^[a-z0-9][a-z0-9-]*$',
      description: 'Name of the estimator; the same as its file name.',
    },
    title: { title: 'Title', type: 'string', description: 'Heading shown above the estimator.' },
    description: { title: 'Description', type: 'string', description: 'Text under the heading.' },
    className: { title: 'Style names', type: 'string', description: 'Names a designer gave this estimator\'s look in the site\'s styles; leave empty unless told.' },
    fields: { title: 'Fields',
      type: 'array',
      minItems: 1,
      items: groupFieldRef,
      description: 'The sections, in order; each is a group (layout accordion or popup) with its fields and actions.',
    },
    buttons: {
      type: 'object',
      title: 'Buttons',
      description: 'Buttons of the whole estimator.',
      additionalProperties: false,
      properties: {
        reset: {
          type: 'object',
          title: 'Reset',
          description: 'Clears every value and the price, and reopens the first section.',
          additionalProperties: false,
          required: ['text'],
          properties: { text: { title: 'Text', type: 'string', minLength: 1, description: 'Words on the button.' } },
        },
      },
    },
    actions: {
      type: 'object',
      title: 'Actions',
      description: 'What a submission does.',
      additionalProperties: false,
      properties: {
        submitText: { title: 'Submit text', type: 'string', description: "Default words of a section's submit button." },
        printText: { title: 'Print text', type: 'string', description: "Default words of a section's print button." },
      },
    },
    googleReCaptcha: { title: 'Captcha',
      type: 'boolean',
      description: "Ask for a reCAPTCHA token before sending ('Please complete the reCAPTCHA verification'). Required when emailNotifications.sendSuccessEmail e-mails the visitor's address.",
    },
    emailNotifications: emailNotificationsSchema,
    summary: summaryConfigSchema,
    priceTemplate: { title: 'Price template',
      type: 'string',
      pattern: '^[A-Za-z0-9_./-]+\\.json$',
      description: 'Pricing data file, relative to the content folder. Default data/estimator-pricing.json.',
    },
    pdf: {
      type: 'object',
      title: 'PDF',
      description: 'The downloadable estimate (A4, estimate-{date}.pdf, valid 30 days).',
      additionalProperties: false,
      properties: {
        logo: { title: 'Logo', type: 'string', description: 'Path of the logo drawn at the top (300x100 by default).' },
        title: { title: 'Title', type: 'string', description: 'Heading of the PDF. Default: the estimator title.' },
        footer: { title: 'Footer', type: 'string', description: 'Small print at the foot of the PDF.' },
      },
    },
    metadata: formMetadataSchema,
  },
} as const;

type Sectionless = Omit<typeof estimatorTemplateSchema, 'properties' | 'definitions' | 'required'> & {
  properties: Omit<(typeof estimatorTemplateSchema)['properties'], 'fields'>;
  required: ['name'];
};
/** The sections' type comes from form-field.schema.ts (GroupField); see FormDefinition for why. */
export type EstimatorTemplate = FromSchema<Sectionless> & { fields: GroupField[] };
