/**
 * hit() and blockedFor(), which every throttle of the store reads its limiters through: null while a
 * key is within its points, then the whole seconds left (at least one); a failing store is thrown
 * on, never read as a wait. The limiter is rate-limiter-flexible's in-memory one, on a fake clock.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blockedFor, hit } from './rate-limit-wait';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-29T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('hit', () => {
  it('answers null within the points, then the seconds left in the window, rounded up', async () => {
    const limiter = new RateLimiterMemory({ keyPrefix: 'test', points: 2, duration: 60 });
    expect(await hit(limiter, 'a')).toBeNull();
    expect(await hit(limiter, 'a')).toBeNull();
    expect(await hit(limiter, 'a')).toBe(60);
    vi.advanceTimersByTime(59_500);
    expect(await hit(limiter, 'a')).toBe(1);
    // Another key has points of its own; the window's end gives the key its points back.
    expect(await hit(limiter, 'b')).toBeNull();
    vi.advanceTimersByTime(600);
    expect(await hit(limiter, 'a')).toBeNull();
  });

  it('throws the store’s failure on instead of answering a wait', async () => {
    const limiter = new RateLimiterMemory({ keyPrefix: 'test', points: 1, duration: 60 });
    const failure = new Error('the store is down');
    vi.spyOn(limiter, 'consume').mockRejectedValue(failure);
    await expect(hit(limiter, 'a')).rejects.toBe(failure);
  });
});

describe('blockedFor', () => {
  it('answers null for a key within its points, and the seconds of its block once over them, without counting', async () => {
    const limiter = new RateLimiterMemory({ keyPrefix: 'test', points: 1, duration: 60, blockDuration: 3600 });
    expect(blockedFor(limiter, await limiter.get('a'))).toBeNull();
    await hit(limiter, 'a');
    expect(blockedFor(limiter, await limiter.get('a'))).toBeNull();
    expect(await hit(limiter, 'a')).toBe(3600);
    vi.advanceTimersByTime(1_000);
    expect(blockedFor(limiter, await limiter.get('a'))).toBe(3599);
    expect(blockedFor(limiter, await limiter.get('a'))).toBe(3599);
  });

  it('answers null for a result whose time is up', () => {
    const limiter = new RateLimiterMemory({ keyPrefix: 'test', points: 1, duration: 60 });
    expect(blockedFor(limiter, new RateLimiterRes(0, 0, 5))).toBeNull();
    expect(blockedFor(limiter, new RateLimiterRes(0, 1, 5))).toBe(1);
  });
});
