/**
 * The studio's operators: added with a one-time set-up link, set up with a password and a TOTP
 * second factor, signed in on their own cookie, given roles, disabled; and the audit log. Operators
 * are not customers: their own tables (migration 0010_studio), their own sessions.
 *
 * What is stored: the password as argon2id (../services/password-hashing.ts), the sha256 of the
 * set-up token, of each session id and of each recovery code (all 112 bits of randomness or more),
 * and the TOTP secret as is (it is needed to check codes), with the last time step accepted, so a
 * code is good once. What a refused sign-in tells: nothing ('Invalid email, password or code.' for
 * any wrong part, after the same password work); the audit log, read by admins, says which part.
 *
 * Every clock reading is `now()`, so tests move a fake clock instead of waiting.
 */
import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  OPERATOR_ROLES,
  STUDIO_CAPTCHA_NEEDED,
  STUDIO_CODE_JUST_USED,
  STUDIO_CODE_WRONG,
  STUDIO_INVALID_CREDENTIALS,
  STUDIO_PASSWORD_RULE,
  STUDIO_PASSWORD_WEAK,
  STUDIO_SETUP_LINK_INVALID,
  type OperatorRole,
} from '../../schemas/api/studio';
import { isUniqueViolation, type Queries } from '../db/queries';
import type { OperatorTable } from '../db/tables';
import { ApiError } from '../http/api-error';
import type { Logger } from '../logger';
import { emailIdentity, readEmailAddress } from '../services/email-address';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../services/password-hashing';
import { isRepeatedOrCommon, passwordProblem } from '../services/password-rules';
import { refusingRecaptchaVerifier, type RecaptchaVerifier } from '../services/recaptcha';
import { sha256Hex } from '../services/secrets';
import { memoryLimits, type LimitStore } from '../services/shared-limits';
import type { SignedInOperator } from './operator-gate';
import { OperatorThrottle } from './operator-throttle';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { matchTotp, newTotpSecret, otpauthUri, qrSvg } from './totp';

export const SETUP_LINK_HOURS = 24;
export const STUDIO_SESSION_HOURS = 12;
/** Where the set-up link opens; the token rides in the fragment, so it never reaches a server's log. */
export const SETUP_PATH = '/studio/setup';
export const STUDIO_PASSWORD_MIN_LENGTH = 12;
/** Who did it, in the audit log, when no operator did: the command line on the server (its `ip`). */
export const COMMAND_LINE = 'command line';
export const AUDIT_PAGE_SIZE = 100;

export const OPERATOR_EXISTS_MESSAGE = 'That e-mail is an operator already.';
export const OWN_ACCOUNT_MESSAGE = 'You cannot change your own role or disable yourself. Ask another admin.';
export const LAST_ADMIN_MESSAGE = 'The studio needs at least one active admin: make another operator an admin first.';
export const OPERATOR_NOT_FOUND = 'Operator not found.';
const CODE_OR_RECOVERY = 'Type the 6 digits your app shows, or one of your recovery codes.';

const ROLE_RANK: Record<OperatorRole, number> = { viewer: 0, editor: 1, publisher: 2, admin: 3 };

/** Whether `role` includes what `needed` may do (viewer < editor < publisher < admin). */
export function roleAllows(role: OperatorRole, needed: OperatorRole): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[needed];
}

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);
}

export type OperatorRow = Selectable<OperatorTable>;

export interface OperatorListItem {
  id: number;
  email: string;
  role: OperatorRole;
  active: boolean;
  disabled: boolean;
  setupExpiresAt: string | null;
}

export interface Invitation {
  id: number;
  email: string;
  role: OperatorRole;
  token: string;
  setupUrl: string;
  expiresAt: string;
  /** The operator existed (not set up, or disabled) and got a new link; the old one stopped working. */
  renewed: boolean;
}

export interface AuditEntry {
  id: number;
  at: string;
  action: string;
  operator: string | null;
  detail: string;
  ip: string;
}

/** Who acts: a signed-in operator from an address, or the command line (operator null). */
export interface Actor {
  operator: SignedInOperator | null;
  ip: string;
}

