/**
 * The studio's operator endpoints against an attacker: no session, a customer's session, a role
 * below the one needed, writes from another site or with no Origin, a TOTP code replayed, a
 * recovery code used twice, a set-up link used after its confirmation or after 24 hours, a wrong
 * code answered like a wrong password, guessing throttled, and the audit log of it all; then the
 * way it works for the operators themselves. Clocks are moved (vi.setSystemTime), never waited for.
 * Each call comes from its own loopback address unless a test pins one (attacker-kit's
 * freshClient), so the per-address limits see separate clients.
 *
 * @engines sqlite postgres: operators' sessions and used codes are kept in the database.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STUDIO_CAPTCHA_NEEDED, STUDIO_CODE_JUST_USED, STUDIO_CODE_WRONG, STUDIO_INVALID_CREDENTIALS, STUDIO_PASSWORD_RULE, STUDIO_PASSWORD_WEAK, STUDIO_SETUP_LINK_INVALID, type OperatorRole } from '../../schemas/api/studio';
import { signedUp } from '../api/my-account-test-kit';
import { PASSWORD_MESSAGES } from '../services/password-rules';
import { sha256Hex } from '../services/secrets';
import { OWN_ACCOUNT_MESSAGE } from '../studio/operator-service';
import { SETUP_WRONG_CODES, SIGN_IN_FAILS_PER_ADDRESS, SIGN_IN_FAILS_PER_EMAIL } from '../studio/operator-throttle';
import { TEST_RECAPTCHA_TOKEN } from '../services/recaptcha';
import { recoveryCodeHash } from '../studio/recovery-codes';
import { addOperator, signInOperator, totpCode } from '../studio/studio-test-kit';
import { call, freshClient, type Answer } from './attacker-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
let storeOrigin: string;
/** Every password, TOTP secret, session id, set-up token and recovery code made here: none may reach a log line. */
const secrets = new Set<string>();

beforeAll(async () => {
  server = await startTestServer({}, { log: 'kept' });
  storeOrigin = new URL(server.url).origin;
});
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  vi.useRealTimers();
});

function fakeClock() {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
}

const NEXT_STEP = 30_000;
const at = (ms: number) => new Date(Date.now() + ms);

/** One call to the studio's API; the store's Origin unless `origin` says otherwise (null: none). */
function studio(method: string, path: string, opts: { body?: unknown; cookie?: string; origin?: string | null; from?: string } = {}): Promise<Answer> {
  const origin = opts.origin === undefined ? storeOrigin : opts.origin;
  const headers: Record<string, string> = { ...(origin ? { Origin: origin } : {}), ...(opts.cookie ? { Cookie: opts.cookie } : {}) };
  return call(server.url, method, path, { body: opts.body, headers, from: opts.from ?? freshClient() });
}

/** The `showroom_studio=…` pair an answer sets, or undefined. */
function studioCookieOf(answer: Answer): string | undefined {
  const pair = (answer.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).find((c) => c.startsWith('showroom_studio='));
  return pair && pair !== 'showroom_studio=' ? pair : undefined;
}

async function operator(role: OperatorRole, email?: string) {
  const op = await addOperator(server.database, { role, email });
  secrets.add(op.password).add(op.totpSecret);
  return op;
}

type Operator = Awaited<ReturnType<typeof operator>>;

function login(op: Pick<Operator, 'email' | 'password'>, proof: { code?: string; recoveryCode?: string; password?: string; recaptchaToken?: string }, opts: { from?: string; origin?: string | null; cookie?: string } = {}) {
  const body = {
    email: op.email,
    password: proof.password ?? op.password,
    ...(proof.code !== undefined ? { code: proof.code } : {}),
    ...(proof.recoveryCode !== undefined ? { recoveryCode: proof.recoveryCode } : {}),
    ...(proof.recaptchaToken !== undefined ? { recaptchaToken: proof.recaptchaToken } : {}),
  };
  return studio('POST', '/api/studio/login', { body, ...opts });
}

