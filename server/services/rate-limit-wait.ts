/**
 * What a limiter's answer means to the caller: the seconds a key must wait, or null when it may go
 * on. Every throttle of the store (the customers' sign-in, the studio's sign-in and set-up, the
 * studio's saves and previews) reads its limiters through these two, so "over the limit" and
 * "wait at least a second" are said once. rate-limiter-flexible rejects a consume with a
 * RateLimiterRes when the key is over its points, and with an Error when its store failed: only the
 * first is a wait; the second is the store's failure and is thrown on.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** Whole seconds, at least one: a Retry-After of 0 would invite the retry that is refused. */
const secondsToWait = (res: RateLimiterRes): number => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** Counts one hit; the seconds to wait when this hit went over the limit, else null. */
export async function hit(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (res) {
    if (res instanceof RateLimiterRes) return secondsToWait(res);
    throw res;
  }
}

/** Without counting a hit: the seconds until a key over its limit may try again, or null when it is not over. */
export function blockedFor(limiter: RateLimiterAbstract, res: RateLimiterRes | null): number | null {
  if (!res || res.consumedPoints <= limiter.points || res.msBeforeNext <= 0) return null;
  return secondsToWait(res);
}
