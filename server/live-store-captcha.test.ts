/**
 * A live store (NODE_ENV=production) and the captcha its forms ask for: without Google's reCAPTCHA
 * keys the start refuses in plain words (the forms, the two settings, where to get them), and a
 * started live store never shows visitors the offline test captcha. The start also warns of what a
 * live store should not run with unknowingly (no SMTP_URL, the test gateway, the test captcha).
 *
 * @engines sqlite: the start's checks and the page's HTML, whatever the engine.
 */
import { describe, expect, it } from 'vitest';
import { StartRefused } from './start-refused';
import { startTestServer } from './testing/test-server';
import { scaledMs } from '../scripts/test-calibration';

const KEYS = { RECAPTCHA_SITE_KEY: 'site-key-of-shop-example-com', RECAPTCHA_SECRET_KEY: 'secret-key-of-shop-example-com' };
const LIVE = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com', SMTP_URL: 'smtp://127.0.0.1:1' };

async function refusal(env: Record<string, string>): Promise<unknown> {
  return startTestServer(env).then(
    async (server) => {
      await server.stop();
      return undefined;
    },
    (err: unknown) => err,
  );
}

const warnings = (lines: string[]) => lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40).map((l) => l.msg);

describe('a live store and the captcha', () => {
  it('refuses to start without the reCAPTCHA keys, naming the forms that would refuse every visitor and the settings that fix it', async () => {
    const error = await refusal(LIVE);
    expect(error).toBeInstanceOf(StartRefused);
    const message = (error as Error).message;
    expect(message).toContain('RECAPTCHA_SECRET_KEY and RECAPTCHA_SITE_KEY are not set');
    for (const form of ['"Get in touch" (forms/contact.json)', '"File a damage or missing-part claim" (forms/claim.json)', '"Become a dealer" (forms/become-dealer.json)', '"Free kitchen design" (forms/free-kitchen-design.json)', '"Design ideas in your inbox" (forms/newsletter.json)', '"Kitchen price estimator" (estimator/kitchen-estimator.json)']) {
      expect(message).toContain(form);
    }
    expect(message).toContain('set RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY in the settings file');
    expect(message).toContain('https://www.google.com/recaptcha/admin');
  }, scaledMs(30_000));

  it('names the one key that is missing', async () => {
    expect(((await refusal({ ...LIVE, RECAPTCHA_SECRET_KEY: KEYS.RECAPTCHA_SECRET_KEY })) as Error).message).toMatch(/^RECAPTCHA_SITE_KEY is not set, and these forms/);
    expect(((await refusal({ ...LIVE, RECAPTCHA_SITE_KEY: KEYS.RECAPTCHA_SITE_KEY })) as Error).message).toMatch(/^RECAPTCHA_SECRET_KEY is not set, and these forms/);
  }, scaledMs(30_000));

  it('starts with both keys and renders Google’s captcha, never the test one, and warns of nothing', async () => {
    const server = await startTestServer({ ...LIVE, ...KEYS }, { log: 'kept' });
    try {
      const html = await (await fetch(`${server.listenUrl}/contact`, { headers: { Host: 'shop.example.com' } })).text();
      expect(html).toContain('class="sf-captcha"');
      expect(html).not.toContain('test captcha');
      expect(html).not.toContain('sf-captcha--test');
      expect(warnings(server.logLines)).toEqual([]);
    } finally {
      await server.stop();
    }
  }, scaledMs(30_000));

  it('starts a staging store with RECAPTCHA_TEST_MODE=on, and says in plain words what its visitors see', async () => {
    const server = await startTestServer({ ...LIVE, RECAPTCHA_TEST_MODE: 'on' }, { log: 'kept' });
    try {
      expect(warnings(server.logLines)).toEqual([expect.stringMatching(/^RECAPTCHA_TEST_MODE=on: visitors see "I am not a robot \(test captcha\)" on "Become a dealer" \(forms\/become-dealer.json\), .*"Get in touch" \(forms\/contact.json\), .* and anyone passes it\./)]);
    } finally {
      await server.stop();
    }
  }, scaledMs(30_000));

  it('warns at start when no e-mail can leave (no SMTP_URL) and when the test gateway takes payments', async () => {
    const server = await startTestServer({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com', TEST_GATEWAY: 'on', ...KEYS }, { log: 'kept' });
    try {
      expect(warnings(server.logLines)).toEqual([
        expect.stringMatching(/^SMTP_URL is not set: no e-mail leaves this store\. Order confirmations, payment links, password resets, form submissions and the admins' alerts wait in the outbox\./),
        expect.stringMatching(/^TEST_GATEWAY=on: the offline test gateway takes payments on this store, so anyone can pay with a test card number/),
      ]);
    } finally {
      await server.stop();
    }
  }, scaledMs(30_000));

  it('keeps the test captcha in development, where no key is needed', async () => {
    const server = await startTestServer({});
    try {
      const html = await (await fetch(`${server.url}/contact`)).text();
      expect(html).toContain('I am not a robot (test captcha)');
    } finally {
      await server.stop();
    }
  }, scaledMs(30_000));
});
