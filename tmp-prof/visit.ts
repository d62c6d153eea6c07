import AxeBuilder from '@axe-core/playwright';
import { startTestServer } from '../server/testing/test-server';
import { launchBrowser, pageSettled } from '../e2e/browser';

const t = () => performance.now();
const server = await startTestServer();
const browser = await launchBrowser();
for (const route of ['/claim', '/', '/products/kitchen-cabinets', '/faqs', '/claim']) {
  for (const width of [390, 1280]) {
    const ctx = await browser.newContext({ viewport: { width, height: 844 } });
    await ctx.addCookies([{ name: 'showroom_cookie_consent', value: 'accepted', url: server.url }]);
    await ctx.route((u) => !u.href.startsWith(server.url), (r) => r.fulfill({ status: 204, body: '' }));
    const page = await ctx.newPage();
    const a = t();
    await page.goto(server.url + route);
    const b = t();
    await page.waitForSelector('html[data-hydrated="true"]');
    const c = t();
    await pageSettled(page);
    const d = t();
    const r = await new AxeBuilder({ page }).analyze();
    const e = t();
    const nodes = await page.evaluate(() => document.querySelectorAll('*').length);
    console.log(route, width, `goto ${(b - a).toFixed(0)} hydrated ${(c - b).toFixed(0)} settled ${(d - c).toFixed(0)} axe ${(e - d).toFixed(0)} (${r.violations.length} v) nodes ${nodes}`);
    await ctx.close();
  }
}
await browser.close();
await server.stop();
