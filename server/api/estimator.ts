/**
 * GET /api/estimator: the names (and titles) of the estimator templates the store serves, for the
 * developers' playground to offer as the `template` attribute's choices. Only what the content
 * already serves one by one to anyone: no pricing, no e-mail settings.
 *
 * GET /api/estimator/{template}: an estimator template and the pricing data it reads, by name, for
 * the `<showroom-estimator>` element on any allowed origin (CORS comes with the API chain). The
 * answer carries a strong ETag of its body; a matching If-None-Match gets a 304.
 *
 * GET /api/estimator/{template}/logo: the logo its PDF draws (`pdf.logo`, a file of the content
 * folder), through the API so a page of another origin may draw it on a canvas (CORS); images under
 * /images/ carry no CORS headers, and a canvas drawn with one could not be exported.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Router from '@koa/router';
import type { Content } from '../content/load-content';
import { estimatorListEndpoint, estimatorLogoEndpoint, estimatorTemplateEndpoint } from '../../schemas/api/catalog';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import { findEstimator } from '../services/estimate-submission';

const LOGO_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp' };

export function estimatorRoutes(router: Router, content: Content): void {
  // Content is loaded once at start: each answer's text and tag are made once per template.
  const cache = new Map<string, { body: string; etag: string }>();
  const templates = Object.keys(content.estimators)
    .filter((name) => findEstimator(content, name))
    .sort()
    .map((name) => ({ name, ...(content.estimators[name]!.title !== undefined ? { title: content.estimators[name]!.title } : {}) }));
  router.get(estimatorListEndpoint.path, (ctx) => {
    checkRequest(estimatorListEndpoint, ctx);
    ctx.set('Cache-Control', 'public, max-age=60, must-revalidate');
    ctx.body = { success: true, templates };
  });
  router.get(estimatorLogoEndpoint.path, (ctx) => {
    const { params } = checkRequest(estimatorLogoEndpoint, ctx);
    const entry = findEstimator(content, params.template);
    const logo = entry?.template.pdf?.logo;
    if (!entry || !logo) throw new ApiError(404, 'logo_not_found', 'This estimator has no logo.');
    const root = path.resolve(content.dir);
    const file = path.resolve(root, `.${path.posix.normalize(`/${logo}`)}`);
    const type = LOGO_TYPES[path.extname(file).toLowerCase()];
    if (!type || !file.startsWith(root + path.sep) || !fs.existsSync(file)) throw new ApiError(404, 'logo_not_found', 'This estimator has no logo.');
    ctx.type = type;
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = fs.readFileSync(file);
  });
  router.get(estimatorTemplateEndpoint.path, (ctx) => {
    const { params } = checkRequest(estimatorTemplateEndpoint, ctx);
    const entry = findEstimator(content, params.template);
    if (!entry) throw new ApiError(404, 'estimator_not_found', 'There is no estimator of that name.', { template: 'Unknown estimator template' });
    let cached = cache.get(entry.template.name);
    if (!cached) {
      const body = JSON.stringify({ success: true, template: entry.template, pricing: entry.pricing, ...(entry.cabinets ? { cabinets: entry.cabinets } : {}) });
      cached = { body, etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      cache.set(entry.template.name, cached);
    }
    ctx.set('ETag', cached.etag);
    ctx.set('Cache-Control', 'public, max-age=60, must-revalidate');
    ctx.set('Vary', 'Origin');
    const match = ctx.get('If-None-Match');
    if (match && match.split(/\s*,\s*/).includes(cached.etag)) {
      ctx.status = 304;
      ctx.body = '';
      return;
    }
    ctx.type = 'application/json';
    ctx.body = cached.body;
  });
}
