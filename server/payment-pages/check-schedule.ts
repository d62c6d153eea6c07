/**
 * The server runs the payment pages' change detection on a schedule: weekly by default (PCI DSS
 * 11.6.1 asks for at least weekly), daily, or every N hours down to hourly (PAYMENT_PAGES_CHECK_EVERY).
 * Several servers of one store run it once: a run is due when the last one started that long ago,
 * and the server that takes the lease (one conditional update of `scheduled_run`, which every
 * server shares) runs it; the others see the lease and wait for the next turn. A server that dies
 * mid-run leaves a lease that ends after LEASE_MS, so another takes over.
 */
import crypto from 'node:crypto';
import type { Queries } from '../db/queries';
import type { Logger } from '../logger';
import type { CheckDeps } from './page-check';
import { runPaymentPagesCheck } from './page-check';

export const JOB_NAME = 'payment-pages-check';
/** How long a run may hold the lease (loading three pages in Chromium takes seconds). */
export const LEASE_MS = 15 * 60 * 1000;
/** How often a server looks whether a run is due. */
export const TICK_MS = 10 * 60 * 1000;
/** The first look after a start, once the server has settled. */
export const FIRST_TICK_MS = 2 * 60 * 1000;

const HOURS: Record<string, number> = { hourly: 1, daily: 24, weekly: 168 };

/** PAYMENT_PAGES_CHECK_EVERY: weekly (default), daily, hourly, a number of hours from 1 to 168 ("12h"), or off. Null: off. */
export function checkEveryHours(env: Record<string, string | undefined>, problems: string[]): number | null {
  const raw = (env.PAYMENT_PAGES_CHECK_EVERY ?? '').trim().toLowerCase();
  if (raw === '') return HOURS.weekly!;
  if (raw === 'off') return null;
  if (HOURS[raw] !== undefined) return HOURS[raw]!;
  const hours = /^(\d{1,3})h$/.exec(raw);
  if (hours && Number(hours[1]) >= 1 && Number(hours[1]) <= 168) return Number(hours[1]);
  problems.push(`PAYMENT_PAGES_CHECK_EVERY must be weekly, daily, hourly, a number of hours from 1h to 168h, or off, got "${env.PAYMENT_PAGES_CHECK_EVERY}"`);
  return HOURS.weekly!;
}

/**
 * Takes the lease when a run is due and no live lease holds it: answers true to the one server that
 * should run now. The row is made on first use; the insert of two servers at once keeps one.
 */
export async function takeLease(q: Queries, holder: string, everyMs: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  await q.transaction(async (tx) => {
    await tx.lockKey(`scheduled-run:${JOB_NAME}`);
    const row = await tx.first(tx.db.selectFrom('scheduled_run').select('name').where('name', '=', JOB_NAME));
    if (!row) await tx.insert('scheduled_run', { name: JOB_NAME, holder: null, lease_until: null, last_started_at: null, last_finished_at: null, every_hours: everyMs / 3_600_000 });
  });
  const dueBefore = new Date(now.getTime() - everyMs).toISOString();
  const changed = await q.run(
    q.db
      .updateTable('scheduled_run')
      .set({ holder, lease_until: new Date(now.getTime() + LEASE_MS).toISOString(), last_started_at: at })
      .where('name', '=', JOB_NAME)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
      .where((eb) => eb.or([eb('last_started_at', 'is', null), eb('last_started_at', '<=', dueBefore)])),
  );
  return changed === 1;
}

export async function releaseLease(q: Queries, holder: string, now: Date): Promise<void> {
  await q.run(q.db.updateTable('scheduled_run').set({ holder: null, lease_until: null, last_finished_at: now.toISOString() }).where('name', '=', JOB_NAME).where('holder', '=', holder));
}

/** Records how often the servers run the check (the studio says so); null: off. */
export async function recordSchedule(q: Queries, everyHours: number | null): Promise<void> {
  await q.transaction(async (tx) => {
    await tx.lockKey(`scheduled-run:${JOB_NAME}`);
    const row = await tx.first(tx.db.selectFrom('scheduled_run').select('name').where('name', '=', JOB_NAME));
    if (row) await tx.run(tx.db.updateTable('scheduled_run').set({ every_hours: everyHours }).where('name', '=', JOB_NAME));
    else await tx.insert('scheduled_run', { name: JOB_NAME, holder: null, lease_until: null, last_started_at: null, last_finished_at: null, every_hours: everyHours });
  });
}

export interface ScheduleDeps extends Omit<CheckDeps, 'runBy' | 'pages'> {
  logger: Logger;
  /** Null: the server does not run it, and says so to the studio. */
  everyHours: number | null;
  /** The payment pages' paths of the content served now. */
  pages: () => readonly string[];
  /** This server's name for the lease; default a random one. */
  holder?: string;
}

/** One look: runs the check when it is due and this server takes the lease; answers whether it ran. */
export async function runIfDue(deps: ScheduleDeps & { holder: string }): Promise<boolean> {
  const now = (deps.now ?? (() => new Date()))();
  if (deps.everyHours === null || !(await takeLease(deps.q, deps.holder, deps.everyHours * 60 * 60 * 1000, now))) return false;
  try {
    const result = await runPaymentPagesCheck({ ...deps, pages: deps.pages(), runBy: 'schedule' });
    deps.logger[result.outcome === 'unchanged' ? 'info' : 'warn']({ check: result.id, outcome: result.outcome, changes: result.changes.length, mode: result.mode }, 'payment pages checked');
  } finally {
    await releaseLease(deps.q, deps.holder, (deps.now ?? (() => new Date()))());
  }
  return true;
}

/**
 * Records the setting, then looks every TICK_MS (not at all when it is off); stop() ends it (a run
 * under way finishes, then nothing more starts). The setting is recorded before the server says it
 * is listening: a start leaves no write of its own in flight (on SQLite a write still open would
 * hold the file's lock against a command run right after the start).
 */
export async function startCheckSchedule(deps: ScheduleDeps): Promise<{ stop(): Promise<void> }> {
  const holder = deps.holder ?? `server-${crypto.randomBytes(6).toString('hex')}`;
  await recordSchedule(deps.q, deps.everyHours).catch((err: unknown) => deps.logger.error({ err }, 'the payment pages check schedule could not be recorded'));
  let running: Promise<unknown> = Promise.resolve();
  if (deps.everyHours === null) return { stop: async () => undefined };
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = runIfDue({ ...deps, holder }).catch((err: unknown) => deps.logger.error({ err }, 'the payment pages check could not run'));
  };
  const first = setTimeout(tick, FIRST_TICK_MS);
  const every = setInterval(tick, TICK_MS);
  first.unref();
  every.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
