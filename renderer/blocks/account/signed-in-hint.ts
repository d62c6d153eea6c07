/**
 * Whether this browser is signed in, as far as the header needs to know: the session cookie is
 * httpOnly (no script reads it), so the account pages leave a hint in localStorage when a sign-in
 * succeeds and remove it at sign-out or when the server answers 401. The hint only picks the
 * header link's words ('Sign in' or 'My account'); both go to /my-account, and the server decides.
 */
import type { ExternalStore } from '../../islands/external-store';

/** Read by the header too (renderer/layout/Header.tsx SIGNED_IN_HINT_KEY, kept equal by a test). */
export const SIGNED_IN_KEY = 'showroom:signed-in';
const KEY = SIGNED_IN_KEY;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked: the header says 'Sign in', which still leads to the account
  }
}

function notify(): void {
  listeners.forEach((l) => l());
}

export function setSignedInHint(signedIn: boolean): void {
  const s = storage();
  if (!s) return;
  const before = s.getItem(KEY) === '1';
  if (signedIn) s.setItem(KEY, '1');
  else s.removeItem(KEY);
  if (before !== signedIn) notify();
}

export const signedInHint: ExternalStore<boolean> = {
  subscribe(listener) {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key === KEY || e.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
  getSnapshot: () => storage()?.getItem(KEY) === '1',
  getServerSnapshot: () => false,
};
