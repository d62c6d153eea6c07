// Takes the README's screenshots of the demo store: npm run screenshots (after npm run build).
import { launchBrowser } from '../e2e/browser';
import { startTestServer } from '../server/testing/test-server';

const shots = [
  { path: '/', file: 'home-desktop.png', width: 1440, height: 900 },
  { path: '/', file: 'home-phone.png', width: 390, height: 844 },
];

const server = await startTestServer();
const browser = await launchBrowser();
try {
  for (const shot of shots) {
    const context = await browser.newContext({ viewport: { width: shot.width, height: shot.height } });
    await context.addCookies([{ name: 'showroom_cookie_consent', value: 'accepted', url: server.url }]);
    const page = await context.newPage();
    await page.goto(server.url + shot.path);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.screenshot({ path: `docs/screenshots/${shot.file}` });
    await context.close();
    console.log(`docs/screenshots/${shot.file}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
