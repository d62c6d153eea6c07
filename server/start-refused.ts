/**
 * A start or a command that cannot go on for a reason the person running it can fix: a port in
 * use, a database that does not answer or does not exist, a build that is missing. The command
 * line prints the message alone (no stack) and exits 1.
 */
export class StartRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartRefused';
  }
}

/** A listen() that failed, in the words of the variable that chose the port. */
export function listenProblem(err: unknown, variable: string, host: string, port: number): Error {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') return new StartRefused(`${variable}=${port} is in use by another program on ${host}: stop that program, or set ${variable} to a free port.`);
  if (code === 'EACCES') return new StartRefused(`${variable}=${port} needs privileges this process does not have (ports below 1024): set ${variable} to a port above 1023 and put a proxy in front.`);
  if (code === 'EADDRNOTAVAIL') return new StartRefused(`HOST=${host} is not an address of this machine: set HOST to one of its addresses (127.0.0.1, or 0.0.0.0 for all).`);
  return err instanceof Error ? err : new Error(String(err));
}

/** What the captcha check needs of the content: the forms and estimators that ask for it, by title. */
interface CaptchaContent {
  forms: Record<string, { title?: string; googleReCaptcha?: boolean }>;
  estimators: Record<string, { title?: string; googleReCaptcha?: boolean }>;
}

/** The forms whose submissions need a captcha, as visitors see them (title and file). */
export function formsAskingForCaptcha(content: CaptchaContent): string[] {
  const named = (kind: string, [name, def]: [string, { title?: string }]) => (def.title ? `"${def.title}" (${kind}/${name}.json)` : `${kind}/${name}.json`);
  return [
    ...Object.entries(content.forms).filter(([, f]) => f.googleReCaptcha).map((e) => named('forms', e)),
    ...Object.entries(content.estimators).filter(([, f]) => f.googleReCaptcha).map((e) => named('estimator', e)),
  ];
}

/**
 * A live store (NODE_ENV=production) whose forms ask for a captcha needs Google's reCAPTCHA keys:
 * without them every submission of those forms would be refused ('Please complete the reCAPTCHA
 * verification') while visitors were shown the offline test checkbox. So the start refuses, naming
 * the forms and the two settings, as it refuses a port in use. RECAPTCHA_TEST_MODE=on is the one way
 * round it (a staging store; the start warns), as TEST_GATEWAY=on is for the test gateway.
 */
export function captchaKeysMissing(settings: { secretKey: string | null; siteKey: string | null; testMode: boolean }, production: boolean, content: CaptchaContent): StartRefused | null {
  if (!production || (settings.secretKey && settings.siteKey) || (settings.testMode && !settings.secretKey)) return null;
  const forms = formsAskingForCaptcha(content);
  if (!forms.length) return null;
  const missing = [settings.secretKey ? null : 'RECAPTCHA_SECRET_KEY', settings.siteKey ? null : 'RECAPTCHA_SITE_KEY'].filter(Boolean).join(' and ');
  return new StartRefused(
    `${missing} ${missing.includes(' and ') ? 'are' : 'is'} not set, and these forms ask visitors for a captcha: ${forms.join(', ')}. ` +
      'Without both reCAPTCHA keys a live store (NODE_ENV=production) would refuse every submission of them. ' +
      'Create a reCAPTCHA v2 invisible key pair for PUBLIC_URL\'s domain at https://www.google.com/recaptcha/admin, set RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY in the settings file, and start again ' +
      '(or turn the captcha off in those forms: "googleReCaptcha": false).',
  );
}
