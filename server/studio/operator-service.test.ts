/**
 * The operator service with its clock in the test's hand (`now`): set-up links that expire, TOTP
 * steps accepted once and only within one step of now, recovery codes burnt on use, sessions that
 * end after 12 hours, and the audit of each. The routes and the attacker's view are in
 * ../security/studio-operators.test.ts.
 *
 * @engines sqlite postgres: sessions and codes used once are kept in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createLogger } from '../logger';
import { openTestDatabase } from '../testing/test-database';
import { OperatorService, SETUP_LINK_HOURS, STUDIO_SESSION_HOURS } from './operator-service';
import { newRecoveryCode, normalizeRecoveryCode, recoveryCodeHash } from './recovery-codes';
import { matchTotp, totpCodeAt, totpStep } from './totp';

let database: Database;
let clock = new Date('2030-03-02T10:00:05.000Z');
const now = () => clock;
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
let service: OperatorService;
let n = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  service = new OperatorService({ q: database.q, publicUrl: 'https://shop.example.com', logger: createLogger('silent'), now });
});
afterAll(async () => {
  await database?.close();
});

const email = () => `svc${++n}@example.com`;
const PASSWORD = 'Walnut-Drawer-Fronts-42';

async function setUp(role: 'viewer' | 'admin' = 'viewer') {
  const invitation = await service.invite(email(), role, { operator: null, ip: 'test' });
  const { secret } = await service.beginSetup({ token: invitation.token, password: PASSWORD }, 'test');
  const { recoveryCodes } = await service.confirmSetup({ token: invitation.token, code: totpCodeAt(secret, now()) }, 'test');
  later(30_000);
  return { ...invitation, secret, recoveryCodes };
}

describe('TOTP', () => {
  it('accepts the step before, now and after, and nothing further', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const at = new Date('2030-03-02T10:00:05.000Z');
    const step = totpStep(at);
    for (const d of [-1, 0, 1]) expect(matchTotp(secret, totpCodeAt(secret, new Date(at.getTime() + d * 30_000)), at)).toBe(step + d);
    for (const d of [-2, 2]) expect(matchTotp(secret, totpCodeAt(secret, new Date(at.getTime() + d * 30_000)), at)).toBeNull();
    expect(matchTotp(secret, ` ${totpCodeAt(secret, at).slice(0, 3)} ${totpCodeAt(secret, at).slice(3)} `, at)).toBe(step);
    expect(matchTotp(secret, '12345', at)).toBeNull();
    expect(matchTotp(secret, 'abcdef', at)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('have 120 bits in 24 base32 characters, and are compared without case, dashes or spaces', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){5}$/);
    expect(recoveryCodeHash(code.toLowerCase().replaceAll('-', ' '))).toBe(recoveryCodeHash(code));
    expect(normalizeRecoveryCode('abcd-0I1O-8b')).toBe('ABCDOIIOBB');
    expect(new Set(Array.from({ length: 200 }, newRecoveryCode)).size).toBe(200);
  });
});

describe('the set-up link', () => {
  it('works for 24 hours, then no more', async () => {
    const invitation = await service.invite(email(), 'editor', { operator: null, ip: 'test' });
    expect(invitation.setupUrl).toBe(`https://shop.example.com/studio/setup#token=${invitation.token}`);
    expect(Date.parse(invitation.expiresAt) - clock.getTime()).toBe(SETUP_LINK_HOURS * 3600_000);
    later(SETUP_LINK_HOURS * 3600_000 + 1);
    await expect(service.beginSetup({ token: invitation.token, password: PASSWORD }, 'test')).rejects.toMatchObject({ status: 400, code: 'invalid_token' });
  });

  it('expires between the two steps too', async () => {
    const invitation = await service.invite(email(), 'editor', { operator: null, ip: 'test' });
    const { secret } = await service.beginSetup({ token: invitation.token, password: PASSWORD }, 'test');
    later(SETUP_LINK_HOURS * 3600_000);
    await expect(service.confirmSetup({ token: invitation.token, code: totpCodeAt(secret, now()) }, 'test')).rejects.toMatchObject({ status: 400, code: 'invalid_token' });
  });

  it('is burnt by the confirmation; the confirming code is not good for a sign-in', async () => {
    const invitation = await service.invite(email(), 'editor', { operator: null, ip: 'test' });
    const { secret } = await service.beginSetup({ token: invitation.token, password: PASSWORD }, 'test');
    const code = totpCodeAt(secret, now());
    const { recoveryCodes } = await service.confirmSetup({ token: invitation.token, code }, 'test');
    expect(recoveryCodes).toHaveLength(10);
    await expect(service.confirmSetup({ token: invitation.token, code }, 'test')).rejects.toMatchObject({ code: 'invalid_token' });
    await expect(service.beginSetup({ token: invitation.token, password: PASSWORD }, 'test')).rejects.toMatchObject({ code: 'invalid_token' });
    await expect(service.signIn({ email: invitation.email, password: PASSWORD, code }, 'test')).rejects.toMatchObject({ status: 401 });
    const row = await database.q.first(database.q.db.selectFrom('operator').selectAll().where('id', '=', invitation.id));
    expect(row).toMatchObject({ active: 1, setup_token_hash: null, setup_expires_at: null, totp_last_step: totpStep(now()) });
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    const stored = await database.q.all(database.q.db.selectFrom('operator_recovery_code').select('code_hash').where('operator_id', '=', invitation.id));
    expect(stored.map((r) => r.code_hash).sort()).toEqual(recoveryCodes.map(recoveryCodeHash).sort());
  });
});

describe('sign-in', () => {
  it('takes each TOTP step once, and only later ones', async () => {
    const op = await setUp();
    const code = totpCodeAt(op.secret, now());
    await service.signIn({ email: op.email, password: PASSWORD, code }, 'test');
    await expect(service.signIn({ email: op.email, password: PASSWORD, code }, 'test')).rejects.toMatchObject({ status: 401 });
    // The previous step's code is inside the window, but older than the one accepted.
    await expect(service.signIn({ email: op.email, password: PASSWORD, code: totpCodeAt(op.secret, new Date(now().getTime() - 30_000)) }, 'test')).rejects.toMatchObject({ status: 401 });
    later(30_000);
    await service.signIn({ email: op.email, password: PASSWORD, code: totpCodeAt(op.secret, now()) }, 'test');
  });

  it('burns a recovery code on its first use', async () => {
    const op = await setUp();
    const [first] = op.recoveryCodes;
    await service.signIn({ email: op.email, password: PASSWORD, recoveryCode: first! }, 'test');
    await expect(service.signIn({ email: op.email, password: PASSWORD, recoveryCode: first! }, 'test')).rejects.toMatchObject({ status: 401 });
    const log = await service.auditLog();
    expect(log[0]).toMatchObject({ action: 'sign-in-refused', operator: op.email, detail: 'a wrong or used recovery code' });
    expect(log[1]).toMatchObject({ action: 'sign-in', operator: op.email, detail: 'signed in with a recovery code (9 left)' });
  });

  it('gives a session of 12 hours', async () => {
    const op = await setUp();
    const { sessionId } = await service.signIn({ email: op.email, password: PASSWORD, code: totpCodeAt(op.secret, now()) }, 'test');
    expect(await service.session(sessionId)).toMatchObject({ operator: { id: op.id, email: op.email, role: 'viewer' } });
    const stored = await database.q.first(database.q.db.selectFrom('operator_session').selectAll().where('operator_id', '=', op.id));
    expect(stored!.session_hash).not.toBe(sessionId);
    later(STUDIO_SESSION_HOURS * 3600_000 - 1000);
    expect(await service.session(sessionId)).toBeDefined();
    later(1000);
    expect(await service.session(sessionId)).toBeUndefined();
  });
});

describe('operators', () => {
  it('are never changed by themselves, and an admin demoted a moment ago changes nobody', async () => {
    const a = await setUp('admin');
    const b = await setUp('admin');
    const me = { id: a.id, email: a.email, role: 'admin' as const };
    await expect(service.update({ operator: me, ip: 'test' }, a.id, { role: 'viewer' })).rejects.toMatchObject({ status: 403, code: 'own_account' });
    await service.update({ operator: { id: b.id, email: b.email, role: 'admin' }, ip: 'test' }, a.id, { role: 'editor' });
    // `me` still says admin (read at the request's start); the lock re-reads it.
    await expect(service.update({ operator: me, ip: 'test' }, b.id, { disabled: true })).rejects.toMatchObject({ status: 403 });
    await expect(service.invite(email(), 'viewer', { operator: me, ip: 'test' })).rejects.toMatchObject({ status: 403 });
  });

  it('disabling ends the sessions; the command line may disable the last admin and says so', async () => {
    await database.q.run(database.q.db.updateTable('operator').set({ disabled: 1 }).where('role', '=', 'admin'));
    const op = await setUp('admin');
    const { sessionId } = await service.signIn({ email: op.email, password: PASSWORD, code: totpCodeAt(op.secret, now()) }, 'test');
    const result = await service.disableByEmail(op.email.toUpperCase());
    expect(result).toMatchObject({ already: false, adminsLeft: 0 });
    expect(await service.session(sessionId)).toBeUndefined();
    expect(await service.disableByEmail(op.email)).toMatchObject({ already: true });
    // Added again: a new set-up (a lost phone), the old password and second factor gone.
    const again = await service.invite(op.email, 'admin', { operator: null, ip: 'test' });
    expect(again).toMatchObject({ id: op.id, renewed: true });
    const row = await database.q.first(database.q.db.selectFrom('operator').selectAll().where('id', '=', op.id));
    expect(row).toMatchObject({ active: 0, disabled: 0, password_hash: null, totp_secret: null, totp_last_step: null });
    expect(await database.q.all(database.q.db.selectFrom('operator_recovery_code').select('id').where('operator_id', '=', op.id))).toEqual([]);
  });
});
