import type { FromSchema } from 'json-schema-to-ts';

export const faqBlockSchema = {
  type: 'object',
  title: 'FAQ block',
  description: "Questions from data/faqs.json in an accordion, filterable by category tabs; on a style page it can keep only that style's questions. Shows 'No Data Found' when none match.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'faq', description: 'Block type: faq.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', description: "Heading. Default 'Frequently Asked Questions'." },
    description: { title: 'Description', type: 'string', description: 'Text under the heading.' },
    categories: { title: 'Categories', type: 'array', items: { type: 'string' }, description: 'Only these categories (and tabs), in this order. Default: every category, in file order.' },
    style: { title: 'Style', type: 'string', description: "Only the questions of this style (FAQ entries whose styles list names it). The value ':styleName' takes the style of the page's route." },
    includeGeneral: { title: 'Include general', type: 'boolean', description: 'With style: also show general questions (those naming no style). Default false.' },
    tabsBy: { title: 'Tabs by', enum: ['category', 'style'], description: "What the filter tabs choose: the question's category, or the style it is about (general questions show under 'All' only). Default category." },
    showTabs: { title: 'Show tabs', type: 'boolean', description: 'Show the category filter tabs. Default true when there are two or more categories.' },
    showAll: { title: 'Show all', type: 'boolean', description: "Add an 'All' tab first. Default true." },
    tabs: { title: 'Tabs', enum: ['wrap', 'scroll', 'buttons'], description: 'How the tab strip handles overflow: wrap, scroll, or scroll with buttons (200 px a step). Default wrap.' },
    limit: { title: 'Limit', type: 'integer', minimum: 1, description: 'At most this many questions.' },
    structuredData: { title: 'Search engine details', type: 'boolean', description: 'Let search engines show these questions and answers in their results. Default on.' },
  },
} as const;

export type FaqBlock = FromSchema<typeof faqBlockSchema>;
