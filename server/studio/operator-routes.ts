/** Operators: set-up, sign-in, sessions, roles, audit (schemas/api/studio.ts). STUB: being written (issue 20). */
import type Router from '@koa/router';
import { ApiError } from '../http/api-error';
import type { OperatorGate } from './operator-gate';
import type { StudioDeps } from './studio-deps';

export async function operatorRoutes(_api: Router, _deps: StudioDeps): Promise<{ gate: OperatorGate }> {
  return {
    gate: {
      require: async () => {
        throw new ApiError(401, 'not_signed_in', 'Sign in to the studio.');
      },
      audit: async () => {},
    },
  };
}
