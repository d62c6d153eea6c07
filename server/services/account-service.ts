/**
 * Registering, signing in and out, and resetting a password.
 *
 * What the answers do not tell: registration answers the same for a new and a taken e-mail (the
 * owner of a taken one gets a "you already have an account" e-mail instead); a sign-in with an
 * unknown e-mail and one with a wrong password get the same message after the same work (the
 * password is checked against a dummy hash); a reset request answers the same for any e-mail.
 * Passwords are logged nowhere; the log lines carry customer ids only.
 */
import crypto from 'node:crypto';
import { INVALID_CREDENTIALS, RESET_LINK_INVALID, type loginEndpoint, type passwordResetConfirmEndpoint, type passwordResetEndpoint, type registerEndpoint } from '../../schemas/api/accounts';
import type { RequestBody } from '../../schemas/api/endpoint';
import { validatePersonName, validatePhone } from '../../schemas/evaluators/checkout-fields';
import type { Queries } from '../db/queries';
import { ApiError } from '../http/api-error';
import type { Logger } from '../logger';
import { renderAccountExists, renderAccountWelcome, renderPasswordChanged, renderPasswordReset, type AccountLinks, type AccountMailType, type RenderedMail } from '../mail/mail-templates';
import { enqueueMail } from '../mail/outbox';
import { FIELD_MESSAGES } from '../../schemas/evaluators/validation-messages';
import { memoryLimits, type LimitStore } from './shared-limits';
import { AccountThrottle } from './account-throttle';
import { CustomerService, FORM_INVALID, type CustomerRow } from './customer-service';
import { emailIdentity, readEmailAddress } from './email-address';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password-hashing';
import { passwordProblem } from './password-rules';
import type { RecaptchaVerifier } from './recaptcha';
import { nowIso } from './request-input';
import { sha256Hex } from './secrets';
import { SessionService, type NewSession } from './session-service';

export const REGISTERED_MESSAGE = 'Thank you for registering. Please check your e-mail, then sign in.';
export { INVALID_CREDENTIALS, RESET_LINK_INVALID };
/** Past the wrong passwords of one e-mail (./account-throttle.ts): the sign-in form shows the captcha with this. */
export const SIGN_IN_CAPTCHA_MESSAGE = 'There have been too many failed sign-in attempts for this e-mail. Please complete the reCAPTCHA verification and sign in again.';
export const RESET_REQUESTED_MESSAGE = 'If an account exists for this e-mail, we have sent it a link to reset the password.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. Please sign in with your new password.';
export const RESET_LINK_MINUTES = 60;
/** Where the e-mails link to: the account pages of the storefront. */
export const SIGN_IN_PATH = '/my-account/login';
export const FORGOT_PASSWORD_PATH = '/my-account/forgot-password';
export const RESET_PASSWORD_PATH = '/my-account/reset-password';

function tooManyRequests(retryAfterSeconds: number, message = 'Too many attempts. Please try again later.'): ApiError {
  return new ApiError(429, 'too_many_requests', message, undefined, { retryAfter: retryAfterSeconds });
}

/** The bodies, as their contracts (schemas/api/accounts.ts) have checked them. */
export type RegisterBody = RequestBody<typeof registerEndpoint>;
export type SignInBody = RequestBody<typeof loginEndpoint>;
export type ResetRequestBody = RequestBody<typeof passwordResetEndpoint>;
export type ResetConfirmBody = RequestBody<typeof passwordResetConfirmEndpoint>;

/**
 * The e-mail of a body (a string, by its contract), checked and normalised by the one e-mail rule
 * (./email-address): its message when blank, malformed or a look-alike (invisible characters, mixed
 * scripts).
 */
function readEmail(value: string, errors: Record<string, string>): string {
  const read = readEmailAddress(value);
  if ('problem' in read) {
    errors.email = read.problem;
    return value.trim();
  }
  return read.address;
}

export interface SignIn {
  customerId: number;
  session: NewSession;
}

export class AccountService {
  readonly throttle: AccountThrottle;

  constructor(
    private readonly q: Queries,
    readonly customers: CustomerService,
    readonly sessions: SessionService,
    private readonly publicUrl: string,
    private readonly logger: Logger,
    /** The forms' verifier (./recaptcha.ts): Google's with RECAPTCHA_SECRET_KEY, else the offline test one. */
    private readonly recaptcha: RecaptchaVerifier,
    /** Where the throttles count (./shared-limits.ts): shared by every server on PostgreSQL. */
    limits: LimitStore = memoryLimits,
  ) {
    this.throttle = new AccountThrottle(limits);
  }