async function signedIn(role: OperatorRole) {
  const op = await operator(role);
  const res = await login(op, { code: totpCode(op.totpSecret) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const cookie = studioCookieOf(res)!;
  secrets.add(cookie.split('=')[1]!);
  return { ...op, cookie };
}

async function auditOf(email: string) {
  return server.q.all(server.q.db.selectFrom('studio_audit').selectAll().where('operator_email', '=', email).orderBy('id'));
}

/** Every operator endpoint that needs a session, the role it needs, and a plausible body. */
const sessionEndpoints: [string, string, OperatorRole, unknown?][] = [
  ['GET', '/api/studio/me', 'viewer'],
  ['GET', '/api/studio/operators', 'admin'],
  ['POST', '/api/studio/operators', 'admin', { email: 'intruder@example.com', role: 'admin' }],
  ['PATCH', '/api/studio/operators/1', 'admin', { role: 'admin' }],
  ['GET', '/api/studio/audit', 'admin'],
  // Last: it ends the session it is called with.
  ['POST', '/api/studio/logout', 'viewer'],
];
const writes = sessionEndpoints.filter(([method]) => method !== 'GET');

function expectRefusal(res: Answer, status: number, error: string, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status);
  expect(res.body.error, what).toBe(error);
  expect(typeof res.body.message, what).toBe('string');
  expect(Object.keys(res.body).every((k) => ['error', 'message', 'fields'].includes(k)), what).toBe(true);
}

async function operatorCount(): Promise<number> {
  return (await server.q.all(server.q.db.selectFrom('operator').select('id'))).length;
}

describe('without an operator session', () => {
  it('every endpoint answers 401: no cookie, a made-up one, an ended one, an expired one', async () => {
    const ended = await signedIn('admin');
    expect((await studio('POST', '/api/studio/logout', { cookie: ended.cookie })).status).toBe(200);
    const expiring = await signedIn('admin');
    const before = await operatorCount();
    const cookies = [undefined, `showroom_studio=${'A'.repeat(43)}`, 'showroom_studio=../../etc', `showroom_studio=${sha256Hex('x')}`, ended.cookie];
    for (const cookie of cookies) {
      for (const [method, path, , body] of sessionEndpoints) expectRefusal(await studio(method, path, { cookie, body }), 401, 'not_signed_in', `${method} ${path} ${cookie}`);
    }
    // Twelve hours after the sign-in the session is over, though nobody signed out.
    expect((await studio('GET', '/api/studio/me', { cookie: expiring.cookie })).status).toBe(200);
    fakeClock();
    vi.setSystemTime(Date.now() + 12 * 3600_000 + 1000);
    expectRefusal(await studio('GET', '/api/studio/me', { cookie: expiring.cookie }), 401, 'not_signed_in', 'after 12 hours');
    expect(await operatorCount()).toBe(before);
  });

  it("a customer's session is not an operator's: not as its own cookie, not as the studio's", async () => {
    const { browser } = await signedUp(server.url);
    const customerCookie = browser.cookie!;
    expect(customerCookie).toMatch(/^showroom_session=/);
    const asStudio = `showroom_studio=${customerCookie.split('=')[1]}`;
    for (const cookie of [customerCookie, asStudio, `${customerCookie}; ${asStudio}`]) {
      for (const [method, path, , body] of sessionEndpoints) expectRefusal(await studio(method, path, { cookie, body }), 401, 'not_signed_in', `${method} ${path} as a customer`);
    }
    // The customer's e-mail and password do not sign in to the studio either.
    const res = await studio('POST', '/api/studio/login', { body: { email: 'customer@example.com', password: 'Kitchen-Cabinets-1-Oak', code: '123456' } });
    expectRefusal(res, 401, 'invalid_credentials', 'customer credentials');
  });
});

describe('roles', () => {
  it('a viewer, an editor and a publisher are refused every admin endpoint, and change nothing', async () => {
    const before = await operatorCount();
    for (const role of ['viewer', 'editor', 'publisher'] as const) {
      const op = await signedIn(role);
      for (const [method, path, needs, body] of sessionEndpoints) {
        const res = await studio(method, path, { cookie: op.cookie, body: path === '/api/studio/operators/1' ? { role: 'admin' } : body });
        if (needs === 'admin') expectRefusal(res, 403, 'forbidden_role', `${role}: ${method} ${path}`);
        else expect(res.status, `${role}: ${method} ${path}`).toBe(200);
      }
      // The publisher did not make itself an admin.
      expect((await server.q.first(server.q.db.selectFrom('operator').select('role').where('id', '=', op.id)))!.role).toBe(role);
    }
    expect(await operatorCount()).toBe(before + 3);
  });

  it('a role taken away counts at once, on the very next request', async () => {
    const admin = await signedIn('admin');
    const other = await signedIn('admin');
    expect((await studio('GET', '/api/studio/operators', { cookie: other.cookie })).status).toBe(200);
    expect((await studio('PATCH', `/api/studio/operators/${other.id}`, { cookie: admin.cookie, body: { role: 'editor' } })).status).toBe(200);
    expectRefusal(await studio('GET', '/api/studio/operators', { cookie: other.cookie }), 403, 'forbidden_role', 'demoted');
    expect((await studio('GET', '/api/studio/me', { cookie: other.cookie })).body.data.role).toBe('editor');
  });
});

describe('writes from another site', () => {
  it("an operator's cookie with a foreign Origin, or with none, changes nothing (403)", async () => {
    const admin = await signedIn('admin');
    const viewer = await signedIn('viewer');
    const before = await operatorCount();
    for (const origin of ['https://evil.example', 'null', `${storeOrigin}.evil.example`, null]) {
      for (const [method, path, , body] of writes) {
        const res = await studio(method, path.replace('/1', `/${viewer.id}`), { cookie: admin.cookie, origin, body });
        expectRefusal(res, 403, 'forbidden_origin', `${method} ${path} from ${origin}`);
      }
    }
    expect(await operatorCount()).toBe(before);
    expect((await server.q.first(server.q.db.selectFrom('operator').select('role').where('id', '=', viewer.id)))!.role).toBe('viewer');
    // Not signed out either: the session still works from the store's own pages.
    expect((await studio('GET', '/api/studio/me', { cookie: admin.cookie })).status).toBe(200);
  });

  it('sign-in and set-up from another site, or with no Origin, are refused before anything is checked', async () => {
    const op = await operator('editor');
    for (const origin of ['https://evil.example', null]) {
      expectRefusal(await login(op, { code: totpCode(op.totpSecret) }, { origin }), 403, 'forbidden_origin', `login from ${origin}`);
      expectRefusal(await studio('POST', '/api/studio/setup/password', { origin, body: { token: 'A'.repeat(43), password: 'Walnut-Drawer-Fronts-42' } }), 403, 'forbidden_origin', `setup from ${origin}`);
      expectRefusal(await studio('POST', '/api/studio/setup/confirm', { origin, body: { token: 'A'.repeat(43), code: '123456' } }), 403, 'forbidden_origin', `confirm from ${origin}`);
    }
    // The code refused above was never checked, so it still signs in.
    expect((await login(op, { code: totpCode(op.totpSecret) })).status).toBe(200);
  });
});

describe('sign-in', () => {
  it('answers a wrong e-mail, password, code or recovery code, a disabled or unfinished operator, exactly alike', async () => {
    const op = await operator('editor');
    const disabled = await operator('editor');
    const pending = (await studio('POST', '/api/studio/operators', { cookie: (await signedIn('admin')).cookie, body: { email: `pending.${Date.now()}@example.com`, role: 'editor' } })).body.data;
    const admin = await signedIn('admin');
    expect((await studio('PATCH', `/api/studio/operators/${disabled.id}`, { cookie: admin.cookie, body: { disabled: true } })).status).toBe(200);
    const right = totpCode(op.totpSecret);
    const wrongCode = right === '000000' ? '000001' : '000000';
    const tries: [string, Answer][] = [
      ['unknown e-mail', await login({ email: 'nobody@example.com', password: op.password }, { code: right })],
      ['wrong password', await login(op, { code: right, password: 'Wrong-Password-123' })],
      ['wrong code', await login(op, { code: wrongCode })],
      ['a code of long ago', await login(op, { code: totpCode(op.totpSecret, at(-5 * 60_000)) })],
      ['a made-up recovery code', await login(op, { recoveryCode: 'AAAA-BBBB-CCCC-DDDD-EEEE-FFFF' })],
      ['disabled', await login(disabled, { code: totpCode(disabled.totpSecret) })],
      ['not set up', await login({ email: pending.email, password: 'Walnut-Drawer-Fronts-42' }, { code: right })],
    ];
    for (const [what, res] of tries) {
      expect(res.status, what).toBe(401);
      expect(res.body, what).toEqual({ error: 'invalid_credentials', message: STUDIO_INVALID_CREDENTIALS });
      expect(studioCookieOf(res), what).toBeUndefined();
    }
    // None of those used up the right code.
    expect((await login(op, { code: right })).status).toBe(200);
    // The audit log, for admins, says which part was wrong.
    const refusals = await server.q.all(server.q.db.selectFrom('studio_audit').select(['operator_email', 'detail']).where('action', '=', 'sign-in-refused').orderBy('id', 'desc').limit(7));
    expect(refusals.reverse().map((r) => r.detail)).toEqual([
      'no operator has the e-mail nobody@example.com',
      'wrong password',
      'wrong code',
      'wrong code',
      'a wrong or used recovery code',
      'the operator is disabled',
      'the set-up is not done',
    ]);
  });

  it('a TOTP code is accepted once: replayed after a sign-out, or raced twice at once, it signs in once', async () => {
    const op = await operator('publisher');
    const code = totpCode(op.totpSecret);
    const first = await login(op, { code });
    expect(first.status).toBe(200);
    expect((await studio('POST', '/api/studio/logout', { cookie: studioCookieOf(first) })).status).toBe(200);
    // Replayed: the right password with a code already accepted says so, and signs nobody in.
    expectRefusal(await login(op, { code }), 401, 'code_used', 'replayed code');
    // The next step's code works (the window is one step either way) ...
    const next = totpCode(op.totpSecret, at(NEXT_STEP));
    const raced = await Promise.all([login(op, { code: next }), login(op, { code: next }), login(op, { code: next })]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 401, 401]);
    // ... and after it, the current step's code is older than the one accepted.
    expectRefusal(await login(op, { code }), 401, 'code_used', 'an older step');
    expect((await auditOf(op.email)).filter((e) => e.detail === 'a code already used').length).toBeGreaterThanOrEqual(3);
  });

  it('a recovery code signs in once, typed any way; its hash alone is stored', async () => {
    const admin = await signedIn('admin');
    const added = await studio('POST', '/api/studio/operators', { cookie: admin.cookie, body: { email: `recovery.${Date.now()}@example.com`, role: 'viewer' } });
    const token = new URL(added.body.data.setupUrl).hash.replace('#token=', '');
    const password = 'Walnut-Drawer-Fronts-42';
    const { secret } = (await studio('POST', '/api/studio/setup/password', { body: { token, password } })).body.data;
    const codes: string[] = (await studio('POST', '/api/studio/setup/confirm', { body: { token, code: totpCode(secret, at(-NEXT_STEP)) } })).body.data.recoveryCodes;
    codes.forEach((c) => secrets.add(c));
    secrets.add(token).add(secret);
    const op = { email: added.body.data.email as string, password };
    const typed = codes[3]!.toLowerCase().replaceAll('-', ' ');
    const used = await login(op, { recoveryCode: typed });
    expect(used.status).toBe(200);
    expectRefusal(await login(op, { recoveryCode: codes[3]! }), 401, 'invalid_credentials', 'a used recovery code');
    // Another operator's code is nobody else's.
    const other = await operator('viewer');
    expectRefusal(await login(other, { recoveryCode: codes[4]! }), 401, 'invalid_credentials', "another operator's code");
    const stored = await server.q.all(server.q.db.selectFrom('operator_recovery_code').selectAll().where('code_hash', 'in', codes.map(recoveryCodeHash)));
    expect(stored).toHaveLength(10);
    expect(stored.filter((r) => r.used_at !== null)).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!);
  });

  it("strangers' wrong passwords cost the owner a captcha, never a lock-out; guessing from one address is blocked (30 an hour)", async () => {
    const op = await operator('admin');
    fakeClock();
    // Ten strangers, each from an address of its own: the tenth refusal says the captcha comes next.
    for (let i = 1; i <= SIGN_IN_FAILS_PER_EMAIL; i += 1) {
      const res = await login(op, { code: '000000', password: `Guess-number-${i}` });
      expect(res.status).toBe(401);
      expect(res.body.fields).toEqual(i === SIGN_IN_FAILS_PER_EMAIL ? { recaptchaToken: STUDIO_CAPTCHA_NEEDED } : undefined);
    }
    // Past the run, nothing is checked without the captcha: the right password and code included.
    const noCaptcha = await login(op, { code: totpCode(op.totpSecret) });
    expect(noCaptcha.status).toBe(400);
    expect(noCaptcha.body).toMatchObject({ error: 'captcha_required', message: STUDIO_CAPTCHA_NEEDED, fields: { recaptchaToken: STUDIO_CAPTCHA_NEEDED }, siteKey: null });
    expect((await login(op, { code: totpCode(op.totpSecret), recaptchaToken: 'forged' })).body.error).toBe('captcha_required');
    // A stranger with the captcha still needs the password.
    expect((await login(op, { code: totpCode(op.totpSecret), password: 'Guess-with-captcha', recaptchaToken: TEST_RECAPTCHA_TOKEN })).status).toBe(401);
    // The owner, with the captcha, signs in at once: no 15 minutes to wait.
    const owner = await login(op, { code: totpCode(op.totpSecret), recaptchaToken: TEST_RECAPTCHA_TOKEN });
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    // The run is over: the next sign-in needs no captcha.
    expect((await login(op, { code: totpCode(op.totpSecret, at(NEXT_STEP)) })).status).toBe(200);

    // One address trying many e-mails.
    vi.setSystemTime(Date.now() + 2 * NEXT_STEP);
    const from = freshClient();
    for (let i = 0; i < SIGN_IN_FAILS_PER_ADDRESS; i += 1) expect((await login({ email: `victim${i}@example.com`, password: 'Guess-password-1' }, { code: '000000' }, { from })).status).toBe(401);
    const blocked = await login(op, { code: totpCode(op.totpSecret) }, { from });
    expectRefusal(blocked, 429, 'too_many_requests', 'blocked address');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by it.
    expect((await login(op, { code: totpCode(op.totpSecret) })).status).toBe(200);
  });

  it('a code the app showed and that was just used says so (right after the set-up too), not "invalid"', async () => {
    const op = await operator('editor');
    const code = totpCode(op.totpSecret);
    expect((await login(op, { code })).status).toBe(200);
    const again = await login(op, { code });
    expectRefusal(again, 401, 'code_used', 'a code used a moment ago');
    expect(again.body).toMatchObject({ message: STUDIO_CODE_JUST_USED, fields: { code: STUDIO_CODE_JUST_USED } });
    // With a wrong password the same code is "invalid", as any wrong part is.
    expect((await login(op, { code, password: 'Wrong-password-1' })).body).toMatchObject({ error: 'invalid_credentials', message: STUDIO_INVALID_CREDENTIALS });
    // The next step's code signs in.
    expect((await login(op, { code: totpCode(op.totpSecret, at(NEXT_STEP)) })).status).toBe(200);
  });

  it('sets its own cookie: httpOnly, SameSite=Strict, Path=/, 12 hours; the database keeps only its sha256; a new sign-in ends the old session', async () => {
    const op = await operator('editor');
    const res = await login(op, { code: totpCode(op.totpSecret) });
    const [set] = (res.headers['set-cookie'] ?? []).filter((c) => c.startsWith('showroom_studio='));
    expect(set).toMatch(/^showroom_studio=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ success: true, data: { id: op.id, email: op.email, role: 'editor' } });
    const id = studioCookieOf(res)!.split('=')[1]!;
    const sessions = await server.q.all(server.q.db.selectFrom('operator_session').selectAll().where('operator_id', '=', op.id));
    expect(sessions.map((s) => s.session_hash)).toEqual([sha256Hex(id)]);
    // Signing in again from the same browser: a new id, and the old one ends.
    const again = await login(op, { code: totpCode(op.totpSecret, at(NEXT_STEP)) }, { cookie: studioCookieOf(res) });
    expect(studioCookieOf(again)).not.toBe(studioCookieOf(res));
    expectRefusal(await studio('GET', '/api/studio/me', { cookie: studioCookieOf(res) }), 401, 'not_signed_in', 'the replaced session');
    expect((await studio('GET', '/api/studio/me', { cookie: studioCookieOf(again) })).status).toBe(200);
  });
});

