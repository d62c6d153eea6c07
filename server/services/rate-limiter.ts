/**
 * A fixed-window limiter in memory: at most `limit` hits per key in each window. Enough for one
 * server; several servers behind a balancer would move this to a shared store.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { windowStart: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a hit; false when the key is over its limit in the current window. */
  allow(key: string): boolean {
    const t = this.now();
    const entry = this.hits.get(key);
    if (!entry || t - entry.windowStart >= this.windowMs) {
      if (this.hits.size > 10_000) this.sweep(t);
      this.hits.set(key, { windowStart: t, count: 1 });
      return true;
    }
    entry.count += 1;
    return entry.count <= this.limit;
  }

  private sweep(t: number): void {
    for (const [key, entry] of this.hits) if (t - entry.windowStart >= this.windowMs) this.hits.delete(key);
  }
}
