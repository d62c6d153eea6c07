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

export function limitStore(database: Database): LimitStore {
  const pool = database.pool;
  if (!pool) return (options) => new RateLimiterMemory(options);
  // tableCreated: migration 0009 made the table; tableName resolves in the store's schema.
  return (options) => new RateLimiterPostgres({ ...options, storeClient: pool, storeType: 'pool', tableName: 'rate_limit', tableCreated: true });
}

/** One process's limits, for tests and tools that have no database at hand. */
export const memoryLimits: LimitStore = (options) => new RateLimiterMemory(options);
