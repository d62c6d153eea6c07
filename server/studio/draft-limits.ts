/**
 * What one operator's drafts and requests may cost the store. Every save checks the whole site
 * with the operator's drafts in place, and every preview renders a page with them: without bounds,
 * fifty drafts of a megabyte made each save hold the event loop for seconds, and every visitor's
 * page with it. So:
 *
 * - drafts per operator: at most DRAFTS_PER_OPERATOR files and DRAFT_BYTES_PER_OPERATOR bytes
 *   together (the demo store's definitions are 89 files and 250 kB in all);
 * - a draft nests at most MAX_JSON_DEPTH levels (../content/json-syntax.ts): a deeper text is
 *   refused before it is stored, so it can neither overflow the checks nor break the next save;
 * - saves and previews, per operator: SAVES_PER_MINUTE and PREVIEWS_PER_MINUTE (autosave sends
 *   at most one save every 800 ms of typing, the preview one per pause), then 429 with Retry-After.
 *
 * Counters live where the sign-in's do (../services/shared-limits.ts): shared by every server on
 * PostgreSQL.
 */
import type { Context } from 'koa';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooDeepProblem } from '../content/json-syntax';
import { ApiError } from '../http/api-error';
import { hit } from '../services/rate-limit-wait';
import { memoryLimits, type LimitStore } from '../services/shared-limits';
import type { Draft } from './draft-store';

export const DRAFTS_PER_OPERATOR = 100;
export const DRAFT_BYTES_PER_OPERATOR = 2 * 1024 * 1024;
export const SAVES_PER_MINUTE = 120;
export const PREVIEWS_PER_MINUTE = 120;

export const TOO_MANY_DRAFTS = `You have ${DRAFTS_PER_OPERATOR} drafts, the most one person may keep: publish or discard some, then go on.`;
export const DRAFTS_TOO_LARGE = `Your drafts would take more than ${DRAFT_BYTES_PER_OPERATOR / 1024 / 1024} MB together, the most one person may keep: publish or discard some, then go on.`;
export const TOO_MANY_SAVES = 'Too many saves in a minute: your text is kept in this tab and saved again in a moment.';
export const TOO_MANY_PREVIEWS = 'Too many previews in a minute: the preview comes back in a moment.';

/** A 429 with Retry-After (seconds). */
function rateLimited(ctx: Context, wait: number, message: string): ApiError {
  ctx.set('Retry-After', String(wait));
  return new ApiError(429, 'too_many_requests', message);
}

export class DraftLimits {
  private readonly saves: RateLimiterAbstract;
  private readonly previews: RateLimiterAbstract;

  constructor(limits: LimitStore = memoryLimits) {
    this.saves = limits({ keyPrefix: 'studio-saves', points: SAVES_PER_MINUTE, duration: 60 });
    this.previews = limits({ keyPrefix: 'studio-previews', points: PREVIEWS_PER_MINUTE, duration: 60 });
  }

  /** A save request, counted as it arrives: 429 past the operator's saves of the minute. */
  async countSave(ctx: Context, operatorId: number): Promise<void> {
    const wait = await hit(this.saves, String(operatorId));
    if (wait !== null) throw rateLimited(ctx, wait, TOO_MANY_SAVES);
  }

  /** Before a draft is stored: 400 for a text nested too deep, 409 when the operator's drafts with this one would be too many or too large. */
  checkDraft(path: string, text: string, drafts: readonly Pick<Draft, 'path' | 'text'>[]): void {
    const tooDeep = tooDeepProblem(text);
    if (tooDeep) {
      const message = `This file ${tooDeep}.`;
      throw new ApiError(400, 'validation_failed', message, { text: message });
    }
    const others = drafts.filter((d) => d.path !== path);
    if (others.length + 1 > DRAFTS_PER_OPERATOR) throw new ApiError(409, 'drafts_full', TOO_MANY_DRAFTS, { path: TOO_MANY_DRAFTS });
    const bytes = others.reduce((sum, d) => sum + Buffer.byteLength(d.text), Buffer.byteLength(text));
    if (bytes > DRAFT_BYTES_PER_OPERATOR) throw new ApiError(409, 'drafts_full', DRAFTS_TOO_LARGE, { text: DRAFTS_TOO_LARGE });
  }

  /** A preview request, counted as it arrives: 429 past the operator's previews of the minute. */
  async countPreview(ctx: Context, operatorId: number): Promise<void> {
    const wait = await hit(this.previews, String(operatorId));
    if (wait !== null) throw rateLimited(ctx, wait, TOO_MANY_PREVIEWS);
  }
}
