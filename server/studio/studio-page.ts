/** The studio app's page, /studio. STUB: being written (issue 20). */
import type Router from '@koa/router';
import type { StudioDeps } from './studio-deps';

export function studioPageRoutes(_site: Router, _deps: StudioDeps): void {}
