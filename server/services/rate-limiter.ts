/**
 * A fixed-window limiter: at most `limit` hits per key in each window. It is rate-limiter-flexible's,
 * whose keys each expire on their own, so a hit costs the same however many keys the limiter holds;
 * its counters live where `store` keeps them (memory for one process, the database for several:
 * shared-limits.ts).
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { memoryLimits, type LimitStore } from './shared-limits';

export class RateLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(limit: number, windowMs: number, store: LimitStore = memoryLimits, keyPrefix = 'limit') {
    // The library counts whole seconds; a window under one second is not a use we have.
    this.limiter = store({ keyPrefix, points: limit, duration: Math.max(1, Math.round(windowMs / 1000)) });
  }

  /**
   * Counts a hit; resolves false when the key is over its limit in the current window. Async so a
   * shared store can answer; named apart from the former synchronous `allow(key)` so that code
   * written against that fails to compile instead of testing an (always truthy) Promise.
   */
  /** Whether the key has used all its hits in the current window, without counting one. */
  async spent(key: string): Promise<boolean> {
    const res = await this.limiter.get(key);
    return res !== null && res.consumedPoints >= this.limiter.points;
  }

  async consume(key: string): Promise<boolean> {
    try {
      await this.limiter.consume(key);
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  }
}
