import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

const tempDirs: string[] = [];
afterAll(() => tempDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-cli-'));
  tempDirs.push(dir);
  return dir;
}

/** Runs `showroom start` as `npm start` does, in a child process. */
function startCli(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'start'], {
    // HOST empty: the default, which must keep a development server off the network.
    env: { ...process.env, PORT: '0', DEALER_PORT: '0', HOST: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const lines = readline.createInterface({ input: child.stdout });
  const listening = new Promise<string>((resolve) => {
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      const entry = JSON.parse(line) as Record<string, unknown>;
      logs.push(entry);
      if (entry.msg === 'main site listening') resolve(entry.url as string);
    });
  });
  // 'close', not 'exit': the last log lines may still be in the pipe when the process has exited.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, logs, listening, exited, stderr: () => stderr };
}

describe('showroom start', () => {
  it('serves with no configuration but ports, on loopback only, migrates its database, and stops cleanly on SIGTERM', async () => {
    const dir = tempDir();
    const run = startCli({ DATABASE_URL: `sqlite:${path.join(dir, 'var', 'shop.db')}` });
    // The README's address, on the loopback interface (127.0.0.1 is the store too).
    const url = await run.listening;
    expect(url).toMatch(/^http:\/\/localhost:\d+$/);
    const port = new URL(url).port;
    expect(run.logs.find((l) => l.msg === 'main site listening')).toMatchObject({ alsoAt: [`http://127.0.0.1:${port}`] });
    for (const base of [url, `http://127.0.0.1:${port}`]) expect((await fetch(`${base}/api/health`)).status, base).toBe(200);
    expect(fs.existsSync(path.join(dir, 'var', 'shop.db'))).toBe(true);
    expect(run.logs.some((l) => l.msg === 'database migrated')).toBe(true);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.logs.at(-1)?.msg).toBe('stopped');
  });

  it('refuses to start on a page definition that fails its schema, naming file, pointer and message', async () => {
    const dir = tempDir();
    fs.cpSync('examples/site', dir, { recursive: true });
    const home = JSON.parse(fs.readFileSync(path.join(dir, 'pages/home.json'), 'utf8'));
    home.metadata.title = '';
    fs.writeFileSync(path.join(dir, 'pages/home.json'), JSON.stringify(home));
    const run = startCli({ CONTENT_DIR: dir, DATABASE_URL: 'sqlite::memory:' });
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain('pages/home.json#/metadata/title');
    expect(run.stderr()).toMatch(/pages\/home\.json#\/metadata\/title .*empty/);
  });

  it('refuses to start on a bad environment variable', async () => {
    const run = startCli({ PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain('PORT must be a port number from 0 to 65535, got "eighty"');
  });
});
