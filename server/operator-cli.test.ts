/**
 * `npm run operator` (server/operator-cli.ts): add, list, disable, --help and bad input, called
 * through its main function on a test database of the run's engine, and once as its own process
 * the way npm runs it.
 *
 * @engines sqlite: the command's words and exit codes.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from './build-output';
import { openDatabase, type Database } from './db/database';
import { runOperatorCli, USAGE } from './operator-cli';
import { sha256Hex } from './services/secrets';
import { createLogger } from './logger';
import { OperatorService } from './studio/operator-service';
import { totpCodeAt } from './studio/totp';
import { createTestDatabaseUrl } from './testing/test-database';

let databaseUrl: string;
let database: Database;
const PUBLIC_URL = 'https://shop.example.com';

beforeAll(async () => {
  databaseUrl = await createTestDatabaseUrl();
  // The first command migrates the database, as `npm run operator` does on a new one.
  expect((await cli('list')).stdout).toBe('No operators yet. Add the first: npm run operator -- add you@example.com --role admin\n');
  database = openDatabase(databaseUrl);
});
afterAll(async () => {
  await database?.close();
});

async function cli(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runOperatorCli(args, { DATABASE_URL: databaseUrl, PUBLIC_URL, LOG_LEVEL: 'silent' }, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

const tokenOf = (stdout: string) => /\/studio\/setup#token=([A-Za-z0-9_-]{43})\n/.exec(stdout)?.[1];

describe('npm run operator', () => {
  it('adds an operator and prints a one-time set-up link with the token in its fragment', async () => {
    const res = await cli('add', 'Owner@Example.com', '--role', 'admin');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Operator Owner@example.com added as admin.');
    expect(res.stdout).toMatch(/works once, for 24 hours, until \d{4}-\d\d-\d\dT/);
    const token = tokenOf(res.stdout)!;
    expect(res.stdout).toContain(`  ${PUBLIC_URL}/studio/setup#token=${token}\n`);
    const row = await database.q.first(database.q.db.selectFrom('operator').selectAll().where('email_normalized', '=', 'owner@example.com'));
    expect(row).toMatchObject({ role: 'admin', active: 0, disabled: 0, setup_token_hash: sha256Hex(token) });
    const log = await database.q.all(database.q.db.selectFrom('studio_audit').selectAll().where('action', '=', 'operator-added'));
    expect(log.at(-1)).toMatchObject({ operator_email: null, ip: 'command line', detail: 'Owner@example.com as admin (new) by command line' });
  });

  it('without PUBLIC_URL, links to the store on its PORT and says to set PUBLIC_URL', async () => {
    let stdout = '';
    const code = await runOperatorCli(['add', 'port@example.com', '--role', 'viewer'], { DATABASE_URL: databaseUrl, PORT: '4123', LOG_LEVEL: 'silent' }, { stdout: (t) => (stdout += t), stderr: () => {} });
    expect(code).toBe(0);
    expect(stdout).toMatch(/ {2}http:\/\/(localhost|127\.0\.0\.1):4123\/studio\/setup#token=/);
    expect(stdout).toContain("The link is on this machine's PORT (4123): PUBLIC_URL is not set. Set it to the store's address");
  });

  it('renews the link of one not set up; refuses an active one, saying how to renew it', async () => {
    const first = tokenOf((await cli('add', 'editor@example.com', '--role', 'editor')).stdout)!;
    const renewed = await cli('add', 'EDITOR@example.com', '--role', 'publisher');
    expect(renewed.code).toBe(0);
    expect(renewed.stdout).toContain('A new set-up link for editor@example.com (publisher); the previous link no longer works.');
    const token = tokenOf(renewed.stdout)!;
    expect(token).not.toBe(first);

    // Set up through the service (the link's two steps), then `add` refuses.
    const service = new OperatorService({ q: database.q, publicUrl: PUBLIC_URL, logger: createLogger('silent') });
    await expect(service.beginSetup({ token: first, password: 'Cherry-Vanity-Tops-77' }, 'test')).rejects.toMatchObject({ code: 'invalid_token' });
    const { secret } = await service.beginSetup({ token, password: 'Cherry-Vanity-Tops-77' }, 'test');
    await service.confirmSetup({ token, code: totpCodeAt(secret, new Date()) }, 'test');
    const again = await cli('add', 'editor@example.com', '--role', 'admin');
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('editor@example.com is an active operator already. For a new set-up link (a lost phone, a forgotten password), disable them first:\n  npm run operator -- disable editor@example.com\nthen add them again.\n');
    expect(again.stdout).toBe('');
  });

  it('lists every operator with its role and state', async () => {
    const res = await cli('list');
    expect(res.code).toBe(0);
    const lines = res.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+EMAIL\s+ROLE\s+STATE$/);
    expect(lines.find((l) => l.includes('Owner@example.com'))).toMatch(/^\d+\s+Owner@example\.com\s+admin\s+set-up pending \(link until \d{4}-/);
    expect(lines.find((l) => l.includes('editor@example.com'))).toMatch(/\s+publisher\s+active$/);
  });

  it('disables an operator (their sessions end), and a disabled one can be added again for a new set-up', async () => {
    const res = await cli('disable', 'editor@example.com');
    expect(res).toEqual({ code: 0, stdout: 'editor@example.com is disabled; their sessions have ended.\n', stderr: '' });
    expect((await cli('disable', 'editor@example.com')).stdout).toBe('editor@example.com was disabled already.\n');
    expect((await cli('list')).stdout).toMatch(/editor@example\.com\s+publisher\s+disabled\n/);
    const again = await cli('add', 'editor@example.com', '--role', 'editor');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('A new set-up link for editor@example.com (editor)');
    // The command line may disable the last admin (then add one again: the way back after a lost phone), and says so.
    expect((await cli('disable', 'owner@example.com')).stdout).toBe('Owner@example.com is disabled; their sessions have ended.\nNo active admin is left: add one with npm run operator -- add EMAIL --role admin\n');
    const unknown = await cli('disable', 'nobody@example.com');
    expect(unknown).toEqual({ code: 1, stdout: '', stderr: 'No operator has the e-mail nobody@example.com.\n' });
  });

  it('explains its usage on --help, and refuses bad input with a message and exit code 1', async () => {
    expect(await cli('--help')).toEqual({ code: 0, stdout: `${USAGE}\n`, stderr: '' });
    const bad: [string[], string][] = [
      [[], 'Name a command.'],
      [['remove', 'a@example.com'], 'Unknown command "remove".'],
      [['add'], "add needs the operator's e-mail."],
      [['add', 'a@example.com'], 'add needs --role, one of: viewer, editor, publisher, admin.'],
      [['add', 'a@example.com', '--role', 'owner'], '--role must be one of: viewer, editor, publisher, admin (got "owner").'],
      [['add', 'a@example.com', '--role'], "Option '--role <value>' argument missing"],
      [['add', 'a@example.com', 'b@example.com', '--role', 'admin'], 'Unexpected: b@example.com'],
      [['list', '--force'], "Unknown option '--force'"],
      [['disable'], "disable needs the operator's e-mail."],
    ];
    for (const [args, message] of bad) {
      const res = await cli(...args);
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stdout, args.join(' ')).toBe('');
      expect(res.stderr, args.join(' ')).toContain(message);
      expect(res.stderr, args.join(' ')).toContain('Usage: npm run operator -- add EMAIL --role viewer|editor|publisher|admin');
    }
    const notEmail = await cli('add', 'not-an-email', '--role', 'viewer');
    expect(notEmail).toEqual({ code: 1, stdout: '', stderr: 'Invalid email address\n' });
    const badConfig = await runOperatorCli(['list'], { DATABASE_URL: databaseUrl, PUBLIC_URL: 'not a url' }, { stdout: () => {}, stderr: () => {} });
    expect(badConfig).toBe(1);
  });

  it('runs as its own process, as npm runs it', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/operator-cli.ts', ...args], {
        cwd: projectRoot,
        env: { ...process.env, DATABASE_URL: databaseUrl, PUBLIC_URL, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      });
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toBe(`${USAGE}\n`);
    const added = run('add', 'process@example.com', '--role', 'viewer');
    expect(added.status).toBe(0);
    expect(tokenOf(added.stdout)).toBeDefined();
    const bad = run('add', 'process@example.com');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('add needs --role');
  });
});
