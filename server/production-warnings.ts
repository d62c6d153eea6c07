/**
 * What a live store (NODE_ENV=production) starts with that its owner would not want unknowingly,
 * said in plain words at start, one warning each: e-mail that cannot leave, the test gateway's
 * payments, the test captcha. Each names what visitors and the owner will see and the setting that
 * changes it. (What makes a live store unusable refuses the start instead: ./start-refused.ts.)
 */
import type { Config } from './config';
import { formsAskingForCaptcha } from './start-refused';

interface WarnedContent {
  forms: Record<string, { title?: string; googleReCaptcha?: boolean }>;
  estimators: Record<string, { title?: string; googleReCaptcha?: boolean }>;
}

export function productionWarnings(config: Pick<Config, 'production' | 'mail' | 'gateways' | 'forms'>, content: WarnedContent): string[] {
  if (!config.production) return [];
  const warnings: string[] = [];
  if (!config.mail.smtpUrl) {
    warnings.push(
      'SMTP_URL is not set: no e-mail leaves this store. Order confirmations, payment links, password resets, form submissions and the admins\' alerts wait in the outbox. Set SMTP_URL (smtps://user:password@smtp.example.com:465) and restart: the waiting e-mails are sent then.',
    );
  }
  if (config.gateways.testGateway) {
    warnings.push(
      'TEST_GATEWAY=on: the offline test gateway takes payments on this store, so anyone can pay with a test card number and the order counts as paid. Remove TEST_GATEWAY from the settings unless this is a staging store.',
    );
  }
  const recaptcha = config.forms.recaptcha;
  const captchaForms = formsAskingForCaptcha(content);
  if (recaptcha.testMode && !recaptcha.secretKey && captchaForms.length) {
    warnings.push(
      `RECAPTCHA_TEST_MODE=on: visitors see "I am not a robot (test captcha)" on ${captchaForms.join(', ')}, and anyone passes it. Remove RECAPTCHA_TEST_MODE and set RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY unless this is a staging store.`,
    );
  }
  return warnings;
}
