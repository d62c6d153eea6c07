/**
 * The captcha the sign-in asks for after a run of failed sign-ins of one e-mail (the server says so
 * with fields.recaptchaToken). With the store's reCAPTCHA site key: Google's checkbox, its script
 * loaded only then (the studio's policy allows Google's reCAPTCHA paths when a key is set); without
 * one, the offline test captcha, a checkbox whose token the server's test verifier accepts, as the
 * storefront's forms do.
 */
import { useEffect, useRef } from 'react';

/** The token of the offline test captcha (server/services/recaptcha.ts accepts it in test mode). */
export const TEST_CAPTCHA_TOKEN = 'test-pass';

interface Grecaptcha {
  render(container: HTMLElement, params: Record<string, unknown>): number;
}

let loading: Promise<Grecaptcha> | null = null;

function loadRecaptcha(): Promise<Grecaptcha> {
  const w = window as unknown as { grecaptcha?: Grecaptcha; __studioRecaptcha?: () => void };
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    if (w.grecaptcha?.render) return resolve(w.grecaptcha);
    w.__studioRecaptcha = () => resolve(w.grecaptcha!);
    const script = document.createElement('script');
    script.src = 'https://www.google.com/recaptcha/api.js?onload=__studioRecaptcha&render=explicit';
    script.async = true;
    script.onerror = () => {
      loading = null;
      reject(new Error('reCAPTCHA could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export function SignInCaptcha({ siteKey, token, onToken, error }: { siteKey: string | null; token: string; onToken(token: string): void; error?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useEffect(() => {
    if (!siteKey) return;
    let live = true;
    loadRecaptcha().then(
      (g) => {
        if (live && box.current && box.current.childElementCount === 0) g.render(box.current, { sitekey: siteKey, callback: (t: string) => onTokenRef.current(t), 'expired-callback': () => onTokenRef.current('') });
      },
      () => live && onTokenRef.current(''),
    );
    return () => {
      live = false;
    };
  }, [siteKey]);

  const errorId = 'sign-in-captcha-error';
  return (
    <div className="field">
      {siteKey ? (
        <div ref={box} />
      ) : (
        <label className="field__check">
          <input type="checkbox" checked={token === TEST_CAPTCHA_TOKEN} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} onChange={(e) => onToken(e.target.checked ? TEST_CAPTCHA_TOKEN : '')} />
          I am not a robot (test captcha)
        </label>
      )}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
