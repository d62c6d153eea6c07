/**
 * Brute-force limits of the studio's sign-in and set-up, with rate-limiter-flexible's limiters
 * whose counters live where `limits` keeps them (../services/shared-limits.ts): in memory for one
 * SQLite process, in the database when several servers share PostgreSQL, so guesses spread over
 * every server count as one run.
 *
 * - Sign-in, per e-mail: ten failed attempts within 15 minutes refuse that e-mail for 15 minutes
 *   (429, Retry-After), right password or not. Operators are few and their e-mails not public; the
 *   cost, that someone who knows one can delay its sign-in by 15 minutes at a time, is seen in the
 *   audit log (every refused sign-in is there). Unknown e-mails count exactly like known ones.
 * - Sign-in, per client address: 30 failed attempts in an hour block the address for an hour.
 * - Attempts are counted when they arrive, before the password is checked, so a burst of parallel
 *   guesses cannot slip past the limit; a successful sign-in gives its points back.
 * - Set-up calls, per client address: 30 an hour (the token has 256 bits; this bounds the work of
 *   argon2 a stranger can cause). Codes tried at the set-up's second step, per operator: 5 in 15
 *   minutes, then 429 until the window ends.
 *
 * Expiry is measured by the limiter against Date.now(), so tests move a fake clock.
 */
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { memoryLimits, type LimitStore } from '../services/shared-limits';

export const SIGN_IN_FAILS_PER_EMAIL = 10;
export const SIGN_IN_EMAIL_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_FAILS_PER_ADDRESS = 30;
export const SETUP_CALLS_PER_ADDRESS_HOUR = 30;
export const SETUP_WRONG_CODES = 5;
export const SETUP_WRONG_CODES_WINDOW_SECONDS = 15 * 60;

/** Seconds until a blocked key may try again, or null when it is not blocked. */
function blockedFor(limiter: RateLimiterAbstract, res: RateLimiterRes | null): number | null {
  if (!res || res.consumedPoints <= limiter.points || res.msBeforeNext <= 0) return null;
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** Counts one hit; seconds to wait when it went over the limit, else null. */
async function hit(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (res) {
    if (res instanceof Error) throw res;
    return Math.max(1, Math.ceil((res as RateLimiterRes).msBeforeNext / 1000));
  }
}

export class OperatorThrottle {
  private readonly failsByEmail: RateLimiterAbstract;
  private readonly failsByAddress: RateLimiterAbstract;
  private readonly setupByAddress: RateLimiterAbstract;
  private readonly setupCodes: RateLimiterAbstract;

  constructor(limits: LimitStore = memoryLimits) {
    this.failsByEmail = limits({ keyPrefix: 'studio-signin-email', points: SIGN_IN_FAILS_PER_EMAIL, duration: SIGN_IN_EMAIL_WINDOW_SECONDS, blockDuration: SIGN_IN_EMAIL_WINDOW_SECONDS });
    this.failsByAddress = limits({ keyPrefix: 'studio-signin-ip', points: SIGN_IN_FAILS_PER_ADDRESS, duration: 3600, blockDuration: 3600 });
    this.setupByAddress = limits({ keyPrefix: 'studio-setup-ip', points: SETUP_CALLS_PER_ADDRESS_HOUR, duration: 3600 });
    this.setupCodes = limits({ keyPrefix: 'studio-setup-code', points: SETUP_WRONG_CODES, duration: SETUP_WRONG_CODES_WINDOW_SECONDS });
  }

  /** Before a sign-in is checked: seconds to wait (refuse with 429, check nothing), or null (go on). */
  async beginSignIn(emailKey: string, address: string): Promise<number | null> {
    const blocked = blockedFor(this.failsByAddress, await this.failsByAddress.get(address)) ?? blockedFor(this.failsByEmail, await this.failsByEmail.get(emailKey));
    if (blocked !== null) return blocked;
    const addressWait = await hit(this.failsByAddress, address);
    if (addressWait !== null) return addressWait;
    return hit(this.failsByEmail, emailKey);
  }

  /** A successful sign-in ends the e-mail's run and is not held against the address. */
  async signedIn(emailKey: string, address: string): Promise<void> {
    await Promise.all([this.failsByEmail.delete(emailKey), this.failsByAddress.reward(address, 1)]);
  }

  /** A set-up call from this address: seconds to wait when over the limit. */
  setupCall(address: string): Promise<number | null> {
    return hit(this.setupByAddress, address);
  }

  /** Before a code of the set-up's second step is checked (counted as it arrives): seconds to wait, or null. */
  setupCode(operatorId: number): Promise<number | null> {
    return hit(this.setupCodes, String(operatorId));
  }
}
