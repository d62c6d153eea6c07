/**
 * The visitor's cookie consent as a store (../islands/external-store.ts): the cookie banner writes it,
 * and any island that must wait for consent (analytics, embedded media to come) reads it instead of
 * parsing the cookie itself.
 */
import type { ExternalStore } from '../islands/external-store';
import { CONSENT_COOKIE, consentCookie, type ConsentChoice } from './consent-cookie';

const listeners = new Set<() => void>();

function readChoice(): ConsentChoice | null {
  const pair = document.cookie.split(';').find((c) => c.trim().startsWith(`${CONSENT_COOKIE}=`));
  const value = pair?.trim().slice(CONSENT_COOKIE.length + 1);
  return value === 'accepted' || value === 'rejected' ? value : null;
}

export interface ConsentStore extends ExternalStore<ConsentChoice | null> {
  choose(choice: ConsentChoice, days: number): void;
}

export const consentStore: ConsentStore = {
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: readChoice,
  // The server renders the banner only for a visitor without the cookie.
  getServerSnapshot: () => null,
  choose(choice, days) {
    document.cookie = consentCookie(choice, days);
    listeners.forEach((l) => l());
  },
};
