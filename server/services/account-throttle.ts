/**
 * Brute-force limits of the account endpoints, with rate-limiter-flexible's limiters, whose counters
 * live where `limits` keeps them (./shared-limits.ts): in memory for one SQLite process, in the
 * database when several servers share PostgreSQL, so a run of wrong passwords spread over every
 * server is counted as one run.
 *
 * - Sign-in, per e-mail: after ten wrong passwords in a row (within a day) every further attempt
 *   needs the captcha; with it, the password is checked as usual, so the owner's right password
 *   signs in however many strangers guessed before (a lock per account would let anyone lock
 *   its owner out). A successful sign-in or a password reset ends the run. Counting per e-mail,
 *   not per account, treats an unknown e-mail exactly like a known one.
 * - Sign-in, per client address: the hundredth attempt without success in an hour is answered 429
 *   and blocks the address for an hour (one address trying many accounts), captcha or not.
 * - Attempts are counted when they arrive, before the password is checked (see beginSignIn).
 * - Registration and reset requests, per client address: 20 an hour, then 429.
 * - E-mails about one address (welcome, "you already have an account", reset links): 3 an hour; more
 *   requests get the same answer and no e-mail, so nobody can flood a mailbox through the store.
 *
 * Expiry is checked against Date.now(), so a test moves a fake clock instead of waiting.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { blockedFor, hit } from './rate-limit-wait';
import { memoryLimits, type LimitStore } from './shared-limits';

/** Wrong passwords for one e-mail checked without the captcha; the next attempts need it. */
export const WRONG_PASSWORDS_IN_A_ROW = 10;
/** How long a run of wrong passwords is remembered, counted from its first. */
export const WRONG_PASSWORD_RUN_SECONDS = 24 * 3600;
export const WRONG_PASSWORDS_PER_ADDRESS_HOUR = 100;
export const REQUESTS_PER_ADDRESS_HOUR = 20;
export const MAILS_PER_EMAIL_HOUR = 3;

export class AccountThrottle {
  private readonly failsByEmail: RateLimiterAbstract;
  private readonly failsByAddress: RateLimiterAbstract;
  private readonly requestsByAddress: RateLimiterAbstract;
  private readonly mailsByEmail: RateLimiterAbstract;

  constructor(limits: LimitStore = memoryLimits) {
    // Only counts (penalty), never refuses: past the threshold the captcha decides, not a lock.
    this.failsByEmail = limits({ keyPrefix: 'signin-email', points: Number.MAX_SAFE_INTEGER, duration: WRONG_PASSWORD_RUN_SECONDS });
    this.failsByAddress = limits({ keyPrefix: 'signin-ip', points: WRONG_PASSWORDS_PER_ADDRESS_HOUR - 1, duration: 3600, blockDuration: 3600 });
    this.requestsByAddress = limits({ keyPrefix: 'account-requests-ip', points: REQUESTS_PER_ADDRESS_HOUR, duration: 3600 });
    this.mailsByEmail = limits({ keyPrefix: 'account-mail', points: MAILS_PER_EMAIL_HOUR, duration: 3600 });
  }

  /**
   * Before checking a password. The attempt is counted now, before the (slow) hash check, so a
   * burst of parallel guesses is counted as it arrives: no more than ten passwords in a row are ever
   * checked for one e-mail without the captcha, however many requests run at once. A success gives
   * the points back (`signedIn`).
   * - `blocked`: the client address is over its limit: answer 429 without checking the password;
   * - `captcha`: past the e-mail's threshold: check the password only with a valid captcha;
   * - `check`: check it; `captchaNext` when the attempts after this one will need the captcha.
   */
  async beginSignIn(emailKey: string, address: string): Promise<{ kind: 'blocked'; wait: number } | { kind: 'captcha' } | { kind: 'check'; captchaNext: boolean }> {
    const blocked = blockedFor(this.failsByAddress, await this.failsByAddress.get(address));
    if (blocked !== null) return { kind: 'blocked', wait: blocked };
    const addressWait = await hit(this.failsByAddress, address);
    if (addressWait !== null) return { kind: 'blocked', wait: addressWait };
    const attempt = (await this.failsByEmail.penalty(emailKey, 1)).consumedPoints;
    if (attempt > WRONG_PASSWORDS_IN_A_ROW) return { kind: 'captcha' };
    return { kind: 'check', captchaNext: attempt === WRONG_PASSWORDS_IN_A_ROW };
  }

  /** The right password ends the run of wrong ones for this e-mail, and is not held against the address. */
  async signedIn(emailKey: string, address: string): Promise<void> {
    await Promise.all([this.failsByEmail.delete(emailKey), this.failsByAddress.reward(address, 1)]);
  }

  /** After a password reset: the run of wrong passwords of this e-mail is over. */
  async reset(emailKey: string): Promise<void> {
    await this.failsByEmail.delete(emailKey);
  }

  /** A registration or reset request from this address: seconds to wait when over the limit. */
  request(address: string): Promise<number | null> {
    return hit(this.requestsByAddress, address);
  }

  /** Whether one more account e-mail may go to this address now. */
  async mayMail(emailKey: string): Promise<boolean> {
    return (await hit(this.mailsByEmail, emailKey)) === null;
  }
}
