/**
 * Load from wrk (Debian's `wrk` package) when it is installed. autocannon's HTTP parser slows down
 * sharply on bytes above 0x7f (a 10 kB gzip body: 5,000 req/s against 45,000 for 10 kB of ASCII,
 * measured here), so for gzipped pages it measures itself rather than the server; wrk does not.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const WRK = '/usr/bin/wrk';

export function wrkAvailable(): boolean {
  return fs.existsSync(WRK);
}

export interface WrkResult {
  rps: number;
  p99: number;
  non2xx: number;
}

function toMs(value: string, unit: string): number {
  const n = Number(value);
  return unit === 'us' ? n / 1000 : unit === 's' ? n * 1000 : n;
}

export function runWrk(url: string, opts: { connections: number; seconds: number; headers: Record<string, string> }): WrkResult {
  const headerArgs = Object.entries(opts.headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const out = execFileSync(WRK, ['-t1', `-c${opts.connections}`, `-d${opts.seconds}s`, '--latency', ...headerArgs, url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p99: p99 ? Math.round(toMs(p99[1]!, p99[2]!) * 100) / 100 : 0, non2xx };
}
