/**
 * The account endpoints: register, sign in and out, password reset, 'me', saved addresses, and the
 * customer's own orders and quotes (read-only). Every answer is `no-store`: it is one customer's
 * data. See docs/accounts.md.
 *
 * Each route first checks its request against its contract (schemas/api/accounts.ts: what a schema
 * says, which is public in the OpenAPI document), then who calls (the session, or the Origin of a
 * call without one); the field rules the schemas leave to the services are checked there, after.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  addressCreateEndpoint,
  addressDeleteEndpoint,
  addressListEndpoint,
  addressReadEndpoint,
  addressUpdateEndpoint,
  checkoutPrefillEndpoint,
  loginEndpoint,
  logoutEndpoint,
  meEndpoint,
  orderEndpoint,
  ordersEndpoint,
  passwordResetConfirmEndpoint,
  passwordResetEndpoint,
  quoteEndpoint,
  quotesEndpoint,
  registerEndpoint,
} from '../../schemas/api/accounts';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import type { Logger } from '../logger';
import { AccountOrders, readPage } from '../services/account-orders';
import { AccountService, PASSWORD_CHANGED_MESSAGE, REGISTERED_MESSAGE, RESET_REQUESTED_MESSAGE } from '../services/account-service';
import type { Commerce } from '../services/commerce';
import { CustomerService } from '../services/customer-service';
import type { RecaptchaSettings } from '../services/form-settings';
import { createRecaptchaVerifier, type RecaptchaVerifier } from '../services/recaptcha';
import { SESSION_DAYS, SessionService, sessionCookie } from '../services/session-service';
import { AccountAuth } from './my-account-auth';
import { readJson } from './read-json';
import type { StoreOrigins } from '../http/store-origins';

export interface Accounts {
  auth: AccountAuth;
  service: AccountService;
  customers: CustomerService;
  orders: AccountOrders;
}

/** The client address the per-address limits count (ctx.ip; the app trusts X-Forwarded-For). */
function clientAddress(ctx: Context): string {
  return ctx.ip.slice(0, 64) || 'unknown';
}

/** Runs fn; a 429 from it carries Retry-After in seconds. */
async function withRetryAfter<T>(ctx: Context, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError && err.status === 429 && typeof err.extra?.retryAfter === 'number') ctx.set('Retry-After', String(err.extra.retryAfter));
    throw err;
  }
}