describe('the set-up link', () => {
  async function invited(role: OperatorRole = 'editor') {
    const admin = await signedIn('admin');
    const res = await studio('POST', '/api/studio/operators', { cookie: admin.cookie, body: { email: `invited.${Date.now()}.${Math.random()}@example.com`, role } });
    expect(res.status).toBe(201);
    const token = new URL(res.body.data.setupUrl).hash.replace('#token=', '');
    secrets.add(token);
    return { admin, token, ...(res.body.data as { id: number; email: string; role: OperatorRole; setupUrl: string }) };
  }

  it('sets up an operator: password, app, code, recovery codes; then the operator signs in', async () => {
    const link = await invited('publisher');
    expect(link.setupUrl).toBe(`${server.url}/studio/setup#token=${link.token}`);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The database keeps the token's hash, not the token.
    expect((await server.q.first(server.q.db.selectFrom('operator').select('setup_token_hash').where('id', '=', link.id)))!.setup_token_hash).toBe(sha256Hex(link.token));

    const short = await studio('POST', '/api/studio/setup/password', { body: { token: link.token, password: 'Short-pass1' } });
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ password: STUDIO_PASSWORD_RULE });
    const common = await studio('POST', '/api/studio/setup/password', { body: { token: link.token, password: 'qwerty123456' } });
    expect(common.status).toBe(400);
    expect(common.body.fields).toEqual({ password: PASSWORD_MESSAGES.common });
    // Long enough, and guessed at once: spaces, one letter or a short group repeated, a run of keys,
    // a common password of the whole ranked list with digits and symbols around it.
    const commonWithDigits = ['password2024!', 'Password2024!', 'P@ssw0rd2024!!', 'Summer2024!!', 'Michael1987!', 'Welcome2024!'];
    for (const weak of [' '.repeat(12), 'a'.repeat(12), 'Z'.repeat(40), 'abcabcabcabc', 'abababababababab', 'abcdefghijklm', 'zyxwvutsrqpo', 'qwertyuiop12!', ...commonWithDigits]) {
      const res = await studio('POST', '/api/studio/setup/password', { body: { token: link.token, password: weak } });
      expect(res.status, JSON.stringify(weak)).toBe(400);
      expect(res.body.fields, JSON.stringify(weak)).toEqual({ password: STUDIO_PASSWORD_WEAK });
    }
    const early = await studio('POST', '/api/studio/setup/confirm', { body: { token: link.token, code: '123456' } });
    expectRefusal(early, 400, 'password_missing', 'confirm before the password');

    const password = 'Maple-Shaker-Doors-2030';
    const first = await studio('POST', '/api/studio/setup/password', { body: { token: link.token, password } });
    expect(first.status).toBe(200);
    const { email, secret, otpauthUri, qrSvg } = first.body.data;
    secrets.add(secret);
    expect(email).toBe(link.email);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(Object.fromEntries(uri.searchParams)).toEqual({ issuer: 'Showroom Studio', secret, algorithm: 'SHA1', digits: '6', period: '30' });
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const wrong = await studio('POST', '/api/studio/setup/confirm', { body: { token: link.token, code: totpCode(secret, at(-5 * 60_000)) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'validation_failed', message: STUDIO_CODE_WRONG, fields: { code: STUDIO_CODE_WRONG } });
    const confirming = totpCode(secret);
    const done = await studio('POST', '/api/studio/setup/confirm', { body: { token: link.token, code: confirming } });
    expect(done.status).toBe(200);
    const codes: string[] = done.body.data.recoveryCodes;
    codes.forEach((c) => secrets.add(c));
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // 24 base32 characters: 120 bits each.
    for (const c of codes) expect(c.replaceAll('-', '')).toMatch(/^[A-Z2-7]{24}$/);

    // Burnt: neither step works again, not even to change the password.
    for (const [path, body] of [
      ['/api/studio/setup/password', { token: link.token, password: 'Another-Long-Password-9' }],
      ['/api/studio/setup/confirm', { token: link.token, code: totpCode(secret) }],
    ] as const) {
      const res = await studio('POST', path, { body });
      expect(res.body, path).toEqual({ error: 'invalid_token', message: STUDIO_SETUP_LINK_INVALID, fields: { token: STUDIO_SETUP_LINK_INVALID } });
    }
    // The confirming code was spent by the set-up, and the sign-in right after says so; the next step's signs in.
    const again = await login({ email, password }, { code: confirming });
    expectRefusal(again, 401, 'code_used', 'the set-up code again');
    expect(again.body.message).toBe(STUDIO_CODE_JUST_USED);
    const signIn = await login({ email, password }, { code: totpCode(secret, at(NEXT_STEP)) });
    expect(signIn.body).toEqual({ success: true, data: { id: link.id, email, role: 'publisher' } });
    expect((await auditOf(email)).map((e) => e.action)).toEqual(['setup-done', 'sign-in-refused', 'sign-in']);
  });

  it('expires after 24 hours; a renewed link replaces the old one; a made-up token is nothing', async () => {
    const link = await invited();
    fakeClock();
    vi.setSystemTime(Date.now() + 24 * 3600_000 + 1000);
    const late = await studio('POST', '/api/studio/setup/password', { body: { token: link.token, password: 'Maple-Shaker-Doors-2030' } });
    expectRefusal(late, 400, 'invalid_token', 'expired');
    vi.useRealTimers();

    const renewed = await studio('POST', '/api/studio/operators', { cookie: link.admin.cookie, body: { email: link.email, role: 'viewer' } });
    expect(renewed.status).toBe(201);
    expect(renewed.body.data).toMatchObject({ id: link.id, role: 'viewer' });
    const newToken = new URL(renewed.body.data.setupUrl).hash.replace('#token=', '');
    expect(newToken).not.toBe(link.token);
    expectRefusal(await studio('POST', '/api/studio/setup/password', { body: { token: link.token, password: 'Maple-Shaker-Doors-2030' } }), 400, 'invalid_token', 'the old link');
    expect((await studio('POST', '/api/studio/setup/password', { body: { token: newToken, password: 'Maple-Shaker-Doors-2030' } })).status).toBe(200);
    for (const token of ['A'.repeat(43), 'x', `${newToken}x`]) {
      expectRefusal(await studio('POST', '/api/studio/setup/password', { body: { token, password: 'Maple-Shaker-Doors-2030' } }), 400, 'invalid_token', `token ${token}`);
    }
  });

  it('guessing the code of a set-up is throttled', async () => {
    const link = await invited();
    const { secret } = (await studio('POST', '/api/studio/setup/password', { body: { token: link.token, password: 'Maple-Shaker-Doors-2030' } })).body.data;
    secrets.add(secret);
    const wrong = totpCode(secret) === '000000' ? '000001' : '000000';
    for (let i = 0; i < SETUP_WRONG_CODES; i += 1) expect((await studio('POST', '/api/studio/setup/confirm', { body: { token: link.token, code: wrong } })).status).toBe(400);
    const held = await studio('POST', '/api/studio/setup/confirm', { body: { token: link.token, code: totpCode(secret) } });
    expectRefusal(held, 429, 'too_many_requests', 'too many codes');
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('managing operators', () => {
  it('an admin adds, changes and disables operators, never themselves; a disabled operator is out at once', async () => {
    const admin = await signedIn('admin');
    const email = `Managed.${Date.now()}@Example.com`;
    const added = await studio('POST', '/api/studio/operators', { cookie: admin.cookie, body: { email, role: 'editor' } });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ email: email.replace('@Example.com', '@example.com'), role: 'editor' });
    const list = (await studio('GET', '/api/studio/operators', { cookie: admin.cookie })).body.data;
    expect(list.find((o: { id: number }) => o.id === added.body.data.id)).toEqual({ id: added.body.data.id, email: added.body.data.email, role: 'editor', active: false, disabled: false });

    const editor = await signedIn('editor');
    // Another spelling of the same e-mail is the same operator; an active one is not added again.
    expectRefusal(await studio('POST', '/api/studio/operators', { cookie: admin.cookie, body: { email: editor.email.toUpperCase(), role: 'admin' } }), 409, 'operator_exists', 'an active operator');

    const self = await studio('PATCH', `/api/studio/operators/${admin.id}`, { cookie: admin.cookie, body: { role: 'viewer' } });
    expectRefusal(self, 403, 'own_account', 'own role');
    expect(self.body.message).toBe(OWN_ACCOUNT_MESSAGE);
    expectRefusal(await studio('PATCH', `/api/studio/operators/${admin.id}`, { cookie: admin.cookie, body: { disabled: true } }), 403, 'own_account', 'disable self');
    expectRefusal(await studio('PATCH', '/api/studio/operators/999999', { cookie: admin.cookie, body: { role: 'viewer' } }), 404, 'not_found', 'unknown operator');
    expectRefusal(await studio('PATCH', `/api/studio/operators/${editor.id}`, { cookie: admin.cookie, body: {} }), 400, 'validation_failed', 'empty change');
    expectRefusal(await studio('PATCH', `/api/studio/operators/${editor.id}`, { cookie: admin.cookie, body: { role: 'owner' } }), 400, 'validation_failed', 'unknown role');

    const changed = await studio('PATCH', `/api/studio/operators/${editor.id}`, { cookie: admin.cookie, body: { role: 'publisher' } });
    expect(changed.body).toEqual({ success: true, data: { id: editor.id, email: editor.email, role: 'publisher' } });
    const disabled = await studio('PATCH', `/api/studio/operators/${editor.id}`, { cookie: admin.cookie, body: { disabled: true } });
    expect(disabled.status).toBe(200);
    expectRefusal(await studio('GET', '/api/studio/me', { cookie: editor.cookie }), 401, 'not_signed_in', 'disabled session');
    expectRefusal(await login(editor, { code: totpCode(editor.totpSecret, at(NEXT_STEP)) }), 401, 'invalid_credentials', 'disabled sign-in');
    expect(await server.q.all(server.q.db.selectFrom('operator_session').select('id').where('operator_id', '=', editor.id))).toEqual([]);
    // Enabled again, with the same password and app.
    expect((await studio('PATCH', `/api/studio/operators/${editor.id}`, { cookie: admin.cookie, body: { disabled: false } })).status).toBe(200);
    // (The refused try above did not spend its code: nothing past the password is checked for a disabled operator.)
    expect((await login(editor, { code: totpCode(editor.totpSecret, at(NEXT_STEP)) })).status).toBe(200);

    const log = (await studio('GET', '/api/studio/audit', { cookie: admin.cookie })).body.data as { action: string; operator: string | null; detail: string }[];
    const mine = log.filter((e) => e.operator === admin.email).map((e) => `${e.action}: ${e.detail}`);
    expect(mine).toEqual(
      expect.arrayContaining([
        `operator-added: ${added.body.data.email} as editor (new)`,
        `operator-changed: ${editor.email}: role editor → publisher`,
        `operator-disabled: ${editor.email} disabled; sessions ended`,
        `operator-enabled: ${editor.email} enabled`,
      ]),
    );
  });
});

describe('the audit log', () => {
  it('records sign-ins, refusals and sign-outs with the address, newest first, a page at a time', async () => {
    const op = await operator('viewer');
    const from = freshClient();
    expect((await login(op, { code: '000000', password: 'Not-the-password-1' }, { from })).status).toBe(401);
    const ok = await login(op, { code: totpCode(op.totpSecret) }, { from });
    expect((await studio('POST', '/api/studio/logout', { cookie: studioCookieOf(ok), from })).body).toEqual({ success: true, message: 'Signed out.' });
    const admin = await signedIn('admin');
    const page = (await studio('GET', '/api/studio/audit', { cookie: admin.cookie })).body.data as { id: number; at: string; action: string; operator: string | null; detail: string; ip: string }[];
    const entries = page.filter((e) => e.operator === op.email && e.ip === from);
    expect(entries.map((e) => [e.action, e.detail])).toEqual([
      ['sign-out', 'signed out'],
      ['sign-in', 'signed in with a code of the app'],
      ['sign-in-refused', 'wrong password'],
    ]);
    expect(page[0]).toMatchObject({ action: 'sign-in', operator: admin.email });
    const older = (await studio('GET', `/api/studio/audit?before=${entries[1]!.id}`, { cookie: admin.cookie })).body.data as { id: number }[];
    expect(older[0]!.id).toBe(entries[2]!.id);
    expectRefusal(await studio('GET', '/api/studio/audit?before=abc', { cookie: admin.cookie }), 400, 'validation_failed', 'a bad before');
  });

  it('no log line carries a password, a TOTP secret, a session id, a set-up token or a recovery code', () => {
    expect(secrets.size).toBeGreaterThan(20);
    const leaked = [...secrets].filter((s) => server.logLines.some((line) => line.includes(s)));
    expect(leaked).toEqual([]);
  });
});

describe('the test kit', () => {
  it('signs an operator in over HTTP and answers ready headers', async () => {
    const op = await signInOperator(server, 'publisher');
    expect(op.cookie).toMatch(/^showroom_studio=[A-Za-z0-9_-]{43}$/);
    expect(op.headers).toEqual({ Cookie: op.cookie, Origin: storeOrigin });
    const me = await fetch(`${server.url}/api/studio/me`, { headers: op.headers });
    expect(await me.json()).toEqual({ success: true, data: { id: op.id, email: op.email, role: 'publisher' } });
  });
});
