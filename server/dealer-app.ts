/**
 * The dealer example: a dealer's own site on a second origin, embedding the store's widgets: the
 * samples page (index.html), its checkout (checkout.html) and the checkout's success page
 * (thank-you.html). Two things are filled in: the main site's URL (`%SHOWROOM_URL%`), so the pages
 * load the widget loader and call the API there, and the dealer site's own (`%DEALER_URL%`), since
 * the elements' URL attributes (checkout-url, success-url) take absolute addresses.
 *
 * It is served under the strict Content-Security-Policy a careful dealer would use, which is what the
 * widgets promise to work under: scripts from its own origin and the store's only, no inline script
 * and no eval; styles from its own origin only, no 'unsafe-inline' (the widgets' styles are adopted
 * stylesheets in their shadow roots, which style-src does not govern). So the page's own style and
 * script are files of this folder (.css, .js), served here with their types.
 */
import fs from 'node:fs';
import path from 'node:path';
import Koa from 'koa';
import { projectRoot } from './build-output';

export const dealerDir = path.join(projectRoot, 'examples', 'dealer');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

export function dealerPolicy(showroomUrl: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${showroomUrl}`,
    "style-src 'self'",
    `img-src 'self' data: ${showroomUrl}`,
    `connect-src 'self' ${showroomUrl}`,
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
    const type = TYPES[path.extname(name)];
    if (!file.startsWith(dealerDir + path.sep) || !type || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      ctx.status = 404;
      ctx.body = 'Not found';
      return;
    }
    const text = fs.readFileSync(file, 'utf8').replaceAll('%SHOWROOM_URL%', showroomUrl).replaceAll('%DEALER_URL%', `${ctx.protocol}://${ctx.host}`);
    ctx.set('Content-Security-Policy', dealerPolicy(showroomUrl));
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = type;
    ctx.body = text;
  });
  return app;
}
