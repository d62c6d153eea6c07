/** Frequently asked questions (data/faqs.json), filterable by category and by style. */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from '../schema-id';
import { schemaRefProperty, slugPattern } from './catalog-common.schema';

export const faqSchema = {
  type: 'object',
  title: 'FAQ',
  description: 'One question and its answer.',
  additionalProperties: false,
  required: ['question', 'answer', 'category'],
  properties: {
    question: { title: 'Question', type: 'string', minLength: 1, description: 'The question, as a customer would ask it.' },
    answer: { title: 'Answer', type: 'string', minLength: 1, description: 'The answer; simple HTML (p, a, ul, li, strong, em) is allowed and is sanitised at load.' },
    category: { title: 'Category', type: 'string', minLength: 1, description: 'Filter tab the question sits under, e.g. Shipping.' },
    styles: { title: 'Styles', type: 'array', items: { type: 'string', pattern: slugPattern }, description: 'Names of the styles whose pages show this question; absent means a general question.' },
  },
} as const;

export const faqsSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('faqs'),
  type: 'object',
  title: 'FAQs',
  description: 'The questions shown on the FAQ page and, filtered, on style pages.',
  additionalProperties: false,
  required: ['faqs'],
  properties: {
    $schema: schemaRefProperty,
    faqs: { title: 'Questions', type: 'array', items: faqSchema, description: 'The questions, in display order.' },
  },
} as const;

export type FaqsDefinition = FromSchema<typeof faqsSchema>;
export type Faq = FromSchema<typeof faqSchema>;
