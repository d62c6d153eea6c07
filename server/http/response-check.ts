/**
 * In tests, every answer of an endpoint with a contract is checked against the contract's schema
 * for its status (schemas/api/): an answer that does not match becomes a 500 naming what differs,
 * so the test that caused it fails where it asserts the status, and the log says why. On by
 * default under Vitest (NODE_ENV=test); SHOWROOM_CHECK_RESPONSES=on|off overrides it.
 */
import type { Middleware } from 'koa';
import type { Endpoint } from '../../schemas/api/endpoint';
import type { Logger } from '../logger';
import { fieldErrors, validatorOf } from './contract';

export function responseChecksOn(env: Record<string, string | undefined> = process.env): boolean {
  const setting = env.SHOWROOM_CHECK_RESPONSES;
  return setting ? setting === 'on' : env.NODE_ENV === 'test';
}

export function responseCheck(logger: Logger): Middleware {
  return async (ctx, next) => {
    await next();
    const contract = (ctx.state as { contract?: Endpoint }).contract;
    if (!contract || !ctx.response.is('json') || Buffer.isBuffer(ctx.body) || typeof ctx.body === 'string') return;
    const schema = contract.responses[ctx.status];
    const fields = schema && typeof schema === 'object' ? (validatorOf(schema)(ctx.body) ? null : fieldErrors(validatorOf(schema).errors ?? [])) : { status: `No answer ${ctx.status} in the contract.` };
    if (!fields) return;
    const message = `The answer of ${contract.method} ${contract.path} (${ctx.status}) does not match its contract.`;
    logger.error({ fields, status: ctx.status }, message);
    ctx.status = 500;
    ctx.body = { error: 'response_mismatch', message, fields };
  };
}
