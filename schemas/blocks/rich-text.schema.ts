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
        'The text as HTML. Kept: <p>, <h2>, <h3>, <h4>, <strong> or <b>, <em> or <i>, <a href="..."> (http, https, mailto or a site path such as /contact; links to other sites get rel="noopener"), <ul>, <ol>, <li> and <br>. Use <h2> for a section under the page title, <h3> and <h4> below it.',
    },
  },
} as const;

export type RichTextBlock = FromSchema<typeof richTextBlockSchema>;
