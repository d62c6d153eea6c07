/**
 * Builds and registers the forms API: POST /api/forms/{name} and the newsletter's unsubscribe
 * endpoints, with their settings (services/form-settings.ts: UPLOADS_DIR, RECAPTCHA_*), the
 * reCAPTCHA verifier and the per-address rate limiter.
 */
import fs from 'node:fs';
import type Router from '@koa/router';
import type { Content } from '../content/load-content';
import type { Database } from '../db/database';
import type { Queries } from '../db/queries';
import type { Logger } from '../logger';
import type { MailConfig } from '../mail/mail-config';
import type { FormSettings } from '../services/form-settings';
import { FormSubmissions } from '../services/form-submissions';
import { RateLimiter } from '../services/rate-limiter';
import { limitStore } from '../services/shared-limits';
import { sweepStaleStaging } from '../services/form-uploads';
import { createRecaptchaVerifier } from '../services/recaptcha';
import { uploadStoreFor } from '../services/upload-store';
import type { QuoteBuilderDeps } from '../back-office/quote-builder';
import { FORM_POSTS_PER_MINUTE, formRoutes } from './forms';
import { newsletterRoutes } from './forms-newsletter';

export interface FormsApiDeps {
  content: Content;
  database: Database;
  q: Queries;
  logger: Logger;
  publicUrl: string;
  mail: MailConfig;
  /** The uploads folder and reCAPTCHA (config.forms). */
  settings: FormSettings;
  /** Where an estimate's starting quote is saved. */
  startingQuotes?: QuoteBuilderDeps;
}

export function formsApi(api: Router, deps: FormsApiDeps): FormSettings {
  const settings = deps.settings;
  fs.mkdirSync(settings.uploadsDir, { recursive: true });
  const swept = sweepStaleStaging(settings.uploadsDir);
  if (swept) deps.logger.info({ swept }, 'removed upload staging folders of interrupted requests');
  const recaptcha = createRecaptchaVerifier(settings.recaptcha, (problem) => deps.logger.warn({ problem }, 'reCAPTCHA verification failed'));
  if (recaptcha.mode === 'off' && [...Object.values(deps.content.forms), ...Object.values(deps.content.estimators)].some((f) => f.googleReCaptcha)) {
    deps.logger.error('RECAPTCHA_SECRET_KEY is not set and the test verifier is off (production): forms and estimators with googleReCaptcha refuse every submission');
  }
  const submissions = new FormSubmissions({ q: deps.q, uploads: uploadStoreFor(deps.database, settings.uploadsDir), mail: deps.mail, publicUrl: deps.publicUrl, recaptcha });
  formRoutes(api, { content: deps.content, submissions, limiter: new RateLimiter(FORM_POSTS_PER_MINUTE, 60_000, limitStore(deps.database), 'form-posts'), uploadsDir: settings.uploadsDir, logger: deps.logger, ...(deps.startingQuotes ? { startingQuotes: deps.startingQuotes } : {}) });
  newsletterRoutes(api, deps.q, submissions.newsletterConsent);
  return settings;
}
