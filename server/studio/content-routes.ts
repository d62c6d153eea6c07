/** Drafts, preview, publish and versions (schemas/api/studio.ts). STUB: being written (issue 20). */
import type Router from '@koa/router';
import type { OperatorGate } from './operator-gate';
import type { StudioDeps } from './studio-deps';

export function contentRoutes(_api: Router, _deps: StudioDeps, _gate: OperatorGate): void {}
