/**
 * Reads a JSON request body (up to 100 kB). Bad JSON, a wrong content type or an oversized body
 * become 4xx answers in the API's error shape, never a 500.
 */
import type { Context } from 'koa';
import { ApiError } from '../http/api-error';

export const MAX_JSON_BYTES = 100 * 1024;

export async function readJson(ctx: Context): Promise<unknown> {
  const type = ctx.get('Content-Type');
  const length = Number(ctx.get('Content-Length') || '0');
  if (length > MAX_JSON_BYTES) throw new ApiError(413, 'payload_too_large', 'The request body is too large.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_JSON_BYTES) throw new ApiError(413, 'payload_too_large', 'The request body is too large.');
    chunks.push(buf);
  }
  if (size === 0) return {};
  if (type && !/^application\/(.+\+)?json\b/i.test(type) && !/^text\/plain\b/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the request body as application/json.');
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

/**
 * The bearer token of the Authorization header. Tokens travel only there: a token in a query
 * string ends up in logs, browser history and Referer headers. (The quote link of 001 §2 is the one
 * address that carries a token; GET /api/quote reads it itself.) The second parameter is ignored: a
 * body no longer carries a token.
 */
export function presentedToken(ctx: Context, _body?: Record<string, unknown>): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'))?.[1];
  return bearer && bearer.length <= 200 ? bearer : undefined;
}
