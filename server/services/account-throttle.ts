/**
 * Brute-force limits of the account endpoints (issue 13), with rate-limiter-flexible's in-memory
 * limiter (per process, like ./rate-limiter.ts; several servers would use its Redis or SQL store).
 *
 * - Sign-in, per e-mail: the tenth wrong password in a row is answered 429 and blocks that e-mail
 *   for 15 minutes, the right password included; a successful sign-in clears the count. Counting per
 *   e-mail, not per account, treats an unknown e-mail exactly like a known one.
 * - Sign-in, per client address: the hundredth attempt without success in an hour is answered 429
 *   and blocks the address for an hour (one address trying many accounts).
 * - Attempts are counted when they arrive, before the password is checked (see beginSignIn).
 * - Registration and reset requests, per client address: 20 an hour, then 429.
 * - E-mails about one address (welcome, "you already have an account", reset links): 3 an hour; more
 *   requests get the same answer and no e-mail, so nobody can flood a mailbox through the store.
 *
 * Expiry is checked against Date.now(), so a test moves a fake clock instead of waiting.
 */
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';

export const WRONG_PASSWORDS_IN_A_ROW = 10;
export const ACCOUNT_BLOCK_SECONDS = 15 * 60;
export const WRONG_PASSWORDS_PER_ADDRESS_HOUR = 100;
export const REQUESTS_PER_ADDRESS_HOUR = 20;
export const MAILS_PER_EMAIL_HOUR = 3;

/** Seconds until a blocked key may try again (at least 1), or null when it is not blocked. */
function blockedFor(limiter: RateLimiterMemory, res: RateLimiterRes | null): number | null {
  if (!res || res.consumedPoints <= limiter.points || res.msBeforeNext <= 0) return null;
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** Counts one hit; seconds to wait when this hit went over the limit, else null. */
async function hit(limiter: RateLimiterMemory, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (res) {
    if (res instanceof Error) throw res;
    return Math.max(1, Math.ceil((res as RateLimiterRes).msBeforeNext / 1000));
  }
}

export class AccountThrottle {
  private readonly failsByEmail = new RateLimiterMemory({ keyPrefix: 'signin-email', points: WRONG_PASSWORDS_IN_A_ROW - 1, duration: 24 * 3600, blockDuration: ACCOUNT_BLOCK_SECONDS });
  private readonly failsByAddress = new RateLimiterMemory({ keyPrefix: 'signin-ip', points: WRONG_PASSWORDS_PER_ADDRESS_HOUR - 1, duration: 3600, blockDuration: 3600 });
  private readonly requestsByAddress = new RateLimiterMemory({ keyPrefix: 'account-requests-ip', points: REQUESTS_PER_ADDRESS_HOUR, duration: 3600 });
  private readonly mailsByEmail = new RateLimiterMemory({ keyPrefix: 'account-mail', points: MAILS_PER_EMAIL_HOUR, duration: 3600 });

  /**
   * Before checking a password. The attempt is counted now, before the (slow) hash check, so a
   * burst of parallel guesses is counted as it arrives: no more than ten passwords are ever checked
   * in a row for one e-mail, however many requests run at once. A success gives the points back
   * (`signedIn`).
   * - `blocked`: answer 429 without checking the password;
   * - `check`, `last: false`: check it; a wrong one is an ordinary 401;
   * - `check`, `last: true`: this is the tenth in a row: check it (the right password still signs
   *   in), and a wrong one answers 429 with `wait`.
   */
  async beginSignIn(emailKey: string, address: string): Promise<{ kind: 'blocked'; wait: number } | { kind: 'check'; last: boolean; wait: number }> {
    const [byEmail, byAddress] = await Promise.all([this.failsByEmail.get(emailKey), this.failsByAddress.get(address)]);
    const blocked = [blockedFor(this.failsByEmail, byEmail), blockedFor(this.failsByAddress, byAddress)].filter((w): w is number => w !== null);
    if (blocked.length) return { kind: 'blocked', wait: Math.max(...blocked) };
    const addressWait = await hit(this.failsByAddress, address);
    if (addressWait !== null) return { kind: 'blocked', wait: addressWait };
    try {
      await this.failsByEmail.consume(emailKey);
      return { kind: 'check', last: false, wait: 0 };
    } catch (res) {
      if (res instanceof Error) throw res;
      const r = res as RateLimiterRes;
      const wait = Math.max(1, Math.ceil(r.msBeforeNext / 1000));
      // Only the attempt that went over the limit is checked; the ones racing behind it are not.
      return r.consumedPoints === this.failsByEmail.points + 1 ? { kind: 'check', last: true, wait } : { kind: 'blocked', wait };
    }
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
