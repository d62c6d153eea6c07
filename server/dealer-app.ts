/**
 * The dealer example: a plain HTML page on a second origin, as a dealer's own site would be. The
 * only thing filled in is the main site's URL, so the page loads the widget loader from there.
 */
import fs from 'node:fs';
import path from 'node:path';
import Koa from 'koa';
import { projectRoot } from './build-output';

export const dealerDir = path.join(projectRoot, 'examples', 'dealer');

export function createDealerApp(showroomUrl: string): Koa {
  const app = new Koa();
  app.use(async (ctx) => {
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
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = fs.readFileSync(file, 'utf8').replaceAll('%SHOWROOM_URL%', showroomUrl);
  });
  return app;
}
