/**
 * The studio's image library (server/studio/image-routes.ts; docs/studio.md, "Images"): every
 * image of the content folder with its alt text, size and the pages that use it, with a search;
 * and the upload of a new one (JPEG, PNG, WebP, AVIF or SVG, cleaned), alt text required, its
 * smaller copies made for responsive pages. An uploaded image is stored in the database and
 * written into every server's content folder, as published content is.
 */
import { endpoint, errorSchema, successWith } from './endpoint';
import { denied, done, operatorSession, text } from './studio-common';
import { MAX_ALT_LENGTH } from '../uploaded-images';

export const IMAGE_ALT_REQUIRED = 'Describe the image for people who cannot see it: the alt text is required.';
export const IMAGE_ALT_RULE = `The alt text is at most ${MAX_ALT_LENGTH} characters.`;

const tags = ['studio'] as const;

export const libraryImageSchema = {
  type: 'object',
  required: ['src', 'alt', 'width', 'height', 'mediaType', 'byteSize', 'uploadedBy', 'createdAt', 'copies', 'usedOn'],
  additionalProperties: false,
  properties: {
    src: { type: 'string', description: 'As a definition names it: /images/uploads/kitchen-3f9a2c1b.jpg' },
    alt: { type: 'string', description: 'The alt text given on upload; for an image of the folder, the one the content gives it most' },
    width: { type: ['integer', 'null'] },
    height: { type: ['integer', 'null'] },
    mediaType: text,
    byteSize: { type: 'integer' },
    uploadedBy: { type: ['string', 'null'], description: 'Who uploaded it in the studio (null: it came with the content folder)' },
    createdAt: { type: ['string', 'null'], format: 'date-time' },
    copies: { type: 'array', description: 'The smaller WebP copies made on upload, for srcset', items: { type: 'object', required: ['src', 'width'], additionalProperties: false, properties: { src: text, width: { type: 'integer' } } } },
    usedOn: {
      type: 'array',
      description: 'The published definitions that show it: a page by its title and address',
      items: { type: 'object', required: ['file', 'title', 'address'], additionalProperties: false, properties: { file: text, title: text, address: { type: ['string', 'null'] } } },
    },
  },
} as const;

export const imageListEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/images',
  summary: 'The image library: every image of the content folder (uploaded ones first, newest first), with its alt text, size, copies and the pages that use it; `search` matches every word in the name, the alt text and the pages',
  caller: 'a viewer',
  security: operatorSession,
  tags,
  request: { query: { type: 'object', additionalProperties: false, properties: { search: { type: 'string', maxLength: 200, 'x-message': 'At most 200 characters.' } } } },
  responses: { 200: successWith({ type: 'array', items: libraryImageSchema }), 400: errorSchema, ...denied },
});

export const imageUploadEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/images',
  bodyTypes: ['multipart/form-data'],
  summary:
    'Upload an image into the content: multipart/form-data with `file` (JPEG, PNG, WebP, AVIF, up to 15 MB and 50 million pixels; SVG up to 1 MB, cleaned of scripts and outside references) and `alt`. A picture is turned upright, made at most 2400 px wide, stripped of its metadata, with WebP copies 480, 960 and 1600 px wide. The same image again answers the one stored (200)',
  caller: 'an editor',
  security: operatorSession,
  tags,
  request: {
    body: {
      type: 'object',
      required: ['alt'],
      additionalProperties: false,
      properties: {
        alt: { type: 'string', minLength: 1, maxLength: MAX_ALT_LENGTH, pattern: '\\S', 'x-message': IMAGE_ALT_RULE, 'x-required': IMAGE_ALT_REQUIRED },
      },
    },
  },
  responses: {
    200: successWith(libraryImageSchema),
    201: successWith(libraryImageSchema),
    400: { ...errorSchema, description: `validation_failed: fields.alt ('${IMAGE_ALT_REQUIRED}'), fields.file (no file); invalid_multipart` },
    413: { ...errorSchema, description: 'image_too_large: more bytes or pixels than the limits' },
    415: { ...errorSchema, description: 'unsupported_image: not JPEG, PNG, WebP, AVIF or SVG (read from the bytes), or an SVG with nothing left once cleaned' },
    409: { ...errorSchema, description: "image_quota_reached: the editor's uploads in the library would pass the quota (STUDIO_IMAGE_QUOTA_COUNT images, default 200; STUDIO_IMAGE_QUOTA_MB, default 200 MB); fields.file says so and to ask an admin to delete unused images" },
    422: { ...errorSchema, description: 'unreadable_image: the file says it is an image but cannot be decoded' },
    429: { ...errorSchema, description: 'too_many_requests: more uploads by this operator in an hour than STUDIO_IMAGE_UPLOADS_PER_HOUR (default 60); Retry-After' },
    ...denied,
  },
});

export const IMAGE_NOT_FOUND = 'There is no uploaded image by that name in the library. Images that came with the content folder are changed in the folder, not here.';

export const imageDeleteEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/studio/images',
  summary:
    'Delete an uploaded image and its smaller copies from the library, on every server (each takes the files out of its content folder at its next poll; this one at once). Refused while a published page or a change waiting for review uses it. Audited',
  caller: 'an admin',
  security: operatorSession,
  tags,
  request: { query: { type: 'object', required: ['src'], additionalProperties: false, properties: { src: { type: 'string', minLength: 1, maxLength: 300, 'x-message': 'Name the image by its src, such as /images/uploads/kitchen-3f9a2c1b.jpg.' } } } },
  responses: {
    200: done,
    400: errorSchema,
    404: { ...errorSchema, description: `image_not_found: '${IMAGE_NOT_FOUND}'` },
    409: { ...errorSchema, description: 'image_in_use: a published page or a change waiting for review shows it; the message names them' },
    ...denied,
  },
});

export const imageEndpoints = [imageListEndpoint, imageUploadEndpoint, imageDeleteEndpoint] as const;
