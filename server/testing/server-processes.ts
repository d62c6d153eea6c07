/**
 * Several real Showroom servers for one test: each is its own process (`server/cli.ts start`, as
 * `npm start` runs it) on a free port, all on the same database, so nothing one process keeps in
 * memory can make a test pass. Each is stopped with the test, or killed (`kill -9`) by it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { projectRoot, serverEntry } from '../build-output';

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  /** Every log line the server printed (JSON). */
  log: string[];
  /** SIGKILL: the process ends at once, mid-request, as on a crash. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

export interface LaunchedServer {
  process: ChildProcess;
  /** Every log line the server printed so far (JSON). */
  log: string[];
  /** The store's URL once it listens; rejects if it exits first or takes over 60 s. */
  listening: Promise<string>;
  /** Resolves when the process has ended. */
  exited: Promise<void>;
}

/**
 * Spawns a server without waiting for it: the sources (node with tsx as its loader), or the build
 * as `npm start` runs it (`node dist/server/cli.js start`: no loader, so it starts in a fraction of
 * the time, for tests that start many).
 */
export function launchServerProcess(env: Record<string, string>, run: 'sources' | 'build' = 'sources'): LaunchedServer {
  // Node itself with tsx as its loader, not the tsx command: that is a wrapper process, and a kill -9
  // of the wrapper would leave the real server running (and the crash case proving nothing).
  const args = run === 'build' ? [serverEntry, 'start'] : ['--import', 'tsx', path.join(projectRoot, 'server', 'cli.ts'), 'start'];
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: { ...process.env, PORT: '0', DEALER_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', PAYMENT_PAGES_CHECK_EVERY: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  let errors = '';
  child.stderr!.on('data', (d) => (errors += d));
  const ended = exited(child);
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start within 60 s:\n${log.join('\n')}\n${errors}`)), 60_000);
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      log.push(line);
      try {
        const entry = JSON.parse(line) as { msg?: string; url?: string; port?: number };
        if (entry.msg === 'main site listening' && entry.port) {
          clearTimeout(timer);
          resolve(`http://localhost:${entry.port}`);
        }
      } catch {
        // not a log line
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) while starting:\n${log.join('\n')}\n${errors}`));
    });
  });
  // A test that ends the server before it listens handles that itself.
  listening.catch(() => {});
  return { process: child, log, listening, exited: ended };
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const { process: child, log, listening } = launchServerProcess(env);
  const url = await listening;
  return {
    url,
    process: child,
    log,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** `count` servers on one database, started together (as a deploy would). */
export async function startServerProcesses(count: number, env: Record<string, string>): Promise<ServerProcess[]> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startServerProcess(env)));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    throw failed.reason;
  }
  return servers;
}
