/** The back office's orders (issue 21; schemas/api/back-office-orders.ts). */
import type Router from '@koa/router';
import type { OperatorGate } from '../studio/operator-gate';
import type { StudioDeps } from '../studio/studio-deps';

export function backOfficeOrderRoutes(api: Router, deps: StudioDeps, gate: OperatorGate): void {
  void api;
  void deps;
  void gate;
}
