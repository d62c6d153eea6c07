import { pino, type DestinationStream, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';

export type { Logger };

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
  /** Where the lines go; stdout unless given (tests pass a stream of their own). */
  stream?: NodeJS.WritableStream;
}

/**
 * Structured JSON logs, one line per event. Readable logs go through pino-pretty's synchronous
 * stream in this thread, not a worker transport: a line is written when it is logged, so nothing is
 * left in a worker's buffer when the server stops, and there is no thread to end.
 */
export function createLogger(level: string, options: LoggerOptions = {}): Logger {
  const base = { level, base: { service: 'showroom' } };
  if (options.readable) {
    const pretty = pinoPretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service', colorize: options.stream === undefined, ...(options.stream ? { destination: options.stream } : {}) });
    return pino(base, pretty);
  }
  return options.stream ? pino(base, options.stream as DestinationStream) : pino(base);
}