export function accountRoutes(router: Router, deps: { commerce: Commerce; publicUrl: string; storeOrigins: StoreOrigins; logger: Logger; recaptcha: RecaptchaSettings }): Accounts {
  const { q } = deps.commerce;
  const customers = new CustomerService(q);
  const sessions = new SessionService(q);
  // The forms' captcha settings (RECAPTCHA_*): the sign-in asks for the captcha past ten wrong passwords.
  const recaptcha = createRecaptchaVerifier(deps.recaptcha, (problem) => deps.logger.warn({ problem }, 'reCAPTCHA verification failed'));
  const service = new AccountService(q, customers, sessions, deps.publicUrl, deps.logger, recaptcha, deps.commerce.limits);
  const auth = new AccountAuth(sessions, deps.storeOrigins);
  const orders = new AccountOrders(q);
  const secure = new URL(deps.publicUrl).protocol === 'https:';

  const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');
  const clearCookie = (ctx: Context) => ctx.append('Set-Cookie', sessionCookie('', { secure, maxAgeSeconds: 0 }));

  router.post('/api/my-account/register', async (ctx) => {
    noStore(ctx);
    const { body } = checkRequest(registerEndpoint, ctx, await readJson(ctx));
    auth.refuseForeignOrigin(ctx);
    await withRetryAfter(ctx, () => service.register(body, clientAddress(ctx)));
    ctx.status = 202;
    ctx.body = { success: true, message: REGISTERED_MESSAGE };
  });

  router.post('/api/my-account/login', async (ctx) => {
    noStore(ctx);
    const { body } = checkRequest(loginEndpoint, ctx, await readJson(ctx));
    auth.refuseForeignOrigin(ctx);
    const previous = await auth.caller(ctx);
    const { customerId, session } = await withRetryAfter(ctx, () => service.signIn(body, clientAddress(ctx)));
    // A fresh session at every sign-in: the one the browser came with (if any) ends.
    if (previous) await sessions.end(previous.id);
    ctx.append('Set-Cookie', sessionCookie(session.sessionId, { secure, maxAgeSeconds: SESSION_DAYS * 24 * 3600 }));
    ctx.body = { success: true, message: 'Signed in.', accessToken: session.accessToken, tokenType: 'Bearer', expiresAt: session.expiresAt, data: await customers.me(customerId) };
  });

  router.post('/api/my-account/logout', async (ctx) => {
    noStore(ctx);
    checkRequest(logoutEndpoint, ctx);
    const caller = await auth.require(ctx);
    await sessions.end(caller.id);
    clearCookie(ctx);
    deps.logger.info({ customerId: caller.customerId }, 'customer signed out');
    ctx.body = { success: true, message: 'Signed out.' };
  });

  router.post('/api/my-account/password-reset', async (ctx) => {
    noStore(ctx);
    const { body } = checkRequest(passwordResetEndpoint, ctx, await readJson(ctx));
    auth.refuseForeignOrigin(ctx);
    await withRetryAfter(ctx, () => service.requestPasswordReset(body, clientAddress(ctx)));
    ctx.body = { success: true, message: RESET_REQUESTED_MESSAGE };
  });

  router.post('/api/my-account/password-reset/confirm', async (ctx) => {
    noStore(ctx);
    const { body } = checkRequest(passwordResetConfirmEndpoint, ctx, await readJson(ctx));
    auth.refuseForeignOrigin(ctx);
    await service.confirmPasswordReset(body, (await auth.caller(ctx))?.id);
    ctx.body = { success: true, message: PASSWORD_CHANGED_MESSAGE };
  });

  router.get('/api/my-account/me', async (ctx) => {
    noStore(ctx);
    checkRequest(meEndpoint, ctx);
    const caller = await auth.require(ctx);
    const data = await customers.me(caller.customerId);
    if (!data) throw new ApiError(401, 'unauthorized', 'Please sign in to continue.');
    ctx.body = { success: true, data };
  });

  router.get('/api/my-account/checkout-prefill', async (ctx) => {
    noStore(ctx);
    checkRequest(checkoutPrefillEndpoint, ctx);
    const caller = await auth.require(ctx);
    const data = await customers.checkoutPrefill(caller.customerId);
    if (!data) throw new ApiError(401, 'unauthorized', 'Please sign in to continue.');
    ctx.body = { success: true, data };
  });

  router.get('/api/my-account/address', async (ctx) => {
    noStore(ctx);
    checkRequest(addressListEndpoint, ctx);
    const caller = await auth.require(ctx);
    ctx.body = { success: true, data: await customers.addresses(caller.customerId) };
  });

  router.post('/api/my-account/address', async (ctx) => {
    noStore(ctx);
    const { body } = checkRequest(addressCreateEndpoint, ctx, await readJson(ctx));
    const caller = await auth.require(ctx);
    const data = await customers.addAddress(caller.customerId, body);
    ctx.status = 201;
    ctx.body = { success: true, message: 'Address saved.', data };
  });

  router.get('/api/my-account/address/:id', async (ctx) => {
    noStore(ctx);
    const { params } = checkRequest(addressReadEndpoint, ctx);
    const caller = await auth.require(ctx);
    ctx.body = { success: true, data: await customers.address(caller.customerId, params.id) };
  });

  router.patch('/api/my-account/address/:id', async (ctx) => {
    noStore(ctx);
    const { params, body } = checkRequest(addressUpdateEndpoint, ctx, await readJson(ctx));
    const caller = await auth.require(ctx);
    ctx.body = { success: true, message: 'Address saved.', data: await customers.updateAddress(caller.customerId, params.id, body) };
  });

  router.delete('/api/my-account/address/:id', async (ctx) => {
    noStore(ctx);
    const { params } = checkRequest(addressDeleteEndpoint, ctx);
    const caller = await auth.require(ctx);
    await customers.deleteAddress(caller.customerId, params.id);
    ctx.body = { success: true, message: 'Address deleted.' };
  });

  router.get('/api/my-account/orders', async (ctx) => {
    noStore(ctx);
    const { query } = checkRequest(ordersEndpoint, ctx);
    const caller = await auth.require(ctx);
    ctx.body = { success: true, data: await orders.listOrders(caller.customerId, readPage(query.page, query.pageSize)) };
  });

  router.get('/api/my-account/orders/:id', async (ctx) => {
    noStore(ctx);
    const { params } = checkRequest(orderEndpoint, ctx);
    const caller = await auth.require(ctx);
    ctx.body = { success: true, data: await orders.order(caller.customerId, params.id) };
  });

  router.get('/api/my-account/quotes', async (ctx) => {
    noStore(ctx);
    const { query } = checkRequest(quotesEndpoint, ctx);
    const caller = await auth.require(ctx);
    ctx.body = { success: true, data: await orders.listQuotes(caller.customerId, readPage(query.page, query.pageSize)) };
  });

  router.get('/api/my-account/quotes/:id', async (ctx) => {
    noStore(ctx);
    const { params } = checkRequest(quoteEndpoint, ctx);
    const caller = await auth.require(ctx);
    ctx.body = { success: true, data: await orders.quote(caller.customerId, params.id) };
  });

  return { auth, service, customers, orders };
}
