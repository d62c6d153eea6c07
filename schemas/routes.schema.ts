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
          status: { title: 'Status', type: 'integer', enum: [200, 404], description: 'HTTP status of the answer. Default 200.' },
          secretQuery: { title: 'Secret query',
            type: 'array',
            description:
              "Query parameters of this route that are secrets or personal data, e.g. [\"email\"]: the server never writes them into the page's HTML or its page cache (the page's islands read them from the address bar). `token` is secret on every route.",
            items: { type: 'string', pattern: '^[A-Za-z0-9._~-]+$' },
            uniqueItems: true,
          },
        },
      },
    },
    redirects: { title: 'Redirects',
      type: 'array',
      description: 'Old paths that send the browser to another path of the site (a real HTTP redirect, looked up before the routes), e.g. /my-account/addresses/add to /my-account/address/new.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['from', 'to'],
        properties: {
          from: { title: 'From', type: 'string', pattern: '^(/[A-Za-z0-9._~-]+)+$', description: 'The exact path that redirects (no parameters), e.g. /my-account/addresses/add.' },
          to: { title: 'To', type: 'string', pattern: '^/([A-Za-z0-9._~-]+(/[A-Za-z0-9._~-]+)*)?$', description: 'The path of this site to go to; the query string is kept.' },
          status: { title: 'Status', type: 'integer', enum: [301, 302, 307, 308], description: 'HTTP status. Default 301 (moved for good).' },
        },
      },
    },
  },
} as const;

export type RouteList = FromSchema<typeof routesSchema>;
export type RouteEntry = RouteList['routes'][number];
export type RedirectEntry = NonNullable<RouteList['redirects']>[number];
