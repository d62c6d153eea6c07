import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, readableLogs } from './logger';

/** What a logger wrote to its stream, as text. */
function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
  return { stream, text: () => chunks.join('') };
}

describe('the server log', () => {
  it('is readable in development at a terminal, JSON in production, under tests and through a pipe', () => {
    expect(readableLogs({ production: false, underTests: false, stdoutIsTTY: true })).toBe(true);
    expect(readableLogs({ production: true, underTests: false, stdoutIsTTY: true })).toBe(false);
    expect(readableLogs({ production: false, underTests: true, stdoutIsTTY: true })).toBe(false);
    expect(readableLogs({ production: false, underTests: false, stdoutIsTTY: false })).toBe(false);
  });

  it('writes a readable line at once in development', () => {
    const out = capture();
    const logger = createLogger('info', { readable: readableLogs({ production: false, underTests: false, stdoutIsTTY: true }), stream: out.stream });
    logger.info({ url: 'http://127.0.0.1:3000' }, 'main site listening');
    // Synchronous: the line is there before anything is awaited, so a stop loses none.
    const line = out.text();
    expect(line).toMatch(/INFO.*main site listening/);
    expect(line).toContain('url: "http://127.0.0.1:3000"');
    expect(() => JSON.parse(line.split('\n')[0]!)).toThrow();
  });

  it('writes one JSON line per event in production', () => {
    const out = capture();
    const logger = createLogger('info', { readable: readableLogs({ production: true, underTests: false, stdoutIsTTY: true }), stream: out.stream });
    logger.info({ url: 'http://127.0.0.1:3000' }, 'main site listening');
    expect(JSON.parse(out.text().trim())).toMatchObject({ level: 30, service: 'showroom', url: 'http://127.0.0.1:3000', msg: 'main site listening' });
  });
});
