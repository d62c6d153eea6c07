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

/** A style of the catalog with a cabinet line, and one of its finishes: one end of the cabinet mix's range. */
/** An answer of a question, as the starting quote reads it. */
const answerText = { title: 'Answer', type: 'string', minLength: 1, description: 'An answer of the question, as the question stores it (e.g. quartz).' } as const;
const questionName = (what: string) => ({ title: `${what} question`, type: 'string', minLength: 1, description: `The name of the question that asks the ${what.toLowerCase()}.` }) as const;

/**
 * What the designer's starting quote takes from the visitor's answers, beside the mix's cabinets
 * (server/back-office/starting-quote.ts): the cabinets' finish, the countertop at the size's usual
 * square feet, and services such as installation, each a line of the catalog.
 */
const startingQuoteSchema = {
  type: 'object',
  title: 'Starting quote',
  description: "What the designer's starting quote takes from the visitor's answers: the finish of the cabinets, the countertop at the kitchen size's usual square feet, and services such as installation.",
  additionalProperties: false,
  properties: {
    finishField: questionName('Finish'),
    finishes: {
      type: 'array',
      title: 'Finish of each answer',
      description: "For each answer of the finish question, the low-end style's finish the cabinets are quoted in.",
      items: {
        type: 'object',
        title: 'Finish answer',
        additionalProperties: false,
        required: ['answer', 'finish'],
        properties: {
          answer: answerText,
          finish: {
            type: 'object',
            title: 'Finish',
            description: "A finish of the low-end style, as its finish list names it.",
            additionalProperties: false,
            required: ['type', 'value'],
            properties: {
              type: { title: 'Finish group', type: 'string', minLength: 1, description: 'The group, e.g. painted.' },
              value: { title: 'Finish', type: 'string', minLength: 1, description: 'The finish, e.g. alpine-white.' },
            },
          },
        },
      },
    },
    countertopField: questionName('Countertop'),
    countertops: {
      type: 'array',
      title: 'Countertop of each answer',
      description: 'For each answer of the countertop question, the countertop of the catalog quoted.',
      items: {
        type: 'object',
        title: 'Countertop answer',
        additionalProperties: false,
        required: ['answer', 'sku'],
        properties: { answer: answerText, sku: { title: 'Countertop SKU', type: 'string', minLength: 1, description: 'A countertop of the catalog, e.g. CT-QUARTZ-CAL.' } },
      },
    },
    countertopSqft: {
      type: 'array',
      title: 'Countertop square feet by size',
      description: "The usual square feet of countertop of each kitchen size.",
      items: {
        type: 'object',
        title: 'Size',
        additionalProperties: false,
        required: ['size', 'sqft'],
        properties: { size: { title: 'Size', type: 'string', minLength: 1, description: 'An answer of the size question.' }, sqft: { title: 'Square feet', type: 'number', exclusiveMinimum: 0, maximum: 1000, description: 'Square feet of countertop.' } },
      },
    },
    services: {
      type: 'array',
      title: 'Services',
      description: 'Services of the catalog an answer adds (installation for "yes", backsplash tiling for a tile).',
      items: {
        type: 'object',
        title: 'Service',
        additionalProperties: false,
        required: ['field', 'answers', 'sku'],
        properties: {
          field: { title: 'Question', type: 'string', minLength: 1, description: 'The name of the question.' },
          answers: { type: 'array', title: 'Answers', minItems: 1, items: answerText, description: 'The answers that add the service.' },
          sku: { title: 'Service SKU', type: 'string', minLength: 1, description: 'A service of the catalog, e.g. SV-INSTALL.' },
          perCabinet: { title: 'One per cabinet', type: 'boolean', description: 'Quoted once for each cabinet of the mix (installation).' },
          feetBySize: {
            type: 'array',
            title: 'Linear feet by size',
            description: 'For a service by the linear foot: the usual feet of each kitchen size.',
            items: {
              type: 'object',
              title: 'Size',
              additionalProperties: false,
              required: ['size', 'feet'],
              properties: { size: { title: 'Size', type: 'string', minLength: 1, description: 'An answer of the size question.' }, feet: { title: 'Linear feet', type: 'number', exclusiveMinimum: 0, maximum: 1000, description: 'Linear feet.' } },
            },
          },
        },
      },
    },
  },
} as const;

const mixStyleSchema = {
  type: 'object',
  title: 'Style and finish',
  description: 'A style of the catalog that has a cabinet line, and one of its finishes.',
  additionalProperties: false,
  required: ['style', 'finish'],
  properties: {
    style: { title: 'Style', type: 'string', minLength: 1, description: 'The style\'s name (its file name), e.g. hartford-shaker.' },
    finish: {
      type: 'object',
      title: 'Finish',
      description: 'A finish of that style, as its finish list names it.',
      additionalProperties: false,
      required: ['type', 'value'],
      properties: {
        type: { title: 'Finish type', type: 'string', minLength: 1, description: 'The finish group, e.g. stained.' },
        value: { title: 'Finish', type: 'string', minLength: 1, description: 'The finish, e.g. natural-oak.' },
      },
    },
  },
} as const;

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
    cabinetMix: {
      type: 'object',
      title: 'Cabinet mix',
      description:
        "The cabinets of a typical kitchen of each size (and layout), by catalog code: the estimate's cabinets are this mix priced from the catalog, at its cheapest style and finish (the low end of the range) and its dearest (the high end).",
      additionalProperties: false,
      required: ['sizeField', 'low', 'high', 'mixes'],
      properties: {
        sizeField: { title: 'Size question', type: 'string', minLength: 1, description: 'The name of the question that asks the kitchen size; the mix is priced in its row of the summary.' },
        layoutField: { title: 'Layout question', type: 'string', minLength: 1, description: 'The name of the question that asks the layout, when a layout has a mix of its own.' },
        low: { ...mixStyleSchema, title: 'Low end', description: 'The style and finish that price the low end of the range.' },
        high: { ...mixStyleSchema, title: 'High end', description: 'The style and finish that price the high end of the range.' },
        mixes: {
          type: 'array',
          title: 'Mixes',
          minItems: 1,
          description: 'One mix per size; a mix with a layout is used for that layout, the one without for the others.',
          items: {
            type: 'object',
            title: 'Mix',
            additionalProperties: false,
            required: ['size', 'cabinets'],
            properties: {
              size: { title: 'Size', type: 'string', minLength: 1, description: 'An answer of the size question (e.g. medium).' },
              layout: { title: 'Layout', type: 'string', minLength: 1, description: 'An answer of the layout question (e.g. galley); leave empty for the size\'s usual mix.' },
              cabinets: {
                type: 'array',
                title: 'Cabinets',
                minItems: 1,
                description: 'The cabinets, by code as the catalog names them (B24, W3030), each with how many.',
                items: {
                  type: 'object',
                  title: 'Cabinet',
                  additionalProperties: false,
                  required: ['code', 'qty'],
                  properties: {
                    code: { title: 'Code', type: 'string', minLength: 1, description: "A cabinet code of both the low and the high style's cabinet lines." },
                    qty: { title: 'Quantity', type: 'integer', minimum: 1, maximum: 99, description: 'How many of them.' },
                  },
                },
              },
            },
          },
        },
        startingQuote: startingQuoteSchema,
      },
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
