/**
 * Brute-force limits of the studio's sign-in and set-up, with rate-limiter-flexible's limiters
 * whose counters live where `limits` keeps them (../services/shared-limits.ts): in memory for one
 * SQLite process, in the database when several servers share PostgreSQL, so guesses spread over
 * every server count as one run.
 *
 * - Sign-in, per e-mail: after ten failed attempts in a row (within a day) every further attempt
 *   needs the captcha, as a customer's sign-in does (../services/account-throttle.ts); with it the
 *   password and code are checked as usual, so the owner signs in however many strangers guessed
 *   before (a lock per e-mail let anyone who knows an operator's e-mail keep them out). Every
 *   refused sign-in is in the audit log. Unknown e-mails count exactly like known ones.
 * - Sign-in, per client address: 30 failed attempts in an hour block the address for an hour.
 * - Attempts are counted when they arrive, before the password is checked, so a burst of parallel
 *   guesses cannot slip past the limit; a successful sign-in gives its points back.
 * - Set-up calls, per client address: 30 an hour (the token has 256 bits; this bounds the work of
 *   argon2 a stranger can cause). Codes tried at the set-up's second step, per operator: 5 in 15
 *   minutes, then 429 until the window ends.
 *
 * Expiry is measured by the limiter against Date.now(), so tests move a fake clock.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { blockedFor, hit } from '../services/rate-limit-wait';
import { memoryLimits, type LimitStore } from '../services/shared-limits';

/** Failed sign-ins for one e-mail checked without the captcha; the next attempts need it. */
export const SIGN_IN_FAILS_PER_EMAIL = 10;
/** How long a run of failed sign-ins is remembered, counted from its first. */
export const SIGN_IN_FAIL_RUN_SECONDS = 24 * 3600;
export const SIGN_IN_FAILS_PER_ADDRESS = 30;
export const SETUP_CALLS_PER_ADDRESS_HOUR = 30;
export const SETUP_WRONG_CODES = 5;
export const SETUP_WRONG_CODES_WINDOW_SECONDS = 15 * 60;

export class OperatorThrottle {
  private readonly failsByEmail: RateLimiterAbstract;
  private readonly failsByAddress: RateLimiterAbstract;
  private readonly setupByAddress: RateLimiterAbstract;
  private readonly setupCodes: RateLimiterAbstract;

  constructor(limits: LimitStore = memoryLimits) {
    // Only counts (penalty), never refuses: past the threshold the captcha decides, not a lock.
    this.failsByEmail = limits({ keyPrefix: 'studio-signin-email-run', points: Number.MAX_SAFE_INTEGER, duration: SIGN_IN_FAIL_RUN_SECONDS });
    this.failsByAddress = limits({ keyPrefix: 'studio-signin-ip', points: SIGN_IN_FAILS_PER_ADDRESS, duration: 3600, blockDuration: 3600 });
    this.setupByAddress = limits({ keyPrefix: 'studio-setup-ip', points: SETUP_CALLS_PER_ADDRESS_HOUR, duration: 3600 });
    this.setupCodes = limits({ keyPrefix: 'studio-setup-code', points: SETUP_WRONG_CODES, duration: SETUP_WRONG_CODES_WINDOW_SECONDS });
  }

  /**
   * Before a sign-in is checked, counted as it arrives (a burst of parallel guesses is counted in
   * full): `blocked`, the address is over its limit (429, check nothing); `captcha`, past the
   * e-mail's run, check only with a valid captcha; `check`, with `captchaNext` when the attempts
   * after this one will need it.
   */
  async beginSignIn(emailKey: string, address: string): Promise<{ kind: 'blocked'; wait: number } | { kind: 'captcha' } | { kind: 'check'; captchaNext: boolean }> {
    const blocked = blockedFor(this.failsByAddress, await this.failsByAddress.get(address));
    if (blocked !== null) return { kind: 'blocked', wait: blocked };
    const addressWait = await hit(this.failsByAddress, address);
    if (addressWait !== null) return { kind: 'blocked', wait: addressWait };
    const attempt = (await this.failsByEmail.penalty(emailKey, 1)).consumedPoints;
    if (attempt > SIGN_IN_FAILS_PER_EMAIL) return { kind: 'captcha' };
    return { kind: 'check', captchaNext: attempt === SIGN_IN_FAILS_PER_EMAIL };
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
