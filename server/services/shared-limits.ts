/**
 * Where rate limits and throttles keep their counters: in memory when one process serves the store
 * (SQLite), in the database when several servers share PostgreSQL, so ten wrong passwords spread
 * over three servers are still ten. rate-limiter-flexible offers both behind one interface.
 */
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '../db/database';

export interface LimitOptions {
  /** Names the limit; counters of different limits never mix. */
  keyPrefix: string;
  points: number;
  /** Window, in seconds. */
  duration: number;
  /** Seconds a key stays refused once over its points (default: until the window ends). */
  blockDuration?: number;
}

export type LimitStore = (options: LimitOptions) => RateLimiterAbstract;

const stores = new WeakMap<Database, LimitStore>();

/**
 * The store of one database: the same for every app built on it, and one limiter per limit (the
 * same options give the same limiter), so the counters survive the app being built anew when the
 * content changes (server/start.ts). In memory that is the only place they live.
 */
export function limitStore(database: Database): LimitStore {
  let store = stores.get(database);
  if (!store) {
    const pool = database.pool;
    // tableCreated: migration 0009 made the table; tableName resolves in the store's schema.
    const make: LimitStore = pool
      ? (options) => new RateLimiterPostgres({ ...options, storeClient: pool, storeType: 'pool', tableName: 'rate_limit', tableCreated: true })
      : (options) => new RateLimiterMemory(options);
    const limiters = new Map<string, RateLimiterAbstract>();
    store = (options) => {
      const key = JSON.stringify([options.keyPrefix, options.points, options.duration, options.blockDuration ?? null]);
      let limiter = limiters.get(key);
      if (!limiter) limiters.set(key, (limiter = make(options)));
      return limiter;
    };
    stores.set(database, store);
  }
  return store;
}

/** One process's limits, for tests and tools that have no database at hand. */
export const memoryLimits: LimitStore = (options) => new RateLimiterMemory(options);
