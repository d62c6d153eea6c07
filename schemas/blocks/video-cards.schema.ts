import type { FromSchema } from 'json-schema-to-ts';

export const videoItemSchema = {
  type: 'object',
  title: 'Video card',
  description: 'A video shown as a thumbnail that turns into the player on click.',
  additionalProperties: false,
  required: ['videoUrl', 'title'],
  properties: {
    videoUrl: { title: 'Video link', type: 'string', minLength: 1, description: 'A YouTube link (watch, youtu.be or embed) or a video file path.' },
    videoType: { title: 'Video type', enum: ['youtube', 'video'], description: 'youtube or video (a file). Default: youtube when the URL is a YouTube link.' },
    thumbnail: { title: 'Thumbnail',
      type: 'object',
      additionalProperties: false,
      required: ['src', 'alt'],
      description: "Still image shown before play. Without it a YouTube video uses the service's stills (max, high, medium, default quality).",
      properties: {
        src: { title: 'Image file', type: 'string', minLength: 1, description: 'Image path, e.g. /images/videos/tour.svg.' },
        alt: { title: 'Alternative text', type: 'string', description: 'Alternative text.' },
      },
    },
    title: { title: 'Title', type: 'string', minLength: 1, description: 'Video title.' },
    description: { title: 'Description', type: 'string', description: 'Shown under the title, cut at 250 characters on a word boundary.' },
    uploadDate: { title: 'Upload date', type: 'string', description: 'When the video was published (YYYY-MM-DD), told to search engines.' },
  },
} as const;

export const videoCardsBlockSchema = {
  type: 'object',
  title: 'Video cards block',
  description: 'A grid of video cards; search engines are told about the videos.',
  additionalProperties: false,
  required: ['type', 'items'],
  properties: {
    type: { title: 'Type', const: 'video-cards', description: 'Block type: video-cards.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', description: 'Heading above the grid.' },
    columns: { title: 'Columns', type: 'integer', minimum: 1, maximum: 4, description: 'Cards per row on desktop. Default 3.' },
    items: { title: 'Items', type: 'array', items: videoItemSchema, description: 'The videos, in order.' },
  },
} as const;

export type VideoCardsBlock = FromSchema<typeof videoCardsBlockSchema>;
