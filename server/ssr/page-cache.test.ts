import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, hasConsentCookie } from '../../renderer/layout/consent-cookie';
import { CONSENT_COOKIE_NAME, PageCache, pageCacheKey, pageCacheSize } from './page-cache';

describe('page cache', () => {
  it('keeps at most its size, dropping the least recently used', () => {
    const cache = new PageCache(2);
    cache.set('a', { status: 200, body: Buffer.from('A') });
    cache.set('b', { status: 200, body: Buffer.from('B') });
    expect(cache.get('a')?.body.toString()).toBe('A');
    cache.set('c', { status: 404, body: Buffer.from('C') });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.body.toString()).toBe('A');
    expect(cache.size).toBe(2);
  });

  it('stores nothing with size 0', () => {
    const cache = new PageCache(0);
    cache.set('a', { status: 200, body: Buffer.from('A') });
    expect(cache.get('a')).toBeUndefined();
  });

  it('keys on the URL and the consent answer only, as the renderer reads it', () => {
    expect(CONSENT_COOKIE_NAME).toBe(CONSENT_COOKIE);
    for (const cookie of [undefined, '', 'x=1', `${CONSENT_COOKIE}=accepted`, `x=1; ${CONSENT_COOKIE}=rejected`]) {
      expect(pageCacheKey('/', cookie).startsWith('c')).toBe(hasConsentCookie(cookie));
    }
    expect(pageCacheKey('/a?b=1', 'x=1')).toBe(pageCacheKey('/a?b=1', 'y=2'));
    expect(pageCacheKey('/a?b=1', undefined)).not.toBe(pageCacheKey('/a?b=2', undefined));
  });

  it('reads its size from PAGE_CACHE_SIZE', () => {
    expect(pageCacheSize({})).toBe(500);
    expect(pageCacheSize({ PAGE_CACHE_SIZE: '0' })).toBe(0);
    expect(pageCacheSize({ PAGE_CACHE_SIZE: 'lots' })).toBe(500);
  });
});
