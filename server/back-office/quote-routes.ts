/** The back office's quotes (issue 21; schemas/api/back-office-quotes.ts). */
import type Router from '@koa/router';
import type { OperatorGate } from '../studio/operator-gate';
import type { StudioDeps } from '../studio/studio-deps';

export function backOfficeQuoteRoutes(api: Router, deps: StudioDeps, gate: OperatorGate): void {
  void api;
  void deps;
  void gate;
}
