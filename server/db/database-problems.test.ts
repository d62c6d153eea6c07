/**
 * A database that cannot be opened is told in the store's words, with real failures of each
 * engine: a PostgreSQL that does not answer names its host and port; a database that does not
 * exist says how to create it; a user refused names DATABASE_URL; a SQLite file that cannot be
 * made names its file. No driver code, no stack.
 *
 * @engines sqlite postgres: each engine's own failures to open.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port';
import { createTestDatabaseUrl, testEngine } from '../testing/test-database';
import { StartRefused } from '../start-refused';
import { openCheckedDatabase } from './database-problems';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-db-problems-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function refusal(target: string): Promise<string> {
  const err = await openCheckedDatabase(target).then(
    async (database) => {
      await database.close();
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StartRefused);
  return (err as Error).message;
}

// Each engine's run checks its own failures (the SQLite run also the PostgreSQL that is not there).
const engine = testEngine();

describe('a database that cannot be opened', () => {
  if (engine === 'sqlite') it('a PostgreSQL that does not answer: its host and port, and what to check', async () => {
    const port = await freePort();
    expect(await refusal(`postgres://shop:secret@127.0.0.1:${port}/showroom`)).toBe(
      `PostgreSQL at 127.0.0.1:${port} (DATABASE_URL) does not answer: is PostgreSQL running there, and does it take connections from this machine (listen_addresses, the firewall)?`,
    );
  });

  if (engine === 'sqlite') it('a SQLite file that cannot be made: the file and what to check', async () => {
    fs.writeFileSync(path.join(dir, 'a-file'), '');
    const file = path.join(dir, 'a-file', 'shop.db');
    expect(await refusal(`sqlite:${file}`)).toBe(`The SQLite database ${file} (DATABASE_URL) cannot be opened: check that its folder exists and that this user may write there.`);
    const notSqlite = path.join(dir, 'notes.db');
    fs.writeFileSync(notSqlite, 'these are not the orders you are looking for'.repeat(200));
    expect(await refusal(`sqlite:${notSqlite}`)).toBe(`${notSqlite} (DATABASE_URL) is not a SQLite database, or is damaged: restore it from a backup (npm run restore -- FILE).`);
  });

  if (engine === 'postgres') it('a database that does not exist: how to create it, with the host, port and user of DATABASE_URL', async () => {
    const url = new URL(await createTestDatabaseUrl());
    url.pathname = '/showroom_never_created';
    url.search = '';
    const host = url.hostname;
    const port = url.port || '5432';
    const user = decodeURIComponent(url.username);
    expect(await refusal(url.toString())).toBe(
      `The database "showroom_never_created" does not exist on PostgreSQL at ${host}:${port} (DATABASE_URL). Create it first, then run npm run migrate:\n` +
        `  createdb -h ${host} -p ${port}${user ? ` -U ${user}` : ''} showroom_never_created\n` +
        `or, in psql as a user who may create databases: CREATE DATABASE "showroom_never_created"${user ? ` OWNER "${user}"` : ''};`,
    );
  });

  if (engine === 'postgres') it('a user PostgreSQL refuses: DATABASE_URL to check, without its password', async () => {
    const url = new URL(await createTestDatabaseUrl());
    url.username = 'no_such_shop_user';
    url.password = 'not-the-password';
    const message = await refusal(url.toString());
    expect(message).toMatch(/^PostgreSQL at [^ ]+:\d+ \(DATABASE_URL\) refused the user "no_such_shop_user": check the user and password in DATABASE_URL/);
    expect(message).not.toContain('not-the-password');
  });
});
