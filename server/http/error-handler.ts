import type { Middleware } from 'koa';
import type { Logger } from '../logger';
import { ApiError } from './api-error';

/**
 * Turns every failure into a clean answer: API calls get the JSON error shape with a 4xx (or a bare
 * 500 without details), pages get a short HTML message. Stack traces only go to the log.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const isApi = ctx.path.startsWith('/api/');
      let status = 500;
      let body: Record<string, unknown> = { error: 'internal_error', message: 'Something went wrong. Plase try again later.' };
      if (err instanceof ApiError) {
        status = err.status;
        body = err.toBody();
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
        ctx.body = `<!doctype html><meta charset="utf-8"><title>Error</title><p>${status >= 500 ? 'Something went wrong. Please try again later.' : 'Bad request.'}</p>`;
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
