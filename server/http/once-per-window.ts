/**
 * "Log this at most once per key per window": a refused dealer origin is logged the first time and
 * then at most once every `windowMs`, however many calls its page makes, so a busy page that is
 * misconfigured (or a script knocking from many origins) cannot flood the log. The clock is
 * injectable so tests move time instead of waiting.
 *
 * Memory is bounded: past `maxKeys` the oldest key is forgotten (it may then be logged once more).
 */
export interface OncePerWindowOptions {
  windowMs: number;
  now?: () => number;
  maxKeys?: number;
}

export class OncePerWindow {
  /** Per key: when it was last let through, and how many times it was held back since. */
  private readonly seen = new Map<string, { at: number; heldBack: number }>();
  private readonly now: () => number;
  private readonly maxKeys: number;

  constructor(private readonly options: OncePerWindowOptions) {
    this.now = options.now ?? Date.now;
    this.maxKeys = options.maxKeys ?? 10_000;
  }

  /**
   * Whether `key` may be logged now. When it may, also says how many times it was held back since
   * its last line (0 the first time), so the line can count them.
   */
  take(key: string): { heldBack: number } | null {
    const now = this.now();
    const entry = this.seen.get(key);
    if (entry && now - entry.at < this.options.windowMs) {
      entry.heldBack += 1;
      return null;
    }
    const heldBack = entry?.heldBack ?? 0;
    this.seen.delete(key);
    if (this.seen.size >= this.maxKeys) this.seen.delete(this.seen.keys().next().value!);
    this.seen.set(key, { at: now, heldBack: 0 });
    return { heldBack };
  }
}
