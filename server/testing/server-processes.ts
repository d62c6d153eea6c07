/**
 * Several real Showroom servers for one test: each is its own process (`server/cli.ts start`, as
 * `npm start` runs it) on a free port, all on the same database, so nothing one process keeps in
 * memory can make a test pass. Each is stopped with the test, or killed (`kill -9`) by it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { scaledMs } from '../../scripts/test-calibration';
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
  /** The store's URL once it listens; rejects if it exits first or takes over a minute (scaled to this machine). */
  listening: Promise<string>;
  /** Resolves when the process has ended. */
  exited: Promise<void>;
  /** The reader of the server's output goes away: its end of the pipe closes (writes fail with EPIPE). */
  closeOutput(): void;
  /** The reader stops reading and the pipe fills up: the server's next write cannot go (EAGAIN). */
  stopReadingOutput(): Promise<void>;
}

/**
 * The server's stdout, through a named pipe of the test's (not the socket pair spawn's 'pipe' gives):
 * a pipe behaves as a shell's `| reader` does when its reader goes or stops, and a second writer can
 * open it, to fill it for a reader that stopped reading.
 */
function outputPipe(): { childEnd: number; reader: net.Socket; fifo: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-output-'));
  const fifo = path.join(dir, 'stdout');
  execFileSync('mkfifo', [fifo]);
  const readEnd = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  const childEnd = fs.openSync(fifo, fs.constants.O_WRONLY);
  return { childEnd, reader: new net.Socket({ fd: readEnd, readable: true, writable: false }), fifo, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Fills the pipe a paused reader no longer empties, through a second opening of it: written until
 * the pipe refuses, once the reader's own buffer is full too (then Node stops reading from the
 * pipe altogether).
 */
async function fillPipe(reader: net.Socket, fifo: string): Promise<void> {
  reader.pause();
  const fd = fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
  const chunk = Buffer.alloc(4096, '\n');
  try {
    for (;;) {
      let full = false;
      while (!full) {
        try {
          fs.writeSync(fd, chunk);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
          full = true;
        }
      }
      if (reader.readableLength >= reader.readableHighWaterMark) return;
      // Let the reader take in what it still takes before its buffer is full.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    fs.closeSync(fd);
  }
}

export function launchServerProcess(env: Record<string, string>, run: 'sources' | 'build' = 'sources'): LaunchedServer {
  // Node itself with tsx as its loader, not the tsx command: that is a wrapper process, and a kill -9
  // of the wrapper would leave the real server running (and the crash case proving nothing).
  const args = run === 'build' ? [serverEntry, 'start'] : ['--import', 'tsx', path.join(projectRoot, 'server', 'cli.ts'), 'start'];
  const output = outputPipe();
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: { ...process.env, PORT: '0', DEALER_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', PAYMENT_PAGES_CHECK_EVERY: 'off', ...env },
    stdio: ['ignore', output.childEnd, 'pipe'],
  });
  fs.closeSync(output.childEnd);
  const log: string[] = [];
  const startLimitMs = scaledMs(60_000);
  // A reader closed by the test is not an error of the test's.
  output.reader.on('error', () => {});
  let errors = '';
  child.stderr!.on('data', (d) => (errors += d));
  // The reader ends when the server (the pipe's one writer) has ended and it has read every line.
  output.reader.once('close', output.remove);
  let stoppedReading = false;
  const ended = exited(child).then(() => {
    if (stoppedReading) output.reader.destroy();
  });
  const lines = readline.createInterface({ input: output.reader });
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start within ${startLimitMs / 1000} s:\n${log.join('\n')}\n${errors}`)), startLimitMs);
    lines.on('line', (line) => {
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
  return {
    process: child,
    log,
    listening,
    exited: ended,
    closeOutput() {
      lines.close();
      output.reader.destroy();
    },
    async stopReadingOutput() {
      stoppedReading = true;
      lines.close();
      await fillPipe(output.reader, output.fifo);
    },
  };
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
