import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs, one line per event; pipe through pino-pretty to read them by eye. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'showroom' } });
}