  private links(): AccountLinks {
    return { signIn: new URL(SIGN_IN_PATH, this.publicUrl).href, forgotPassword: new URL(FORGOT_PASSWORD_PATH, this.publicUrl).href };
  }

  /** Queues the e-mail in the outbox, in the caller's transaction `tx` (it is sent after the commit). */
  private async mail(tx: Queries, type: AccountMailType, customer: Pick<CustomerRow, 'id' | 'email'>, rendered: RenderedMail): Promise<void> {
    await enqueueMail(tx, { type, orderId: null, recipient: customer.email, cc: [], dedupeKey: `${type}:${customer.id}:${crypto.randomUUID()}`, ...rendered });
  }

  async register(body: RegisterBody, address: string): Promise<void> {
    const errors: Record<string, string> = {};
    const email = readEmail(body.email, errors);
    const firstName = body.firstName.trim();
    const lastName = body.lastName.trim();
    const phone = body.phone?.trim() ?? '';
    for (const [field, problem] of [
      ['firstName', validatePersonName(firstName)],
      ['lastName', validatePersonName(lastName)],
      ['phone', phone ? validatePhone(phone) : null],
      ['password', passwordProblem(body.password, email)],
    ] as const) {
      if (problem) errors[field] = problem;
    }
    if (Object.keys(errors).length) throw new ApiError(400, 'validation_failed', FORM_INVALID, errors);
    const wait = await this.throttle.request(address);
    if (wait !== null) throw tooManyRequests(wait);

    // Hash in both cases, so a taken e-mail takes as long as a new one.
    const passwordHash = await hashPassword(body.password);
    const mayMail = await this.throttle.mayMail(emailIdentity(email));
    await this.q.transaction(async (tx) => {
      // The unique e-mail decides between two registrations racing on any server: one inserts, the other gets the taken-e-mail path.
      const id = await this.customers.insert({ email, passwordHash, firstName, lastName, phone: phone || null }, tx);
      if (id !== undefined) {
        this.logger.info({ customerId: id }, 'customer registered');
        if (mayMail) await this.mail(tx, 'account-welcome', { id, email }, renderAccountWelcome(firstName, this.links()));
        return;
      }
      const existing = (await this.customers.byEmail(email, tx))!;
      this.logger.info({ customerId: existing.id }, 'registration with a taken e-mail: account-exists e-mail sent');
      if (mayMail) await this.mail(tx, 'account-exists', existing, renderAccountExists(existing.first_name, this.links()));
    });
  }

