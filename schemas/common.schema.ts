/** Pieces that several definition schemas share: images, links and actions. */

export const imageSchema = {
  type: 'object',
  title: 'Image',
  description: 'A picture from the image library, with words that say what it shows.',
  additionalProperties: false,
  required: ['src', 'alt'],
  properties: {
    src: { title: 'Image file', type: 'string', minLength: 1, description: 'The picture: choose one from the image library or upload one (/images/…).' },
    alt: { title: 'Alternative text', type: 'string', description: 'What the picture shows, read aloud to visitors who cannot see it; empty only for a picture that is decoration.' },
    width: { title: 'Width', type: 'integer', minimum: 1, description: "The picture's own width, filled in when it is chosen; lets the page keep its place while it loads." },
    height: { title: 'Height', type: 'integer', minimum: 1, description: "The picture's own height, filled in when it is chosen." },
  },
} as const;

export const actionSchema = {
  type: 'object',
  title: 'Button',
  description: 'A button, or a text link, that leads to another page.',
  additionalProperties: false,
  required: ['text', 'path'],
  properties: {
    text: { title: 'Button text', type: 'string', minLength: 1, description: 'The words on the button or link.' },
    path: { title: 'Links to', type: 'string', minLength: 1, description: 'Where it links to: a page of this site, or a full URL of another site.' },
    variant: { title: 'Look', enum: ['primary', 'secondary', 'link'], description: 'A filled button (primary), an outlined one (secondary) or a text link (link). Default: filled.' },
  },
} as const;
