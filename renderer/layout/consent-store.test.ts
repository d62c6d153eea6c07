// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentStore } from './consent-store';

afterEach(() => {
  document.cookie = 'showroom_cookie_consent=; Max-Age=0; Path=/';
});

describe('consent store', () => {
  it('reads the choice from the cookie, and a choice writes the cookie and notifies', () => {
    expect(consentStore.getSnapshot()).toBeNull();
    const listener = vi.fn();
    consentStore.subscribe(listener);
    consentStore.choose('rejected', 180);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(consentStore.getSnapshot()).toBe('rejected');
    expect(document.cookie).toContain('showroom_cookie_consent=rejected');
  });
});
