/**
 * The real siteverify client against a local stand-in for Google's endpoint, and the forms endpoint
 * with RECAPTCHA_SECRET_KEY set: the token goes to siteverify with the secret, and its verdict decides.
 *
 * @engines sqlite: the captcha's verdict is the server's.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress, postJson, proxiedTestEnv } from '../api/forms-test-kit';
import { startTestServer } from '../testing/test-server';
import { formSettingsFromEnv, formsPublicSettings, GOOGLE_SITEVERIFY_URL } from './form-settings';
import { createRecaptchaVerifier, googleRecaptchaVerifier, testRecaptchaVerifier } from './recaptcha';

const seen: URLSearchParams[] = [];
let standIn: http.Server;
let verifyUrl: string;

/** Answers like Google: success for the token 'human' (v2) and 'human-v3' (score 0.9), a low score for 'bot-v3', HTTP 500 for 'broken'. */
beforeAll(async () => {
  standIn = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const token = form.get('response');
      if (form.get('secret') !== 'server-secret') return res.end(JSON.stringify({ success: false, 'error-codes': ['invalid-input-secret'] }));
      if (token === 'broken') {
        res.statusCode = 500;
        return res.end('oops');
      }
      const answer = token === 'human' ? { success: true } : token === 'human-v3' ? { success: true, score: 0.9 } : token === 'bot-v3' ? { success: true, score: 0.1 } : { success: false, 'error-codes': ['invalid-input-response'] };
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', () => r()));
  verifyUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/recaptcha/api/siteverify`;
});
afterAll(async () => {
  await new Promise<void>((r) => standIn.close(() => r()));
});

describe('reCAPTCHA verification', () => {
  it('the offline test verifier passes only test-pass', async () => {
    expect(await testRecaptchaVerifier.verify('test-pass')).toBe(true);
    expect(await testRecaptchaVerifier.verify('anything')).toBe(false);
    expect(createRecaptchaVerifier(formSettingsFromEnv(':memory:', {}).recaptcha).mode).toBe('test');
  });

  it('in production without a secret the test token is no way in', async () => {
    const production = createRecaptchaVerifier(formSettingsFromEnv(':memory:', { NODE_ENV: 'production' }).recaptcha);
    expect(production.mode).toBe('off');
    expect(await production.verify('test-pass')).toBe(false);
    expect(createRecaptchaVerifier(formSettingsFromEnv(':memory:', { NODE_ENV: 'production', RECAPTCHA_TEST_MODE: 'on' }).recaptcha).mode).toBe('test');
    expect(formsPublicSettings(formSettingsFromEnv(':memory:', { NODE_ENV: 'production' }))).toEqual({ recaptchaSiteKey: null, recaptchaTestMode: false });
  });

  it("asks siteverify with the secret, the token and the visitor's address", async () => {
    const problems: string[] = [];
    const verifier = googleRecaptchaVerifier({ secretKey: 'server-secret', siteKey: 'site', verifyUrl, minScore: 0.5, testMode: false }, (p) => problems.push(p));
    expect(verifier.mode).toBe('google');
    expect(await verifier.verify('human', '203.0.113.9')).toBe(true);
    expect(Object.fromEntries(seen.at(-1)!)).toEqual({ secret: 'server-secret', response: 'human', remoteip: '203.0.113.9' });
    expect(await verifier.verify('human-v3')).toBe(true);
    expect(await verifier.verify('bot-v3')).toBe(false);
    expect(await verifier.verify('forged')).toBe(false);
    expect(await verifier.verify('broken')).toBe(false);
    expect(problems).toEqual(['siteverify answered HTTP 500']);
    const unreachable = googleRecaptchaVerifier({ secretKey: 's', siteKey: null, verifyUrl: 'http://127.0.0.1:9/siteverify', minScore: 0.5, testMode: false }, (p) => problems.push(p));
    expect(await unreachable.verify('human')).toBe(false);
    expect(problems.at(-1)).toMatch(/^siteverify failed/);
  });

  it('reads the settings: Google by default, the site key public only with a secret', () => {
    const settings = formSettingsFromEnv('/srv/shop/var/showroom.db', { RECAPTCHA_SECRET_KEY: ' k ', RECAPTCHA_SITE_KEY: 'site-key' });
    expect(settings).toEqual({ uploadsDir: '/srv/shop/var/uploads', recaptcha: { secretKey: 'k', siteKey: 'site-key', verifyUrl: GOOGLE_SITEVERIFY_URL, minScore: 0.5, testMode: true } });
    expect(formsPublicSettings(settings)).toEqual({ recaptchaSiteKey: 'site-key', recaptchaTestMode: false });
    expect(formsPublicSettings(formSettingsFromEnv(':memory:', { RECAPTCHA_SITE_KEY: 'site-key' }, '/app'))).toEqual({ recaptchaSiteKey: null, recaptchaTestMode: true });
    expect(formSettingsFromEnv(':memory:', { UPLOADS_DIR: 'data/up' }, '/app').uploadsDir).toBe('/app/data/up');
    expect(formSettingsFromEnv(':memory:', {}, '/app').uploadsDir).toBe('/app/var/uploads');
    // PostgreSQL has no database file to sit beside: var/uploads of the working folder, unless UPLOADS_DIR says.
    expect(formSettingsFromEnv(null, {}, '/app').uploadsDir).toBe('/app/var/uploads');
    expect(formSettingsFromEnv(null, { UPLOADS_DIR: '/shared/uploads' }, '/app').uploadsDir).toBe('/shared/uploads');
  });

  it('the forms endpoint verifies through siteverify when a secret is configured', async () => {
    const server = await startTestServer({ ...proxiedTestEnv, RECAPTCHA_SECRET_KEY: 'server-secret', RECAPTCHA_VERIFY_URL: verifyUrl });
    try {
      const formData = { email: 'ada@example.com', newsletter: true };
      // Both forms mail the typed address, so both ask for the captcha.
      const contact = { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', topic: 'samples', message: 'Which finishes do you stock?' };
      const passTest = await postJson(server.url, 'contact', { formData: contact, recaptchaToken: 'test-pass' }, freshAddress());
      expect(passTest.status).toBe(400);
      expect(passTest.body.fields).toEqual({ recaptchaToken: 'Please complete the reCAPTCHA verification' });
      const human = await postJson(server.url, 'contact', { formData: contact, recaptchaToken: 'human' }, freshAddress());
      expect(human.status).toBe(201);
      expect((await postJson(server.url, 'newsletter', { formData }, freshAddress())).status).toBe(400);
      expect((await postJson(server.url, 'newsletter', { formData, recaptchaToken: 'human' }, freshAddress())).status).toBe(201);
    } finally {
      await server.stop();
    }
  });
});
