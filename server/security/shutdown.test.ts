/**
 * Attacker (or just a slow client): "hold a request open, and `kill` never stops the server: its
 * graceful stop waits for my connection with no time limit, and a second SIGTERM is dropped."
 * The server runs as `npm start` runs it, in a child process.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIsStale } from '../build-output';

// `showroom start` rebuilds a stale dist/, which would pull it from under the server tests running
// beside this one: they all want the build `npm test` makes first.
beforeAll(() => {
  if (buildIsStale()) throw new Error('dist/ is older than its sources: run `npm run build` before the server tests.');
});

const dirs: string[] = [];
const children: ReturnType<typeof spawn>[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function startCli(env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-stop-'));
  dirs.push(dir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'start'], {
    env: { ...process.env, PORT: '0', DEALER_PORT: '0', HOST: '127.0.0.1', DATABASE_URL: `sqlite:${path.join(dir, 'shop.db')}`, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const logs: { msg?: string }[] = [];
  const waiters: { msg: string; resolve: () => void }[] = [];
  let url: (value: string) => void = () => {};
  const listening = new Promise<string>((resolve) => (url = resolve));
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    const entry = JSON.parse(line) as { msg?: string; url?: string };
    logs.push(entry);
    if (entry.msg === 'main site listening') url(entry.url!);
    for (const w of waiters) if (w.msg === entry.msg) w.resolve();
  });
  const logged = (msg: string) => (logs.some((l) => l.msg === msg) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ msg, resolve })));
  // 'close', not 'exit': the last log lines may still be in the pipe when the process has exited.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, logs, listening, logged, exited };
}

/**
 * Opens a connection and starts a POST whose body never finishes. `Expect: 100-continue` makes the
 * server say "100 Continue" once it has parsed the request and handed it to the app: from then on
 * the request is in flight, waiting for the rest of its body.
 */
async function holdRequestOpen(baseUrl: string): Promise<net.Socket> {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(`POST /api/cart/totals HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n`);
  await new Promise<void>((resolve) => {
    let seen = '';
    socket.on('data', (d) => {
      seen += d.toString();
      if (seen.includes('100 Continue')) resolve();
    });
  });
  socket.write('{"items": [');
  return socket;
}

describe('a stop always ends', () => {
  it('SIGTERM with a request held open: drains for SHUTDOWN_GRACE_MS, closes it, closes the database and exits', async () => {
    const run = startCli({ SHUTDOWN_GRACE_MS: '300' });
    const socket = await holdRequestOpen(await run.listening);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    await closed;
    const messages = run.logs.map((l) => l.msg);
    expect(messages).toContain('closing connections still open after the grace period');
    expect(messages.at(-1)).toBe('stopped');
  });

  it('a second SIGTERM during the drain is not dropped: it stops the server now', async () => {
    const run = startCli({ SHUTDOWN_GRACE_MS: '600000' });
    await holdRequestOpen(await run.listening);
    run.child.kill('SIGTERM');
    await run.logged('shutting down');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.logs.map((l) => l.msg).at(-1)).toBe('stopped');
  });
});
