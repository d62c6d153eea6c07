/**
 * reCAPTCHA verification (a refusal says 'Please complete the reCAPTCHA verification'). With
 * RECAPTCHA_SECRET_KEY set, tokens go to Google's siteverify; otherwise an offline test verifier
 * decides, like the test payment gateway: the token 'test-pass' passes, any other fails (off in
 * production unless RECAPTCHA_TEST_MODE=on: then every token fails). A token is checked once, on the
 * request that starts a submission.
 */
import type { RecaptchaSettings } from './form-settings';

export interface RecaptchaVerifier {
  /** Does the token prove a person? Never throws: a verifier that cannot be reached says no. */
  verify(token: string, remoteIp?: string): Promise<boolean>;
  readonly mode: 'google' | 'test' | 'off';
}

export const TEST_RECAPTCHA_TOKEN = 'test-pass';

export const testRecaptchaVerifier: RecaptchaVerifier = {
  mode: 'test',
  async verify(token) {
    return token === TEST_RECAPTCHA_TOKEN;
  },
};

/** No secret and no test mode (production): nobody passes, and the start logs why. */
export const refusingRecaptchaVerifier: RecaptchaVerifier = {
  mode: 'off',
  async verify() {
    return false;
  },
};

interface SiteverifyAnswer {
  success?: unknown;
  score?: unknown;
  'error-codes'?: unknown;
}

/** Google's siteverify: POST secret, response and remoteip as a form; reads success (and score for v3). */
export function googleRecaptchaVerifier(settings: RecaptchaSettings & { secretKey: string }, onProblem: (problem: string) => void = () => {}, timeoutMs = 5000): RecaptchaVerifier {
  return {
    mode: 'google',
    async verify(token, remoteIp) {
      if (token.length > 4000) return false;
      const form = new URLSearchParams({ secret: settings.secretKey, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      try {
        const res = await fetch(settings.verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(timeoutMs) });
        if (!res.ok) {
          onProblem(`siteverify answered HTTP ${res.status}`);
          return false;
        }
        const answer = (await res.json()) as SiteverifyAnswer;
        if (answer.success !== true) return false;
        // v3 tokens carry a score from 0 (a bot) to 1 (a person); v2 tokens have none.
        return typeof answer.score !== 'number' || answer.score >= settings.minScore;
      } catch (err) {
        onProblem(`siteverify failed: ${err instanceof Error ? err.message : String(err)}`);
        return false;
      }
    },
  };
}

export function createRecaptchaVerifier(settings: RecaptchaSettings, onProblem?: (problem: string) => void): RecaptchaVerifier {
  if (settings.secretKey) return googleRecaptchaVerifier({ ...settings, secretKey: settings.secretKey }, onProblem);
  return settings.testMode ? testRecaptchaVerifier : refusingRecaptchaVerifier;
}
