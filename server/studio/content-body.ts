/**
 * The JSON body of a studio content request. A draft is the text of a whole definition (up to
 * 1 MB by the contract), more than the 100 kB that ../api/read-json.ts allows an API body; JSON
 * escaping can double a text's size, hence 4 MB here, and the contract then holds the text to 1 MB.
 */
import type { Context } from 'koa';
import { ApiError } from '../http/api-error';
import { hasBody, requireJsonContentType } from '../api/read-json';

export const MAX_DRAFT_BODY_BYTES = 4 * 1024 * 1024;

export async function readContentJson(ctx: Context): Promise<unknown> {
  if (Number(ctx.get('Content-Length') || '0') > MAX_DRAFT_BODY_BYTES) throw new ApiError(413, 'payload_too_large', 'The request body is too large.');
  if (hasBody(ctx)) requireJsonContentType(ctx);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer | string>) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buf.length;
    if (size > MAX_DRAFT_BODY_BYTES) throw new ApiError(413, 'payload_too_large', 'The request body is too large.');
    chunks.push(buf);
  }
  if (size === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}
