import type { Middleware } from 'koa';
import type { RenderInput, RenderResult } from '../../renderer/entry-server';
import type { Content } from '../content/load-content';
import type { ClientAssets } from './client-assets';
import { htmlDocument } from './html-document';

export type RenderPage = (input: RenderInput) => RenderResult;

/** Every GET that no API or file answered is a page: rendered on the server, hydrated in the browser. */
export function pageRoute(opts: { content: Content; renderPage: RenderPage; assets: ClientAssets; publicUrl: string }): Middleware {
  const { content, renderPage, assets, publicUrl } = opts;
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) return next();
    const result = renderPage({
      url: ctx.url,
      routes: content.routes,
      pages: content.pages,
      settings: content.settings,
      cookieHeader: ctx.get('Cookie') || undefined,
    });
    ctx.status = result.status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = htmlDocument({
      html: result.html,
      title: result.title,
      description: result.description,
      canonicalUrl: publicUrl + ctx.path,
      siteName: content.settings.siteName,
      state: result.state,
      assets,
    });
  };
}
