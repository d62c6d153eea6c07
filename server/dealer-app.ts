/**
 * The dealer example: a plain HTML page on a second origin, as a dealer's own site would be. The
 * only thing filled in is the main site's URL, so the page loads the widget loader from there.
 * It is served under the strict Content-Security-Policy a careful dealer would use, which is what
 * the widgets promise to work under: scripts from the main site only (no eval), the page's own
 * inline script allowed by its hash, calls to the main site's API.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Koa from 'koa';
import { projectRoot } from './build-output';

export const dealerDir = path.join(projectRoot, 'examples', 'dealer');

/** 'sha256-…' sources of the inline scripts (those without src) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/\bsrc\s*=/i.test(attrs!))
    .map(([, , body]) => `'sha256-${crypto.createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
}

function dealerPolicy(showroomUrl: string, html: string): string {
  return [
    "default-src 'self'",
    `script-src ${[showroomUrl, ...inlineScriptHashes(html)].join(' ')}`,
    // The page's own <style> and the widgets' shadow-root styles.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${showroomUrl}`,
    `connect-src ${showroomUrl}`,
    `frame-src ${showroomUrl}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export function createDealerApp(showroomUrl: string): Koa {
  const app = new Koa();
  app.use(async (ctx) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      return;
    }
    const name = ctx.path === '/' ? 'index.html' : ctx.path.slice(1);
    const file = path.join(dealerDir, name);
    if (!file.startsWith(dealerDir + path.sep) || !name.endsWith('.html') || !fs.existsSync(file)) {
      ctx.status = 404;
      ctx.body = 'Not found';
      return;
    }
    const html = fs.readFileSync(file, 'utf8').replaceAll('%SHOWROOM_URL%', showroomUrl);
    ctx.set('Content-Security-Policy', dealerPolicy(showroomUrl, html));
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html;
  });
  return app;
}
