/**
 * Settings of the forms endpoint, from environment variables (like the mail settings, read when the
 * app is built, so server/config.ts stays the gateways' and the site's):
 *
 *   UPLOADS_DIR            on SQLite, where uploads are stored; default `uploads` beside the SQLite
 *                          file (var/uploads for the default sqlite:var/showroom.db; a test server's
 *                          temporary folder for a test server). On PostgreSQL uploads are stored in
 *                          the database (./upload-store.ts) and this folder, var/uploads of the
 *                          working folder unless set, holds only the staging files of requests in
 *                          flight: each server its own, never shared
 *   RECAPTCHA_SECRET_KEY   verify reCAPTCHA tokens with Google's siteverify; without it the offline
 *                          test verifier decides (token 'test-pass' passes)
 *   RECAPTCHA_SITE_KEY     the public key the browser's reCAPTCHA widget needs (formsPublicSettings)
 *   RECAPTCHA_VERIFY_URL   siteverify address (default Google's; tests point it at a local stand-in)
 *   RECAPTCHA_MIN_SCORE    reCAPTCHA v3 only: the lowest score accepted (default 0.5)
 *   RECAPTCHA_TEST_MODE    on/off: the offline test verifier when no secret is set; default on, off
 *                          in production (NODE_ENV=production), like the test payment gateway; a
 *                          live store whose forms ask for the captcha does not start without both
 *                          keys (../start-refused.ts), so its visitors never see the test captcha
 */
import path from 'node:path';

export const GOOGLE_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface RecaptchaSettings {
  secretKey: string | null;
  siteKey: string | null;
  verifyUrl: string;
  minScore: number;
  /** Without a secret: true takes the test token 'test-pass'; false refuses every token. */
  testMode: boolean;
}

export interface FormSettings {
  uploadsDir: string;
  recaptcha: RecaptchaSettings;
}

/** `databaseFile`: the SQLite file (Database.location), or null on PostgreSQL (or '' when no folder is needed). */
export function formSettingsFromEnv(databaseFile: string | null, env: Record<string, string | undefined>, cwd = process.cwd()): FormSettings {
  const configured = env.UPLOADS_DIR?.trim();
  const uploadsDir = configured
    ? path.resolve(cwd, configured)
    : databaseFile === null || databaseFile === ':memory:' || databaseFile === ''
      ? path.resolve(cwd, 'var', 'uploads')
      : path.join(path.dirname(path.resolve(cwd, databaseFile)), 'uploads');
  const minScore = Number(env.RECAPTCHA_MIN_SCORE);
  const testMode = env.RECAPTCHA_TEST_MODE ? env.RECAPTCHA_TEST_MODE.trim().toLowerCase() === 'on' : env.NODE_ENV !== 'production';
  return {
    uploadsDir,
    recaptcha: {
      secretKey: env.RECAPTCHA_SECRET_KEY?.trim() || null,
      siteKey: env.RECAPTCHA_SITE_KEY?.trim() || null,
      verifyUrl: env.RECAPTCHA_VERIFY_URL?.trim() || GOOGLE_SITEVERIFY_URL,
      minScore: Number.isFinite(minScore) && minScore >= 0 && minScore <= 1 ? minScore : 0.5,
      testMode,
    },
  };
}

/**
 * What the browser's form engine needs to know of the settings: the reCAPTCHA site key, or null in
 * test mode (the engine then offers the offline test challenge, whose token is 'test-pass').
 */
export function formsPublicSettings(settings: FormSettings): { recaptchaSiteKey: string | null; recaptchaTestMode: boolean } {
  const live = settings.recaptcha.secretKey !== null && settings.recaptcha.siteKey !== null;
  return { recaptchaSiteKey: live ? settings.recaptcha.siteKey : null, recaptchaTestMode: !live && settings.recaptcha.secretKey === null && settings.recaptcha.testMode };
}
