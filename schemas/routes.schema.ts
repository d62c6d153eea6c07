import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from './schema-id';

export const routesSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('routes'),
  type: 'object',
  title: 'Route list',
  description: 'Which page definition answers which path.',
  additionalProperties: false,
  required: ['routes'],
  properties: {
    $schema: { title: 'Schema file', type: 'string', description: 'Path or URL of this schema, so editors can check the file.' },
    routes: { title: 'Routes',
      type: 'array',
      description: 'Routes, looked up in order; the first match wins.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'page'],
        properties: {
          path: { title: 'Path',
            type: 'string',
            pattern: '^/$|^(/([A-Za-z0-9._~-]+|:[A-Za-z][A-Za-z0-9_]*|\\*))+$',
            description:
              'Path pattern starting with /: segments of letters, digits and - . _ ~, a :name parameter, or * for the rest of the path; e.g. /about-us, /blogs/authors/:authorId, or /* for the catch-all.',
          },
          page: { title: 'Page', type: 'string', minLength: 1, description: 'Name of the page definition in pages/ (without .json).' },
          status: { title: 'Status', type: 'integer', enum: [200, 404], description: '200 for a normal page, 404 for a \'not found\' page (search engines then drop it). Default 200.' },
          secretQuery: { title: 'Secret query',
            type: 'array',
            description:
              "Parts of this page's address that are secret or personal, e.g. [\"email\"]: the store never writes them into the page itself. token is always secret.",
            items: { type: 'string', pattern: '^[A-Za-z0-9._~-]+$' },
            uniqueItems: true,
          },
        },
      },
    },
    redirects: { title: 'Redirects',
      type: 'array',
      description: 'Old addresses that send visitors on to another page of the site, e.g. /my-account/addresses/add to /my-account/address/new.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['from', 'to'],
        properties: {
          from: { title: 'From', type: 'string', pattern: '^(/[A-Za-z0-9._~-]+)+$', description: 'The exact path that redirects (no parameters), e.g. /my-account/addresses/add.' },
          to: { title: 'To', type: 'string', pattern: '^/([A-Za-z0-9._~-]+(/[A-Za-z0-9._~-]+)*)?$', description: 'The path of this site to go to; the query string is kept.' },
          status: { title: 'Status', type: 'integer', enum: [301, 302, 307, 308], description: '301 when the page moved for good, 302 when for a while. Default 301.' },
        },
      },
    },
  },
} as const;

export type RouteList = FromSchema<typeof routesSchema>;
export type RouteEntry = RouteList['routes'][number];
export type RedirectEntry = NonNullable<RouteList['redirects']>[number];