  /**
   * Checks e-mail and password under the throttle; a new session on success. Past ten wrong
   * passwords for the e-mail, the password is checked only with a valid captcha (`recaptchaToken`):
   * without one the answer is 400 naming the captcha, and a wrong password also names it, so the
   * sign-in form shows the captcha for the next try. Strangers' guesses cost the owner a captcha,
   * never the account.
   */
  async signIn(body: SignInBody, address: string): Promise<SignIn> {
    const errors: Record<string, string> = {};
    // The password's presence and length are its contract's.
    const email = readEmail(body.email, errors);
    const password = body.password;
    if (Object.keys(errors).length) throw new ApiError(400, 'validation_failed', FORM_INVALID, errors);
    const key = emailIdentity(email);
    const attempt = await this.throttle.beginSignIn(key, address);
    const throttled = (wait: number) => tooManyRequests(wait, 'Too many failed sign-in attempts. Please try again later.');
    if (attempt.kind === 'blocked') {
      this.logger.info({ throttled: true }, 'sign-in refused without a password check');
      throw throttled(attempt.wait);
    }
    const captchaNamed = { recaptchaToken: FIELD_MESSAGES.captcha };
    if (attempt.kind === 'captcha') {
      const token = body.recaptchaToken?.trim() ?? '';
      if (!token || !(await this.recaptcha.verify(token, address))) {
        this.logger.info({ captcha: token ? 'failed' : 'missing' }, 'sign-in refused without a password check: the captcha is needed');
        throw new ApiError(400, 'captcha_required', SIGN_IN_CAPTCHA_MESSAGE, captchaNamed);
      }
    }

    const customer = await this.customers.byEmail(email);
    const ok = customer ? await verifyPassword(customer.password_hash, password) : await verifyAgainstDummy(password);
    if (!customer || !ok) {
      const captchaNext = attempt.kind === 'captcha' || attempt.captchaNext;
      this.logger.info({ customerId: customer?.id ?? null, captchaNext }, 'sign-in failed');
      throw new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS, captchaNext ? captchaNamed : undefined);
    }
    await this.throttle.signedIn(key, address);
    if (needsRehash(customer.password_hash)) await this.customers.setPasswordHash(customer.id, await hashPassword(password));
    const session = await this.sessions.create(customer.id);
    this.logger.info({ customerId: customer.id }, 'customer signed in');
    return { customerId: customer.id, session };
  }

  /** Always the same answer; a link only when the account exists and its mailbox is not flooded. */
  async requestPasswordReset(body: ResetRequestBody, address: string): Promise<void> {
    const errors: Record<string, string> = {};
    const email = readEmail(body.email, errors);
    if (Object.keys(errors).length) throw new ApiError(400, 'validation_failed', FORM_INVALID, errors);
    const wait = await this.throttle.request(address);
    if (wait !== null) throw tooManyRequests(wait);
    const customer = await this.customers.byEmail(email);
    if (!customer || !(await this.throttle.mayMail(emailIdentity(email)))) return;
    const token = crypto.randomBytes(32).toString('base64url');
    const now = new Date();
    const link = new URL(RESET_PASSWORD_PATH, this.publicUrl);
    link.searchParams.set('token', token);
    await this.q.transaction(async (tx) => {
      await tx.insert('password_reset', {
        customer_id: customer.id,
        token_hash: sha256Hex(token),
        expires_at: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString(),
        used_at: null,
        created_at: now.toISOString(),
      });
      await this.mail(tx, 'password-reset', customer, renderPasswordReset(customer.first_name, link.href, RESET_LINK_MINUTES));
    });
    this.logger.info({ customerId: customer.id }, 'password reset link sent');
  }

  /**
   * Sets the password from a reset link: the link works once and for an hour; every session of the
   * customer but the caller's own ends, and the other reset links of the account stop working.
   */
  async confirmPasswordReset(body: ResetConfirmBody, currentSession: number | undefined): Promise<void> {
    const token = body.token.trim();
    const invalidLink = () => new ApiError(400, 'invalid_token', RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
    const find = async () => {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
      const row = await this.q.first(this.q.db.selectFrom('password_reset').selectAll().where('token_hash', '=', sha256Hex(token)));
      return row && row.used_at === null && Date.parse(row.expires_at) > Date.now() ? row : undefined;
    };
    const reset = await find();
    if (!reset) throw invalidLink();
    const customer = await this.customers.byId(reset.customer_id);
    if (!customer) throw invalidLink();
    const problem = passwordProblem(body.password, customer.email);
    if (problem) throw new ApiError(400, 'validation_failed', FORM_INVALID, { password: problem });
    const passwordHash = await hashPassword(body.password);
    await this.q.transaction(async (tx) => {
      const now = nowIso();
      // Claimed here, after the hashing, by the conditional update: of two uses of one link racing
      // (on any server), the second waits for the first's row lock, then finds used_at set and
      // changes nothing, so exactly one changes the password.
      const claimed = await tx.run(tx.db.updateTable('password_reset').set({ used_at: now }).where('id', '=', reset.id).where('used_at', 'is', null).where('expires_at', '>', now));
      if (claimed !== 1) throw invalidLink();
      await tx.run(tx.db.updateTable('password_reset').set({ used_at: now }).where('customer_id', '=', customer.id).where('used_at', 'is', null));
      await this.customers.setPasswordHash(customer.id, passwordHash, tx);
      const caller = currentSession === undefined ? undefined : await tx.first(tx.db.selectFrom('customer_session').select('customer_id').where('id', '=', currentSession));
      const keep = caller?.customer_id === customer.id ? currentSession : undefined;
      await this.sessions.endAllOf(tx, customer.id, keep);
      await this.mail(tx, 'password-changed', customer, renderPasswordChanged(customer.first_name, this.links()));
    });
    await this.throttle.reset(emailIdentity(customer.email));
    this.logger.info({ customerId: customer.id }, 'password changed by reset link; other sessions ended');
  }
}
