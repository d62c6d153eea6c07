import type { FromSchema } from 'json-schema-to-ts';
import { actionSchema, imageSchema } from '../common.schema';

export const textSectionSchema = {
  type: 'object',
  title: 'Text section',
  description: 'A heading with paragraphs and an optional list.',
  additionalProperties: false,
  properties: {
    heading: { title: 'Heading', type: 'string', minLength: 1, description: 'Section heading.' },
    paragraphs: { title: 'Paragraphs', type: 'array', items: { type: 'string', minLength: 1 }, description: 'Paragraphs of plain text, in order.' },
    list: { title: 'List', type: 'array', items: { type: 'string', minLength: 1 }, description: 'Items of a list after the paragraphs.' },
    ordered: { title: 'Ordered', type: 'boolean', description: 'Number the list. Default false (bullets).' },
  },
} as const;

export const textBlockSchema = {
  type: 'object',
  title: 'Text block',
  description: 'Plain-text content in sections (policies, about, services), with an optional image and action.',
  additionalProperties: false,
  required: ['type', 'sections'],
  properties: {
    type: { title: 'Type', const: 'text', description: 'Block type: text.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: 'Heading of the block (h2).' },
    intro: { title: 'Intro', type: 'string', description: 'A lead paragraph under the heading.' },
    image: imageSchema,
    imagePosition: { title: 'Image position', enum: ['left', 'right'], description: 'Side of the image on wide screens. Default right.' },
    sections: { title: 'Sections', type: 'array', items: textSectionSchema, description: 'The sections, in order.' },
    action: actionSchema,
    updated: { title: 'Updated', type: 'string', description: 'A "Last updated" line, e.g. January 6, 2026.' },
  },
} as const;

export const stepsBlockSchema = {
  type: 'object',
  title: 'Steps block',
  description: 'A numbered how-to: each step shows its number padded to 2 digits (01, 02...).',
  additionalProperties: false,
  required: ['type', 'steps'],
  properties: {
    type: { title: 'Type', const: 'steps', description: 'Block type: steps.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: 'Heading of the block.' },
    intro: { title: 'Intro', type: 'string', description: 'A line under the heading.' },
    steps: { title: 'Steps',
      type: 'array',
      minItems: 1,
      description: 'The steps, in order.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'text'],
        properties: {
          title: { title: 'Title', type: 'string', minLength: 1, description: 'Step heading.' },
          text: { title: 'Text', type: 'string', minLength: 1, description: 'What happens in this step.' },
          action: actionSchema,
        },
      },
    },
  },
} as const;

export type TextBlock = FromSchema<typeof textBlockSchema>;
export type StepsBlock = FromSchema<typeof stepsBlockSchema>;
