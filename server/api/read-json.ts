/**
 * Reads a JSON request body (up to 100 kB). Bad JSON, a wrong content type or an oversized body
 * become 4xx answers in the API's error shape, never a 500.
 */
import type { Context } from 'koa';
import { ApiError } from '../http/api-error';

export const MAX_JSON_BYTES = 100 * 1024;

/**
 * Only application/json (or a +json type) is read as JSON. A text/plain, form or untyped body is
 * refused before it is read: those are what another site's page can POST without a CORS preflight.
 */
export function requireJsonContentType(ctx: Context): void {
  const type = ctx.get('Content-Type');
  if (/^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(type)) return;
  const message = 'Send the request body as application/json.';
  throw new ApiError(415, 'unsupported_media_type', message, { 'content-type': message });
}

/** Whether the request announces a body (a length above zero or a chunked one). */
export function hasBody(ctx: Context): boolean {
  return Number(ctx.get('Content-Length') || '0') > 0 || ctx.get('Transfer-Encoding') !== '';
}

export async function readJson(ctx: Context): Promise<unknown> {
  const length = Number(ctx.get('Content-Length') || '0');
  if (length > MAX_JSON_BYTES) throw new ApiError(413, 'payload_too_large', 'The request body is too large.');
  if (hasBody(ctx)) requireJsonContentType(ctx);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_JSON_BYTES) throw new ApiError(413, 'payload_too_large', 'The request body is too large.');
    chunks.push(buf);
  }
  if (size === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

/**
 * The bearer token of the Authorization header. Tokens travel only there: a token in a query string
 * ends up in logs, browser history and Referer headers. (The quote link sent to a customer is the
 * one address that carries a token; GET /api/quote reads it itself.) The second parameter is
 * ignored: a body no longer carries a token.
 */
export function presentedToken(ctx: Context, _body?: Record<string, unknown>): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'))?.[1];
  return bearer && bearer.length <= 200 ? bearer : undefined;
}
