import type { FromSchema } from 'json-schema-to-ts';

/**
 * Formatted text for operators: an HTML string in a small safe subset
 * (./rich-text-policy.ts), sanitised by the server when it renders the page. A static block: it ships
 * no JavaScript.
 */
export const richTextBlockSchema = {
  type: 'object',
  title: 'Rich text block',
  description:
    'Formatted text: paragraphs, headings, bold, italic, links and lists, written as HTML. Anything else (scripts, styles, images, frames, other tags and attributes) is removed when the page is rendered, and the validator names what would be removed.',
  additionalProperties: false,
  required: ['type', 'html'],
  properties: {
    type: { const: 'rich-text', title: 'Type', description: 'Block type: rich-text.' },
    id: {
      type: 'string',
      pattern: '^[A-Za-z][A-Za-z0-9_-]*$',
      title: 'Anchor id',
      description: 'Optional anchor id of the block, so a link can lead to it (/about-us#story). Letters, digits, - and _, starting with a letter.',
    },
    html: {
      type: 'string',
      minLength: 1,
      contentMediaType: 'text/html',
      title: 'Text',
      description:
        'The text, with headings, bold, italic, links and lists. A heading 2 starts a section under the page title; headings 3 and 4 go below it.',
    },
  },
} as const;

export type RichTextBlock = FromSchema<typeof richTextBlockSchema>;
