/** The consent cookie: its name, and how long a choice is remembered (180 days by default). */
export const CONSENT_COOKIE = 'showroom_cookie_consent';
export const DEFAULT_CONSENT_DAYS = 180;

export type ConsentChoice = 'accepted' | 'rejected';

export function consentCookie(choice: ConsentChoice, days: number): string {
  return `${CONSENT_COOKIE}=${choice}; Max-Age=${days * 24 * 60 * 60}; Path=/; SameSite=Lax`;
}

export function hasConsentCookie(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((c) => c.trim().startsWith(`${CONSENT_COOKIE}=`));
}
