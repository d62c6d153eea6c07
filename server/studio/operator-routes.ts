/**
 * Operators: set-up, sign-in and out, the signed-in operator, managing operators, the audit log
 * (schemas/api/studio.ts), and the gate every other studio route passes (./operator-gate.ts).
 *
 * Each route first checks its request against its contract, then who calls. The studio's cookie
 * (`showroom_studio`) is its own: httpOnly, SameSite=Strict, Path=/, Secure when the store is on
 * https; it holds a random session id of which only the sha256 is stored, for 12 hours. The
 * customer's cookie (`showroom_session`) is never read here. Every write (POST, PUT, PATCH,
 * DELETE) needs an Origin of the store's own (../http/store-origins.ts), the sign-in and set-up
 * calls too, which have no session yet: another site can neither ride an operator's cookie nor sign
 * a browser into a studio account of its choosing. Every answer is `no-store`.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  auditLogEndpoint,
  operatorAddEndpoint,
  operatorListEndpoint,
  operatorUpdateEndpoint,
  setupConfirmEndpoint,
  setupPasswordEndpoint,
  studioLoginEndpoint,
  studioLogoutEndpoint,
  studioMeEndpoint,
  type OperatorRole,
} from '../../schemas/api/studio';
import { foreignOrigin } from '../api/my-account-auth';
import { readJson } from '../api/read-json';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import { createRecaptchaVerifier } from '../services/recaptcha';
import { limitStore } from '../services/shared-limits';
import type { OperatorGate } from './operator-gate';
import { OperatorService, roleAllows, STUDIO_SESSION_HOURS, TooManyAttempts, type StudioSession } from './operator-service';
import type { StudioDeps } from './studio-deps';

export const STUDIO_COOKIE = 'showroom_studio';
export const NOT_SIGNED_IN_MESSAGE = 'Sign in to the studio.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The Set-Cookie value, written by hand (as the customer's, ../services/session-service.ts) because
 * `Secure` follows the store's PUBLIC_URL, not the hop to this process.
 */
export function studioCookie(value: string, options: { secure: boolean; maxAgeSeconds: number }): string {
  return [
    `${STUDIO_COOKIE}=${value}`,
    'Path=/',
    `Max-Age=${options.maxAgeSeconds}`,
    ...(options.maxAgeSeconds === 0 ? ['Expires=Thu, 01 Jan 1970 00:00:00 GMT'] : []),
    'HttpOnly',
    'SameSite=Strict',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** The client address the audit log and the per-address limits see (ctx.ip; the app believes X-Forwarded-For only from TRUST_PROXY). */
function clientAddress(ctx: Context): string {
  return ctx.ip.slice(0, 64) || 'unknown';
}

/** Runs fn; a 429 from it carries Retry-After in seconds. */
async function withRetryAfter<T>(ctx: Context, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof TooManyAttempts) ctx.set('Retry-After', String(err.retryAfter));
    throw err;
  }
}

export interface OperatorRoutes {
  gate: OperatorGate;
  service: OperatorService;
}

