import { pino, type DestinationStream, type Logger } from 'pino';
import { createRequire } from 'node:module';

export type { Logger };

/**
 * Where the log lines go: the process's stdout as Node writes it, and nothing once its reader is
 * gone. Not pino's default destination (sonic-boom writing to fd 1, flushed synchronously at exit):
 * when the reader of a pipe has gone (EPIPE) or has stopped reading (the pipe is full: EAGAIN),
 * that flush retries the write forever, and a server told to stop spins in it after closing its
 * port, never ending. Node's stdout writes a line at once when the pipe has room and otherwise keeps
 * it in memory for later; exit does not wait for what is kept. So a stop always ends; a reader
 * that went away loses the lines it would not have read anyway, and one that stopped reading loses
 * what was kept for it when the process exits.
 */
export function logDestination(out: NodeJS.WritableStream = process.stdout): DestinationStream {
  const reader = readerOf(out);
  return {
    write(line: string) {
      if (!reader.gone) out.write(line);
    },
  };
}

// One watch per stream, however many loggers write to it (an 'error' listener each would soon pass
// Node's limit of ten, and the tests make many loggers in one process).
const readers = new WeakMap<NodeJS.WritableStream, { gone: boolean }>();
function readerOf(out: NodeJS.WritableStream): { gone: boolean } {
  let reader = readers.get(out);
  if (!reader) {
    const watched = { gone: false };
    // EPIPE and the like: the reader went away, so the lines have nowhere to go (and an unheard
    // 'error' on stdout would end the process).
    out.on('error', () => {
      watched.gone = true;
    });
    readers.set(out, watched);
    reader = watched;
  }
  return reader;
}

/** How the server runs, as far as its log output is concerned. */
export interface LogMode {
  production: boolean;
  /** Under a test runner (vitest sets VITEST): tests read the JSON lines, never colours. */
  underTests: boolean;
  /** stdout is a terminal a developer reads, not a pipe into a log collector. */
  stdoutIsTTY: boolean;
}

/** Readable lines only for a developer at a terminal: production and anything piped keep JSON. */
export function readableLogs(mode: LogMode): boolean {
  return !mode.production && !mode.underTests && mode.stdoutIsTTY;
}

/** The mode of this process: NODE_ENV as server/config.ts reads it, the test runner, stdout. */
export function processLogMode(production: boolean): LogMode {
  return { production, underTests: process.env.VITEST !== undefined || process.env.NODE_ENV === 'test', stdoutIsTTY: process.stdout.isTTY === true };
}

export interface LoggerOptions {
  /** One coloured line per event through pino-pretty (development at a terminal). */
  readable?: boolean;
  /** Where the lines go; stdout through logDestination() unless given (tests pass a stream of their own). */
  stream?: NodeJS.WritableStream;
}

/**
 * Structured JSON logs, one line per event. Readable logs go through pino-pretty's synchronous
 * stream in this thread, not a worker transport: a line is written when it is logged, so nothing is
 * left in a worker's buffer when the server stops, and there is no thread to end.
 */
export function createLogger(level: string, options: LoggerOptions = {}): Logger {
  const base = { level, base: { service: 'showroom' } };
  const pretty = options.readable ? prettyStream(options.stream) : undefined;
  if (pretty) return pino(base, pretty);
  return pino(base, options.stream ? (options.stream as DestinationStream) : logDestination());
}

/**
 * pino-pretty is a development tool (a devDependency): loaded only when readable lines are asked
 * for, so the compiled server of a production install, which has no devDependencies, never needs
 * it; where it is missing, the lines stay JSON.
 */
function prettyStream(stream: NodeJS.WritableStream | undefined): DestinationStream | undefined {
  let pinoPretty: typeof import('pino-pretty');
  try {
    pinoPretty = createRequire(import.meta.url)('pino-pretty') as typeof pinoPretty;
  } catch {
    return undefined;
  }
  return pinoPretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service', colorize: stream === undefined, ...(stream ? { destination: stream } : {}) });
}
