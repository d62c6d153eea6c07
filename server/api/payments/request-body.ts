/**
 * Request bodies for the payment routes. JSON bodies are read here unless a body parser earlier in
 * the chain already did (ctx.request.body); webhooks need the raw bytes, read from ctx.req.
 */
import type { Context } from 'koa';
import { ApiError } from '../../http/api-error';
import { hasBody, requireJsonContentType } from '../read-json';

const JSON_LIMIT = 64 * 1024;
const RAW_LIMIT = 1024 * 1024;

export async function readRawBody(ctx: Context, limit = RAW_LIMIT): Promise<Buffer> {
  const declared = Number(ctx.get('Content-Length') || 0);
  if (declared > limit) throw new ApiError(413, 'payload_too_large', 'The request body is too large.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new ApiError(413, 'payload_too_large', 'The request body is too large.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The JSON object of the request; a missing, malformed or non-object body is a 400. */
export async function readJsonObject(ctx: Context): Promise<Record<string, unknown>> {
  const parsed = (ctx.request as { body?: unknown }).body;
  let value: unknown = parsed;
  if (value === undefined) {
    if (hasBody(ctx)) requireJsonContentType(ctx);
    const raw = await readRawBody(ctx, JSON_LIMIT);
    const text = raw.toString('utf8').trim();
    if (text === '') value = {};
    else {
      try {
        value = JSON.parse(text);
      } catch {
        throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
      }
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError(400, 'invalid_body', 'The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}
