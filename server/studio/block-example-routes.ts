/**
 * The block catalogue's pictures (schemas/api/studio-blocks.ts): a viewer may see them, as they may
 * see the preview. Each is drawn once per content (./block-example.ts), so the catalogue's dozens
 * of pictures cost a render each the first time only.
 */
import type Router from '@koa/router';
import { BLOCK_TYPE_NOT_FOUND, blockExampleEndpoint } from '../../schemas/api/studio-blocks';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import { isBlockType, renderBlockExample } from './block-example';
import { PREVIEW_POLICY } from './content-preview';
import type { OperatorGate } from './operator-gate';
import type { StudioDeps } from './studio-deps';

export function blockExampleRoutes(api: Router, deps: StudioDeps, gate: OperatorGate): void {
  api.get(blockExampleEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'viewer');
    const { params } = checkRequest(blockExampleEndpoint, ctx);
    if (!isBlockType(params.type)) throw new ApiError(404, 'not_found', BLOCK_TYPE_NOT_FOUND);
    const html = renderBlockExample(deps, deps.live.current(), params.type);
    // Kept a minute by the browser: the catalogue opens again without a request per picture.
    ctx.set('Cache-Control', 'private, max-age=60');
    ctx.set('Content-Security-Policy', PREVIEW_POLICY);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html;
  });
}