export async function operatorRoutes(api: Router, deps: StudioDeps): Promise<OperatorRoutes> {
  const service = new OperatorService({
    q: deps.database.q,
    publicUrl: deps.publicUrl,
    logger: deps.logger,
    limits: limitStore(deps.database),
    // The forms' captcha (RECAPTCHA_*): asked for past ten failed sign-ins of an e-mail.
    recaptcha: createRecaptchaVerifier(deps.forms.recaptcha, (problem) => deps.logger.warn({ problem }, 'reCAPTCHA verification failed')),
    recaptchaSiteKey: deps.forms.recaptcha.siteKey,
  });
  const secure = new URL(deps.publicUrl).protocol === 'https:';
  const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

  /** Calls without a session (sign-in, set-up) come from the store's own pages: an Origin of the store's, present. */
  const requireStoreOrigin = (ctx: Context) => {
    if (!deps.storeOrigins.has(ctx.get('Origin'))) throw foreignOrigin();
  };

  /** 401 without a live operator session; 403 for a write from elsewhere, or a role below `role`. */
  const signedIn = async (ctx: Context, role: OperatorRole): Promise<StudioSession> => {
    noStore(ctx);
    const session = await service.session(ctx.cookies.get(STUDIO_COOKIE));
    if (!session) throw new ApiError(401, 'not_signed_in', NOT_SIGNED_IN_MESSAGE);
    if (!SAFE_METHODS.has(ctx.method)) requireStoreOrigin(ctx);
    if (!roleAllows(session.operator.role, role)) throw new ApiError(403, 'forbidden_role', `This needs the ${role} role; you are ${/^[aeiou]/.test(session.operator.role) ? 'an' : 'a'} ${session.operator.role}.`);
    return session;
  };

  const gate: OperatorGate = {
    require: async (ctx, role) => (await signedIn(ctx, role)).operator,
    audit: (ctx, operator, action, detail) => service.audit({ action, operator: operator?.email ?? null, detail, ip: clientAddress(ctx) }),
  };

  // ---- Set-up ------------------------------------------------------------------------------------

  api.post(setupPasswordEndpoint.path, async (ctx) => {
    noStore(ctx);
    const { body } = checkRequest(setupPasswordEndpoint, ctx, await readJson(ctx));
    requireStoreOrigin(ctx);
    ctx.body = { success: true, data: await withRetryAfter(ctx, () => service.beginSetup(body, clientAddress(ctx))) };
  });

  api.post(setupConfirmEndpoint.path, async (ctx) => {
    noStore(ctx);
    const { body } = checkRequest(setupConfirmEndpoint, ctx, await readJson(ctx));
    requireStoreOrigin(ctx);
    ctx.body = { success: true, data: await withRetryAfter(ctx, () => service.confirmSetup(body, clientAddress(ctx))) };
  });

  // ---- Signing in and out ------------------------------------------------------------------------

  api.post(studioLoginEndpoint.path, async (ctx) => {
    noStore(ctx);
    const { body } = checkRequest(studioLoginEndpoint, ctx, await readJson(ctx));
    requireStoreOrigin(ctx);
    const previous = await service.session(ctx.cookies.get(STUDIO_COOKIE));
    const signIn = await withRetryAfter(ctx, () => service.signIn(body, clientAddress(ctx)));
    // A fresh session at every sign-in: the one the browser came with (if any) ends.
    if (previous) await service.endSession(previous, null);
    ctx.append('Set-Cookie', studioCookie(signIn.sessionId, { secure, maxAgeSeconds: STUDIO_SESSION_HOURS * 3600 }));
    ctx.body = { success: true, data: signIn.operator };
  });

  api.post(studioLogoutEndpoint.path, async (ctx) => {
    checkRequest(studioLogoutEndpoint, ctx);
    const session = await signedIn(ctx, 'viewer');
    await service.endSession(session, clientAddress(ctx));
    ctx.append('Set-Cookie', studioCookie('', { secure, maxAgeSeconds: 0 }));
    ctx.body = { success: true, message: 'Signed out.' };
  });

  api.get(studioMeEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'viewer');
    checkRequest(studioMeEndpoint, ctx);
    ctx.body = { success: true, data: operator };
  });

  // ---- Operators (admins) ------------------------------------------------------------------------

  api.get(operatorListEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'admin');
    checkRequest(operatorListEndpoint, ctx);
    ctx.body = { success: true, data: (await service.list()).map(({ id, email, role, active, disabled }) => ({ id, email, role, active, disabled })) };
  });

  api.post(operatorAddEndpoint.path, async (ctx) => {
    // The session first: a stranger learns nothing of the fields.
    const operator = await gate.require(ctx, 'admin');
    const { body } = checkRequest(operatorAddEndpoint, ctx, await readJson(ctx));
    const added = await service.invite(body.email, body.role, { operator, ip: clientAddress(ctx) });
    ctx.status = 201;
    ctx.body = { success: true, data: { id: added.id, email: added.email, role: added.role, setupUrl: added.setupUrl } };
  });

  api.patch(operatorUpdateEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'admin');
    const { params, body } = checkRequest(operatorUpdateEndpoint, ctx, await readJson(ctx));
    ctx.body = { success: true, data: await service.update({ operator, ip: clientAddress(ctx) }, Number(params.id), body) };
  });

  api.get(auditLogEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'admin');
    const { query } = checkRequest(auditLogEndpoint, ctx);
    ctx.body = { success: true, data: await service.auditLog(query.before === undefined ? undefined : Number(query.before)) };
  });

  return { gate, service };
}