export interface SignInBody {
  email: string;
  password: string;
  code?: string;
  recoveryCode?: string;
  /** Needed past the e-mail's run of failed sign-ins (./operator-throttle.ts). */
  recaptchaToken?: string;
}

export interface StudioSession {
  /** The row id: what sign-out deletes. Not a secret. */
  rowId: number;
  operator: SignedInOperator;
}

export interface OperatorServiceDeps {
  q: Queries;
  /** The store's address: set-up links start with it. */
  publicUrl: string;
  logger: Logger;
  /** Where the throttles count (../services/shared-limits.ts); default: this process's memory. */
  limits?: LimitStore;
  /** The clock; default the system's. */
  now?: () => Date;
  /** The forms' captcha (../services/recaptcha.ts), asked for past a run of failed sign-ins; default: none passes. */
  recaptcha?: RecaptchaVerifier;
  /** The reCAPTCHA site key the studio shows; null: the offline test captcha. */
  recaptchaSiteKey?: string | null;
}

const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes, base64url: set-up tokens and session ids. */
function randomSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** A 429 of the plain error shape; the route tells `retryAfter` (seconds) in the Retry-After header. */
export class TooManyAttempts extends ApiError {
  constructor(
    readonly retryAfter: number,
    message = 'Too many attempts. Please try again later.',
  ) {
    super(429, 'too_many_requests', message);
  }
}

function tooMany(wait: number, message?: string): ApiError {
  return new TooManyAttempts(wait, message);
}

const invalidCredentials = () => new ApiError(401, 'invalid_credentials', STUDIO_INVALID_CREDENTIALS);
const invalidLink = () => new ApiError(400, 'invalid_token', STUDIO_SETUP_LINK_INVALID, { token: STUDIO_SETUP_LINK_INVALID });

/** The e-mail of a request or a command, normalised by the store's one e-mail rule; 400 when it is not one. */
function readEmail(value: string): { address: string; identity: string } {
  const read = readEmailAddress(value);
  if ('problem' in read) throw new ApiError(400, 'validation_failed', read.problem, { email: read.problem });
  return { address: read.address, identity: emailIdentity(read.address) };
}

function view(row: Pick<OperatorRow, 'id' | 'email' | 'role'>): SignedInOperator {
  return { id: row.id, email: row.email, role: row.role };
}

export class OperatorService {
  readonly throttle: OperatorThrottle;
  readonly now: () => Date;
  private readonly q: Queries;
  private readonly publicUrl: string;
  private readonly logger: Logger;
  private readonly recaptcha: RecaptchaVerifier;
  private readonly recaptchaSiteKey: string | null;

  constructor(deps: OperatorServiceDeps) {
    this.q = deps.q;
    this.recaptcha = deps.recaptcha ?? refusingRecaptchaVerifier;
    this.recaptchaSiteKey = deps.recaptchaSiteKey ?? null;
    this.publicUrl = deps.publicUrl;
    this.logger = deps.logger;
    this.now = deps.now ?? (() => new Date());
    this.throttle = new OperatorThrottle(deps.limits ?? memoryLimits);
  }

  private nowIso(): string {
    return this.now().toISOString();
  }

  /** The link an operator opens to set up: the token in the fragment. */
  setupUrl(token: string): string {
    return `${new URL(SETUP_PATH, this.publicUrl).href}#token=${token}`;
  }

  async byEmail(email: string, q: Queries = this.q): Promise<OperatorRow | undefined> {
    const read = readEmailAddress(email);
    if ('problem' in read) return undefined;
    return q.first(q.db.selectFrom('operator').selectAll().where('email_normalized', '=', emailIdentity(read.address)));
  }

  // ---- The audit log -----------------------------------------------------------------------------

  async audit(entry: { action: string; operator: string | null; detail: string; ip: string }, q: Queries = this.q): Promise<void> {
    await q.insert('studio_audit', { at: this.nowIso(), action: entry.action, operator_email: entry.operator, detail: entry.detail.slice(0, 2000), ip: entry.ip.slice(0, 64) });
  }

