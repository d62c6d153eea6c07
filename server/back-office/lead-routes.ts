/** The back office's leads and subscribers (issue 21; schemas/api/back-office-leads.ts). */
import type Router from '@koa/router';
import type { OperatorGate } from '../studio/operator-gate';
import type { StudioDeps } from '../studio/studio-deps';

export function backOfficeLeadRoutes(api: Router, deps: StudioDeps, gate: OperatorGate): void {
  void api;
  void deps;
  void gate;
}
