/** The page route hands the form islands the public forms settings: the reCAPTCHA site key, never the secret. */
import http from 'node:http';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../renderer/entry-server';
import { loadContent } from '../content/load-content';
import { pageRoute } from './page-route';

const content = loadContent(path.resolve(process.env.CONTENT_DIR ?? 'examples/site'));
const assets = { entry: '/assets/entry.js', css: [], preload: [] };
let server: http.Server;
let url: string;

beforeAll(async () => {
  const app = new Koa();
  app.use(pageRoute({ content, renderPage, assets, publicUrl: 'http://shop.test', formsPublic: { recaptchaSiteKey: 'site-key-123', recaptchaTestMode: false }, cacheSize: 500 }));
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The props JSON of each island named `name` on the page. */
async function islandProps(page: string, name: string): Promise<Record<string, unknown>[]> {
  const html = await (await fetch(url + page)).text();
  const ids = [...html.matchAll(new RegExp(`data-island="${name}" data-id="([^"]+)"`, 'g'))].map((m) => m[1]!);
  return ids.map((id) => {
    const json = new RegExp(`<script type="application/json" id="${id}-props">(.*?)</script>`).exec(html)![1]!;
    return (JSON.parse(json) as { props: Record<string, unknown> }).props;
  });
}

describe('page route: the forms settings reach the form islands', () => {
  it("a form block's island carries its form and the site key", async () => {
    const [props] = await islandProps('/contact', 'form');
    expect(props).toMatchObject({ block: { type: 'form', form: 'contact' }, data: { form: { name: 'contact' }, recaptchaSiteKey: 'site-key-123' } });
  });

  it('so do the footer newsletter and the home page popup', async () => {
    expect(await islandProps('/about-us', 'footer-newsletter')).toEqual([{ form: content.forms.newsletter, recaptchaSiteKey: 'site-key-123' }]);
    const [popup] = await islandProps('/', 'popup');
    expect(popup).toMatchObject({ data: { popups: [{ name: 'newsletter' }], forms: { newsletter: { name: 'newsletter' } }, recaptchaSiteKey: 'site-key-123' } });
  });
});
