/**
 * Google reCAPTCHA v2 (invisible) behind a small interface. The script
 * (https://www.google.com/recaptcha/api.js, explicit render) is added to the page the first time a
 * form with googleReCaptcha is shown with a site key configured, and only once per page.
 */

export interface Grecaptcha {
  render(container: HTMLElement, params: Record<string, unknown>): number;
  execute(widgetId?: number): void;
  reset(widgetId?: number): void;
}

export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';
const ONLOAD_CALLBACK = '__showroomRecaptchaLoaded';

let loading: Promise<Grecaptcha> | null = null;

type RecaptchaWindow = { grecaptcha?: Grecaptcha } & Record<string, unknown>;

export function loadRecaptcha(): Promise<Grecaptcha> {
  if (loading) return loading;
  const w = window as unknown as RecaptchaWindow;
  loading = new Promise<Grecaptcha>((resolve, reject) => {
    if (w.grecaptcha?.render) return resolve(w.grecaptcha);
    w[ONLOAD_CALLBACK] = () => resolve(w.grecaptcha!);
    const script = document.createElement('script');
    script.src = `${RECAPTCHA_SCRIPT_URL}?onload=${ONLOAD_CALLBACK}&render=explicit`;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      loading = null;
      reject(new Error('reCAPTCHA script failed to load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Tests only: forget the loaded script. */
export function resetRecaptchaLoader(): void {
  loading = null;
}
