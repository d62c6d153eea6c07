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
    'Formatted text: paragraphs, headings, bold, italic, links and lists. Anything else (pictures, tables, colours, fonts) is left out when the page is shown, and the studio says what it leaves out.',
  additionalProperties: false,
  required: ['type', 'html'],
  properties: {
    type: { const: 'rich-text', title: 'Type', description: 'Block type: rich-text.' },
    id: {
      type: 'string',
      pattern: '^[A-Za-z][A-Za-z0-9_-]*$',
      title: 'Name for links to it',
      description: 'Optional: a link ending in # and this name leads straight to this block (/about-us#story). Letters, digits, - and _, starting with a letter.',
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
