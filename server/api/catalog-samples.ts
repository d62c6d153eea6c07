/**
 * The catalog for widgets: the door samples the sample elements offer and the cart resolves its
 * stored SKUs against, read from the server rather than copied into a bundle. Slimmer than the
 * static style catalog (catalogs/product-styles.json): only what a sample picker and a cart show.
 *
 *   GET /api/catalog/samples                          every style's samples (the cart's lookup)
 *   GET /api/catalog/styles/{styleName}/samples       one style's samples (order-samples)
 *
 * The content is read once at start, so each answer is made once: an ETag (a 304 for a matching
 * If-None-Match), a short cache life with revalidation, and brotli or gzip when the request takes it.
 * CORS is the API's (allowed origins and dealers' origins).
 */
import crypto from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Content } from '../content/load-content';
import { catalogSamplesEndpoint, styleSamplesEndpoint } from '../../schemas/api/catalog';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import { chooseEncoding, type ContentCoding } from '../http/accept-encoding';
import { compressFastSync } from '../http/compression';
import { samplesOf, styleSamplesOf } from '../../schemas/catalog/widget-samples';

/** A JSON body made once, with its ETag and its compressed copies made on first demand. */
class CachedJson {
  readonly bytes: Buffer;
  readonly etag: string;
  private readonly copies = new Map<ContentCoding, Buffer>();

  constructor(value: unknown) {
    this.bytes = Buffer.from(JSON.stringify(value));
    this.etag = `"${crypto.createHash('sha256').update(this.bytes).digest('base64url').slice(0, 27)}"`;
  }

  send(ctx: Context): void {
    ctx.set('ETag', this.etag);
    ctx.set('Cache-Control', 'public, max-age=60, must-revalidate');
    ctx.vary('Accept-Encoding');
    if (ifNoneMatch(ctx.get('If-None-Match'), this.etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json; charset=utf-8';
    const coding = this.bytes.length > 512 ? chooseEncoding(ctx.get('Accept-Encoding') || undefined, ['br', 'gzip']) : 'identity';
    if (coding === 'identity') {
      ctx.body = this.bytes;
      return;
    }
    let copy = this.copies.get(coding);
    if (!copy) this.copies.set(coding, (copy = compressFastSync(this.bytes, coding)));
    ctx.set('Content-Encoding', coding);
    ctx.body = copy;
  }
}

/** RFC 9110 §13.1.2: a list of entity tags or `*`, compared weakly. */
function ifNoneMatch(header: string, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function catalogSampleRoutes(router: Router, content: Content): void {
  const styles = Object.values(content.store.styles);
  const all = new CachedJson({ samples: styles.flatMap(samplesOf) });
  const byStyle = new Map(styles.map((s) => [s.name, new CachedJson(styleSamplesOf(s))]));

  router.get(catalogSamplesEndpoint.path, (ctx) => {
    checkRequest(catalogSamplesEndpoint, ctx);
    all.send(ctx);
  });
  router.get(styleSamplesEndpoint.path, (ctx) => {
    const { params } = checkRequest(styleSamplesEndpoint, ctx);
    const cached = byStyle.get(params.styleName);
    if (!cached) throw new ApiError(404, 'style_not_found', 'We are sorry, but we could not find any data.', { styleName: 'No product style has this name.' });
    cached.send(ctx);
  });
}
