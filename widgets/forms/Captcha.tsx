import { useEffect, useRef } from 'react';
import type { FormStore } from './form-store';
import { loadRecaptcha } from './recaptcha-script';
import { useFormStatus } from './use-form-store';

/** The token the offline test verifier gives; the server's test verifier accepts it (like the test gateway's cards). */
export const TEST_CAPTCHA_TOKEN = 'test-pass';

interface Props {
  store: FormStore;
  idPrefix: string;
  /** RECAPTCHA_SITE_KEY (a v2 invisible key). Without one, the offline test verifier shows. */
  siteKey?: string;
}

/**
 * The captcha of a form with googleReCaptcha: submit without a token runs the challenge
 * instead of sending. With a site key that is Google's invisible reCAPTCHA; without one, a visible
 * 'test captcha' checkbox stands in for it, so the flow (and its message) works offline.
 */
export function Captcha({ store, idPrefix, siteKey }: Props) {
  const status = useFormStatus(store);
  const container = useRef<HTMLDivElement>(null);
  const errorId = `${idPrefix}-captcha-error`;

  useEffect(() => {
    if (!siteKey) {
      store.setCaptcha({ execute: async () => store.getStatus().captchaToken, reset: () => {} });
      return () => store.setCaptcha(null);
    }
    let widgetId: number | undefined;
    let waiting: ((token: string | null) => void) | null = null;
    let cancelled = false;
    const settle = (token: string | null) => {
      waiting?.(token);
      waiting = null;
    };
    const ready = loadRecaptcha().then((g) => {
      if (cancelled || !container.current) return g;
      widgetId = g.render(container.current, {
        sitekey: siteKey,
        size: 'invisible',
        callback: (token: string) => {
          store.setCaptchaToken(token);
          settle(token);
        },
        'expired-callback': () => store.setCaptchaToken(null),
        'error-callback': () => settle(null),
      });
      return g;
    });
    ready.catch(() => {}); // a blocked script shows as a failed challenge, below
    store.setCaptcha({
      execute: () =>
        ready.then(
          (g) =>
            new Promise<string | null>((resolve) => {
              waiting = resolve;
              g.execute(widgetId);
            }),
          () => null,
        ),
      reset: () => {
        void ready.then((g) => g.reset(widgetId)).catch(() => {});
      },
    });
    return () => {
      cancelled = true;
      settle(null);
      store.setCaptcha(null);
    };
  }, [store, siteKey]);

  const error = status.captchaError ? (
    <p id={errorId} className="sf-field__error" role="alert">
      {status.captchaError}
    </p>
  ) : null;

  if (siteKey) {
    return (
      <div className="sf-captcha" data-field="recaptchaToken">
        <div ref={container} tabIndex={-1} aria-describedby={status.captchaError ? errorId : undefined} />
        {error}
      </div>
    );
  }
  const id = `${idPrefix}-captcha`;
  return (
    <div className="sf-captcha sf-captcha--test" data-field="recaptchaToken">
      <input
        id={id}
        type="checkbox"
        checked={status.captchaToken === TEST_CAPTCHA_TOKEN}
        aria-invalid={status.captchaError ? true : undefined}
        aria-describedby={status.captchaError ? errorId : undefined}
        onChange={(e) => store.setCaptchaToken(e.target.checked ? TEST_CAPTCHA_TOKEN : null)}
      />
      <label htmlFor={id}>I am not a robot (test captcha)</label>
      {error}
    </div>
  );
}
