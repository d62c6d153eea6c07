/**
 * How slow this machine is right now, measured once as the suite starts (vitest.config.ts): a fixed
 * piece of CPU work (hashing and JSON, what the tests do most) timed against what it takes on the
 * reference machine, a quiet two-core one. The factor (1 there, never below) scales every limit
 * the suite has: each project's test and hook timeouts, and the few limits a test must keep (a stop
 * that must end; `scaledMs` in the test). So no test depends on the machine's speed, and a slow or
 * busy machine gets the room it needs instead of failures.
 *
 * The workers inherit the factor through SHOWROOM_TEST_SLOWNESS, which also lets a person set it.
 */
import { createHash } from 'node:crypto';

/** The workload's median time on the reference machine (two cores, nothing else running), in ms. */
export const REFERENCE_MS = 50;
const VARIABLE = 'SHOWROOM_TEST_SLOWNESS';

/** The fixed workload: the same on every machine. */
function workload(): void {
  let text = JSON.stringify(Array.from({ length: 2_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b', 'c'], price: i * 1.5 })));
  for (let round = 0; round < 12; round += 1) {
    const parsed = JSON.parse(text) as { id: number }[];
    text = JSON.stringify(parsed.map((p) => ({ ...p, id: p.id + 1 })));
    for (let i = 0; i < 300; i += 1) createHash('sha256').update(text.slice(i * 10, i * 10 + 4_000)).digest('hex');
  }
}

/** Milliseconds the workload takes here now: the median of five runs, after one to warm up. */
export function measureWorkloadMs(): number {
  workload();
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const start = performance.now();
    workload();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2]!;
}

/**
 * The machine's slowness factor: 1 on the reference machine or a faster one, 3 where the workload
 * takes three times as long. Measured once per run (the first caller sets it for the workers).
 */
export function slowness(): number {
  const given = Number(process.env[VARIABLE]);
  if (Number.isFinite(given) && given >= 1) return given;
  const factor = Math.max(1, Math.round((measureWorkloadMs() / REFERENCE_MS) * 10) / 10);
  process.env[VARIABLE] = String(factor);
  return factor;
}

/** A limit a test must keep, in ms, scaled to this machine (its value on the reference machine given). */
export function scaledMs(ms: number): number {
  return Math.round(ms * slowness());
}

/**
 * The factor measured again now, for a limit judged after a long stretch of work (the machine may
 * have grown busier since the run began); never below the run's own.
 */
export function slownessNow(): number {
  return Math.max(slowness(), Math.round((measureWorkloadMs() / REFERENCE_MS) * 10) / 10);
}
