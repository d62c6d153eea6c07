import { pino, type DestinationStream, type Logger } from 'pino';

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
  let gone = false;
  // EPIPE and the like: the reader went away, so the lines have nowhere to go (and an unheard
  // 'error' on stdout would end the process).
  out.on('error', () => {
    gone = true;
  });
  return {
    write(line: string) {
      if (!gone) out.write(line);
    },
  };
}

/** Structured JSON logs, one line per event; pipe through pino-pretty to read them by eye. */
export function createLogger(level: string, destination: DestinationStream = logDestination()): Logger {
  return pino({ level, base: { service: 'showroom' } }, destination);
}