  /** Newest first, a page at a time: entries older than `before` (an entry id) when given. */
  async auditLog(before?: number): Promise<AuditEntry[]> {
    let query = this.q.db.selectFrom('studio_audit').selectAll().orderBy('id', 'desc').limit(AUDIT_PAGE_SIZE);
    if (before !== undefined) query = query.where('id', '<', before);
    const rows = await this.q.all(query);
    return rows.map((r) => ({ id: r.id, at: r.at, action: r.action, operator: r.operator_email, detail: r.detail, ip: r.ip }));
  }

  // ---- Adding operators --------------------------------------------------------------------------

  /**
   * Adds an operator with a set-up link valid 24 hours; or gives a new link (and the role named) to
   * one that is not set up yet or is disabled (its password, second factor and recovery codes are
   * wiped: a lost phone is replaced this way). An active operator is refused (409 operator_exists).
   */
  async invite(emailInput: string, role: OperatorRole, actor: Actor): Promise<Invitation> {
    if (!isOperatorRole(role)) throw new ApiError(400, 'validation_failed', `One of: ${OPERATOR_ROLES.join(', ')}.`, { role: `One of: ${OPERATOR_ROLES.join(', ')}.` });
    const { address, identity } = readEmail(emailInput);
    const token = randomSecret();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + SETUP_LINK_HOURS * 3600_000).toISOString();
    const fresh = {
      role,
      password_hash: null,
      totp_secret: null,
      totp_last_step: null,
      active: 0,
      disabled: 0,
      setup_token_hash: sha256Hex(token),
      setup_expires_at: expiresAt,
      updated_at: now.toISOString(),
    };
    const exists = () => new ApiError(409, 'operator_exists', OPERATOR_EXISTS_MESSAGE, { email: OPERATOR_EXISTS_MESSAGE });
    let result: { id: number; email: string; renewed: boolean };
    try {
      result = await this.q.transaction(async (tx) => {
        await tx.lockKey('studio-operators');
        if (actor.operator) await assertStillAdmin(tx, actor.operator.id);
        const existing = await tx.first(tx.lockRow(tx.db.selectFrom('operator').selectAll().where('email_normalized', '=', identity)));
        if (existing && existing.active === 1 && existing.disabled === 0) throw exists();
        let id: number;
        if (existing) {
          id = existing.id;
          await tx.run(tx.db.updateTable('operator').set(fresh).where('id', '=', id));
          await tx.run(tx.db.deleteFrom('operator_recovery_code').where('operator_id', '=', id));
          await tx.run(tx.db.deleteFrom('operator_session').where('operator_id', '=', id));
        } else {
          id = await tx.insertReturningId('operator', { ...fresh, email: address, email_normalized: identity, created_at: now.toISOString() });
        }
        const email = existing?.email ?? address;
        const how = existing ? (existing.disabled ? 'disabled before; new set-up link' : 'not set up yet; new set-up link') : 'new';
        await this.audit({ action: 'operator-added', operator: actor.operator?.email ?? null, detail: `${email} as ${role} (${how})${actor.operator ? '' : ` by ${actor.ip}`}`, ip: actor.ip }, tx);
        return { id, email, renewed: existing !== undefined };
      });
    } catch (err) {
      // Two additions of one e-mail at once: the unique e-mail lets one in.
      if (isUniqueViolation(err)) throw exists();
      throw err;
    }
    this.logger.info({ operatorId: result.id, role, renewed: result.renewed }, 'studio operator added');
    return { ...result, role, token, setupUrl: this.setupUrl(token), expiresAt };
  }

  /** Every operator, oldest first, with the expiry of the set-up link of one not set up. */
  async list(): Promise<OperatorListItem[]> {
    const rows = await this.q.all(this.q.db.selectFrom('operator').select(['id', 'email', 'role', 'active', 'disabled', 'setup_expires_at']).orderBy('id'));
    return rows.map((r) => ({ id: r.id, email: r.email, role: r.role, active: r.active === 1, disabled: r.disabled === 1, setupExpiresAt: r.setup_expires_at }));
  }

  // ---- The set-up link ---------------------------------------------------------------------------

  /** The operator a set-up token belongs to while it is good: not expired, not confirmed, not disabled. */
  private async bySetupToken(token: string, q: Queries = this.q): Promise<OperatorRow | undefined> {
    const t = token.trim();
    if (!SECRET.test(t)) return undefined;
    const row = await q.first(q.db.selectFrom('operator').selectAll().where('setup_token_hash', '=', sha256Hex(t)));
    if (!row || row.active !== 0 || row.disabled !== 0 || !row.setup_expires_at || Date.parse(row.setup_expires_at) <= this.now().getTime()) return undefined;
    return row;
  }

  private async setupThrottle(ip: string): Promise<void> {
    const wait = await this.throttle.setupCall(ip);
    if (wait !== null) throw tooMany(wait);
  }

  /**
   * The set-up's first step: the password (at least 12 characters, not a common one, not the
   * e-mail), and a new TOTP secret to put in an authenticator app. Can be done again until the
   * second step: each time a new secret.
   */
  async beginSetup(body: { token: string; password: string }, ip: string): Promise<{ email: string; secret: string; otpauthUri: string; qrSvg: string }> {
    await this.setupThrottle(ip);
    const operator = await this.bySetupToken(body.token);
    if (!operator) throw invalidLink();
    // A password of the list itself is named as such; one built on it (or repeated) is too easy to guess.
    const problem = [...body.password].length < STUDIO_PASSWORD_MIN_LENGTH ? STUDIO_PASSWORD_RULE : (passwordProblem(body.password, operator.email) ?? (isRepeatedOrCommon(body.password) ? STUDIO_PASSWORD_WEAK : null));
    if (problem) throw new ApiError(400, 'validation_failed', problem, { password: problem });
    const passwordHash = await hashPassword(body.password);
    const secret = newTotpSecret();
    const changed = await this.q.run(
      this.q.db
        .updateTable('operator')
        .set({ password_hash: passwordHash, totp_secret: secret, totp_last_step: null, updated_at: this.nowIso() })
        .where('id', '=', operator.id)
        .where('setup_token_hash', '=', operator.setup_token_hash)
        .where('active', '=', 0),
    );
    // The link was renewed or confirmed while the password was hashed.
    if (changed !== 1) throw invalidLink();
    const uri = otpauthUri(secret, operator.email);
    return { email: operator.email, secret, otpauthUri: uri, qrSvg: await qrSvg(uri) };
  }

  /**
   * The set-up's second step: a current code proves the app holds the secret. The operator becomes
   * active, the link is burnt, and ten recovery codes are answered (shown once; their hashes kept).
   */
  async confirmSetup(body: { token: string; code: string }, ip: string): Promise<{ recoveryCodes: string[] }> {
    await this.setupThrottle(ip);
    const operator = await this.bySetupToken(body.token);
    if (!operator) throw invalidLink();
    if (!operator.password_hash || !operator.totp_secret) {
      const message = 'Choose your password first: it is the first step of the set-up link.';
      throw new ApiError(400, 'password_missing', message, { password: message });
    }
    const wait = await this.throttle.setupCode(operator.id);
    if (wait !== null) throw tooMany(wait, 'Too many wrong codes. Please wait a few minutes, then type the code your app shows.');
    const step = matchTotp(operator.totp_secret, body.code, this.now());
    if (step === null) throw new ApiError(400, 'validation_failed', STUDIO_CODE_WRONG, { code: STUDIO_CODE_WRONG });
    const { codes, hashes } = newRecoveryCodes();
    await this.q.transaction(async (tx) => {
      const claimed = await tx.run(
        tx.db
          .updateTable('operator')
          .set({ active: 1, setup_token_hash: null, setup_expires_at: null, totp_last_step: step, updated_at: this.nowIso() })
          .where('id', '=', operator.id)
          .where('setup_token_hash', '=', operator.setup_token_hash)
          .where('totp_secret', '=', operator.totp_secret)
          .where('active', '=', 0)
          .where('disabled', '=', 0),
      );
      // Of two confirmations racing (on any server), one claims the link; the other changes nothing.
      if (claimed !== 1) throw invalidLink();
      await tx.run(tx.db.deleteFrom('operator_recovery_code').where('operator_id', '=', operator.id));
      for (const code_hash of hashes) await tx.insert('operator_recovery_code', { operator_id: operator.id, code_hash, used_at: null });
      await this.audit({ action: 'setup-done', operator: operator.email, detail: `set-up done as ${operator.role}`, ip }, tx);
    });
    this.logger.info({ operatorId: operator.id }, 'studio operator set up');
    return { recoveryCodes: codes };
  }

  // ---- Signing in and out ------------------------------------------------------------------------

  /** Accepts a TOTP step once: only a step after the last one accepted (on any server). */
  private async claimStep(operatorId: number, step: number): Promise<boolean> {
    const changed = await this.q.run(
      this.q.db
        .updateTable('operator')
        .set({ totp_last_step: step })
        .where('id', '=', operatorId)
        .where('active', '=', 1)
        .where('disabled', '=', 0)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)])),
    );
    return changed === 1;
  }

  /** Burns a recovery code: the number of codes left, or null when it was wrong or used. */
  private async useRecoveryCode(operatorId: number, code: string): Promise<number | null> {
    const used = await this.q.run(
      this.q.db.updateTable('operator_recovery_code').set({ used_at: this.nowIso() }).where('operator_id', '=', operatorId).where('code_hash', '=', recoveryCodeHash(code)).where('used_at', 'is', null),
    );
    if (used !== 1) return null;
    const left = await this.q.first(this.q.db.selectFrom('operator_recovery_code').select((eb) => eb.fn.countAll<number>().as('n')).where('operator_id', '=', operatorId).where('used_at', 'is', null));
    return Number(left?.n ?? 0);
  }

  /**
   * E-mail, password and a code of the app (or one recovery code, then burnt), under the
   * throttles. Any wrong part is the same 401; the audit log records which.
   */
  async signIn(body: SignInBody, ip: string): Promise<{ operator: SignedInOperator; sessionId: string; expiresAt: string }> {
    const { address, identity: key } = readEmail(body.email);
    const code = body.code?.trim() ?? '';
    const recovery = body.recoveryCode?.trim() ?? '';
    if (!code && !recovery) throw new ApiError(400, 'validation_failed', CODE_OR_RECOVERY, { code: CODE_OR_RECOVERY });
    if (code && recovery) throw new ApiError(400, 'validation_failed', 'Send the code of your app or a recovery code, not both.', { recoveryCode: 'Send the code of your app or a recovery code, not both.' });
    const attempt = await this.throttle.beginSignIn(key, ip);
    if (attempt.kind === 'blocked') {
      this.logger.warn({ throttled: true }, 'studio sign-in refused without a check');
      throw tooMany(attempt.wait, 'Too many failed sign-in attempts. Please try again later.');
    }
    const captchaNamed = { recaptchaToken: STUDIO_CAPTCHA_NEEDED };
    const captchaExtra = { siteKey: this.recaptchaSiteKey };
    if (attempt.kind === 'captcha') {
      const token = body.recaptchaToken?.trim() ?? '';
      if (!token || !(await this.recaptcha.verify(token, ip))) {
        await this.audit({ action: 'sign-in-refused', operator: null, detail: `captcha ${token ? 'failed' : 'missing'} for ${address}`, ip });
        throw new ApiError(400, 'captcha_required', STUDIO_CAPTCHA_NEEDED, captchaNamed, captchaExtra);
      }
    }
    const captchaNext = attempt.kind === 'captcha' || attempt.captchaNext;

    const operator = await this.q.first(this.q.db.selectFrom('operator').selectAll().where('email_normalized', '=', key));
    // The same argon2 work whether or not the e-mail is an operator's, or the operator set up.
    const passwordOk = operator?.password_hash ? await verifyPassword(operator.password_hash, body.password) : await verifyAgainstDummy(body.password);
    let refusal: string | null = null;
    let how = 'with a code of the app';
    if (!operator) refusal = `no operator has the e-mail ${address}`;
    else if (operator.disabled !== 0) refusal = 'the operator is disabled';
    else if (operator.active !== 1) refusal = 'the set-up is not done';
    else if (!passwordOk) refusal = 'wrong password';
    else if (code) {
      const step = matchTotp(operator.totp_secret ?? '', code, this.now());
      if (step === null) refusal = 'wrong code';
      else if (!(await this.claimStep(operator.id, step))) {
        // The password was right and the code is the app's: only its owner (or whoever holds both)
        // gets here, and "invalid" would read as a wrong password right after the set-up.
        await this.audit({ action: 'sign-in-refused', operator: operator.email, detail: 'a code already used', ip });
        throw new ApiError(401, 'code_used', STUDIO_CODE_JUST_USED, { code: STUDIO_CODE_JUST_USED });
      }
    } else {
      const left = await this.useRecoveryCode(operator.id, recovery);
      if (left === null) refusal = 'a wrong or used recovery code';
      else how = `with a recovery code (${left} left)`;
    }
    if (refusal !== null || !operator) {
      await this.audit({ action: 'sign-in-refused', operator: operator?.email ?? null, detail: refusal ?? 'refused', ip });
      this.logger.info({ operatorId: operator?.id ?? null, captchaNext }, 'studio sign-in refused');
      throw captchaNext ? new ApiError(401, 'invalid_credentials', STUDIO_INVALID_CREDENTIALS, captchaNamed, captchaExtra) : invalidCredentials();
    }
    await this.throttle.signedIn(key, ip);
    if (needsRehash(operator.password_hash!)) {
      await this.q.run(this.q.db.updateTable('operator').set({ password_hash: await hashPassword(body.password), updated_at: this.nowIso() }).where('id', '=', operator.id));
    }
    const { sessionId, expiresAt } = await this.createSession(operator.id);
    await this.audit({ action: 'sign-in', operator: operator.email, detail: `signed in ${how}`, ip });
    this.logger.info({ operatorId: operator.id }, 'studio operator signed in');
    return { operator: view(operator), sessionId, expiresAt };
  }

  private async createSession(operatorId: number): Promise<{ sessionId: string; expiresAt: string }> {
    const sessionId = randomSecret();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + STUDIO_SESSION_HOURS * 3600_000).toISOString();
    await this.q.transaction(async (tx) => {
      // Expired sessions of this operator go when a new one comes: the table stays small.
      await tx.run(tx.db.deleteFrom('operator_session').where('operator_id', '=', operatorId).where('expires_at', '<=', now.toISOString()));
      await tx.insert('operator_session', { operator_id: operatorId, session_hash: sha256Hex(sessionId), created_at: now.toISOString(), expires_at: expiresAt });
    });
    return { sessionId, expiresAt };
  }

  /** The live session of a cookie value, with its operator (active, not disabled), or undefined. */
  async session(secret: string | undefined): Promise<StudioSession | undefined> {
    if (!secret || !SECRET.test(secret)) return undefined;
    const row = await this.q.first(
      this.q.db
        .selectFrom('operator_session as s')
        .innerJoin('operator as o', 'o.id', 's.operator_id')
        .select(['s.id as rowId', 's.expires_at', 'o.id', 'o.email', 'o.role'])
        .where('s.session_hash', '=', sha256Hex(secret))
        .where('o.active', '=', 1)
        .where('o.disabled', '=', 0),
    );
    if (!row || Date.parse(row.expires_at) <= this.now().getTime()) return undefined;
    return { rowId: row.rowId, operator: view(row) };
  }

  /** Sign-out (audited), or `ip` null: the session a new sign-in of the same browser replaces. */
  async endSession(session: StudioSession, ip: string | null): Promise<void> {
    await this.q.run(this.q.db.deleteFrom('operator_session').where('id', '=', session.rowId));
    if (ip !== null) await this.audit({ action: 'sign-out', operator: session.operator.email, detail: 'signed out', ip });
  }

  // ---- Roles and disabling -----------------------------------------------------------------------

  /**
   * Changes an operator's role or disables (or enables) them, for an admin who is not them. Every
   * change of operators runs under one lock, re-reads the caller (an admin demoted a moment ago acts
   * no more), and is undone if it would leave no active admin. Disabling ends the operator's sessions.
   */
  async update(actor: Actor & { operator: SignedInOperator }, id: number, change: { role?: OperatorRole; disabled?: boolean }): Promise<SignedInOperator> {
    if (id === actor.operator.id) throw new ApiError(403, 'own_account', OWN_ACCOUNT_MESSAGE);
    return this.q.transaction(async (tx) => {
      await tx.lockKey('studio-operators');
      await assertStillAdmin(tx, actor.operator.id);
      const target = await tx.first(tx.lockRow(tx.db.selectFrom('operator').selectAll().where('id', '=', id)));
      if (!target) throw new ApiError(404, 'not_found', OPERATOR_NOT_FOUND);
      return this.apply(tx, target, change, actor, true);
    });
  }

  /**
   * `npm run operator -- disable EMAIL`: as an admin's disabling, by the command line, which may
   * disable the last admin too: it is the way back in (disable, then `add` again for a new set-up
   * link, after a lost phone), so `adminsLeft` tells it to say so.
   */
  async disableByEmail(email: string): Promise<{ operator: SignedInOperator; already: boolean; adminsLeft: number }> {
    return this.q.transaction(async (tx) => {
      await tx.lockKey('studio-operators');
      const target = await this.byEmail(email, tx);
      if (!target) throw new ApiError(404, 'not_found', `No operator has the e-mail ${email.trim()}.`);
      const already = target.disabled === 1;
      const operator = already ? view(target) : await this.apply(tx, target, { disabled: true }, { operator: null, ip: COMMAND_LINE }, false);
      return { operator, already, adminsLeft: await activeAdmins(tx) };
    });
  }

  private async apply(tx: Queries, target: OperatorRow, change: { role?: OperatorRole; disabled?: boolean }, actor: Actor, keepAnAdmin: boolean): Promise<SignedInOperator> {
    const set: { role?: OperatorRole; disabled?: number; updated_at: string } = { updated_at: this.nowIso() };
    const notes: { action: string; detail: string }[] = [];
    const by = actor.operator ? '' : ` by ${actor.ip}`;
    if (change.role !== undefined && change.role !== target.role) {
      set.role = change.role;
      notes.push({ action: 'operator-changed', detail: `${target.email}: role ${target.role} → ${change.role}${by}` });
    }
    if (change.disabled !== undefined && change.disabled !== (target.disabled === 1)) {
      set.disabled = change.disabled ? 1 : 0;
      notes.push(change.disabled ? { action: 'operator-disabled', detail: `${target.email} disabled; sessions ended${by}` } : { action: 'operator-enabled', detail: `${target.email} enabled${by}` });
    }
    if (notes.length === 0) return view(target);
    await tx.run(tx.db.updateTable('operator').set(set).where('id', '=', target.id));
    if (set.disabled === 1) await tx.run(tx.db.deleteFrom('operator_session').where('operator_id', '=', target.id));
    const wasActiveAdmin = target.role === 'admin' && target.active === 1 && target.disabled === 0;
    if (keepAnAdmin && wasActiveAdmin && (await activeAdmins(tx)) === 0) throw new ApiError(409, 'last_admin', LAST_ADMIN_MESSAGE);
    for (const note of notes) await this.audit({ ...note, operator: actor.operator?.email ?? null, ip: actor.ip }, tx);
    this.logger.info({ operatorId: target.id, role: set.role, disabled: set.disabled }, 'studio operator changed');
    return view({ ...target, role: set.role ?? target.role });
  }
}

async function activeAdmins(q: Queries): Promise<number> {
  const row = await q.first(q.db.selectFrom('operator').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 'admin').where('active', '=', 1).where('disabled', '=', 0));
  return Number(row?.n ?? 0);
}

/** Inside the operators' lock: the caller is still an active admin (not demoted or disabled a moment ago). */
async function assertStillAdmin(q: Queries, operatorId: number): Promise<void> {
  const me = await q.first(q.db.selectFrom('operator').select(['role', 'active', 'disabled']).where('id', '=', operatorId));
  if (!me || me.role !== 'admin' || me.active !== 1 || me.disabled !== 0) throw new ApiError(403, 'forbidden_role', 'Only an admin can do this.');
}
