/**
 * The studio's block catalogue (server/studio/block-example-routes.ts; docs/studio.md, "Adding a
 * block"): each block type's example (schemas/blocks/block-examples.ts) drawn by the real renderer,
 * shown as its picture where an editor adds a block.
 */
import { endpoint, errorSchema } from './endpoint';
import { denied, operatorSession } from './studio-common';

export const BLOCK_TYPE_NOT_FOUND = 'No block type has this name.';

export const blockExampleEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/block-examples/:type',
  summary:
    "A block type's example alone on a page, drawn by the real renderer over the live content without the header and footer: an HTML page for a sandboxed frame (no script runs in it), the catalogue's picture of the block",
  caller: 'a viewer',
  security: operatorSession,
  tags: ['studio'],
  responseTypes: { 200: 'text/html' },
  request: { params: { type: 'object', required: ['type'], properties: { type: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,59}$', 'x-message': BLOCK_TYPE_NOT_FOUND } } } },
  responses: {
    200: { type: 'string', description: 'The page, with a Content-Security-Policy that lets no script run' },
    400: errorSchema,
    404: { ...errorSchema, description: 'not_found: no block type has this name' },
    ...denied,
  },
});

/** Where the studio finds a block type's picture. */
export function blockExamplePath(type: string): string {
  return blockExampleEndpoint.path.replace(':type', encodeURIComponent(type));
}

export const blockCatalogueEndpoints = [blockExampleEndpoint] as const;
