/**
 * A throwaway PostgreSQL for the tests: initdb in a temporary folder, one server on a free loopback
 * port, removed afterwards. Durability is off (fsync, synchronous commit): the data lives only for the run.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

export interface PostgresCluster {
  /** A superuser's URL to the `postgres` database. */
  url: string;
  stop(): Promise<void>;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('No PostgreSQL binaries under /usr/lib/postgresql: run `node scripts/ensure-postgres.mjs`, or set TEST_DATABASE_URL.');
  return path.join(root, newest, 'bin');
}

async function waitUntilReady(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error('PostgreSQL did not accept connections within 30 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-pg-'));
  const data = path.join(dir, 'data');
  // PostgreSQL refuses to run as root: run it as Debian's postgres user, owning the folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const as = (cmd: string, args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
  const [initCmd, initArgs] = as(path.join(bin, 'initdb'), ['-D', data, '-U', 'showroom', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  execFileSync(initCmd, initArgs, { stdio: 'pipe' });
  const port = await freePort();
  const settings = ['listen_addresses=127.0.0.1', `unix_socket_directories=${dir}`, 'fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=400', 'shared_buffers=64MB'];
  const log = path.join(dir, 'postgres.log');
  const pgCtl = (args: string[]) => {
    const [cmd, cmdArgs] = as(path.join(bin, 'pg_ctl'), ['-D', data, ...args]);
    execFileSync(cmd, cmdArgs, { stdio: 'pipe' });
  };
  try {
    pgCtl(['-l', log, '-w', '-t', '60', '-o', [`-p ${port}`, ...settings.map((s) => `-c ${s}`)].join(' '), 'start']);
  } catch (err) {
    const output = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : String(err);
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start:\n${output}`);
  }
  const url = `postgres://showroom@127.0.0.1:${port}/postgres`;
  await waitUntilReady(url);
  return {
    url,
    async stop() {
      // immediate: the data is thrown away with the folder, nothing needs a clean shutdown.
      try {
        pgCtl(['-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
