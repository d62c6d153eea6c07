import type { Middleware } from 'koa';
import type { Logger } from '../logger';
import { OrderError, type OrderErrorKind } from '../orders/order-errors';
import { ApiError } from './api-error';

/** The HTTP status of each kind of the order module's errors (they carry no status of their own). */
export const ORDER_ERROR_STATUS: Record<OrderErrorKind, number> = {
  not_found: 404,
  invalid: 400,
  conflict: 409,
  payment_failed: 402,
  expired: 410,
  too_many: 429,
  unavailable: 502,
};

/** A domain error as the API's error, at the edge. */
export function asApiError(err: OrderError): ApiError {
  return new ApiError(ORDER_ERROR_STATUS[err.kind], err.code, err.message, err.fields, err.extra);
}

/** The API error a thrown value answers as: an ApiError, or an order error mapped; undefined for anything else (a 500). */
export function apiErrorOf(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err;
  if (err instanceof OrderError) return asApiError(err);
  return undefined;
}

/**
 * Turns every failure into a clean answer: API calls get the JSON error shape with a 4xx (or a bare
 * 500 without details), pages get a short HTML message. Stack traces only go to the log.
 */
/**
 * What every 500 says. Spelled right: the spec keeps the original's 'Plase' only for the form
 * builder's own fallback (schemas/evaluators/validation-messages.ts), which a
 * form shows when the server gave no message; a server that failed says this.
 */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong. Please try again later.';

export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const isApi = ctx.path.startsWith('/api/');
      let status = 500;
      let body: Record<string, unknown> = { error: 'internal_error', message: INTERNAL_ERROR_MESSAGE };
      const known = apiErrorOf(err);
      if (known) {
        status = known.status;
        body = known.toBody();
      } else if (isHttpError(err) && err.status < 500) {
        // Koa's own client errors, such as a malformed JSON body or an oversized payload.
        status = err.status;
        body = { error: err.expose ? codeFor(status) : 'bad_request', message: err.expose ? err.message : 'Bad request' };
      }
      if (status >= 500) logger.error({ err, path: ctx.path, method: ctx.method }, 'request failed');
      ctx.status = status;
      if (isApi) ctx.body = body;
      else {
        ctx.type = 'text/html';
        ctx.body = `<!doctype html><meta charset="utf-8"><title>Error</title><p>${status >= 500 ? INTERNAL_ERROR_MESSAGE : 'Bad request.'}</p>`;
      }
    }
  };
}

function isHttpError(err: unknown): err is { status: number; expose: boolean; message: string } {
  return typeof err === 'object' && err !== null && typeof (err as { status?: unknown }).status === 'number';
}

function codeFor(status: number): string {
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  return 'bad_request';
}
