/**
 * The SQL of a query whose text depends only on its shape: Kysely compiles it once per key, later
 * calls reuse the text with new values (compiling is a measurable part of a small query's cost).
 */
import type { Compilable } from './queries';

export class CompiledShapes {
  private readonly shapes = new Map<string, string | null>();

  /** `reused`: told each text that is reused from now on (PostgreSQL prepares it, postgres-prepared.ts). */
  constructor(private readonly reused?: (text: string) => void) {}

  compile<P extends unknown[], R>(key: string, build: (...params: P) => Compilable<R>, params: P): { sql: string; parameters: readonly unknown[] } {
    const known = this.shapes.get(key);
    if (known) return { sql: known, parameters: params };
    const compiled = build(...params).compile();
    if (known === undefined) {
      // Reusable only if the values bound are exactly the parameters given, in order.
      const same = compiled.parameters.length === params.length && compiled.parameters.every((v, i) => v === params[i]);
      this.shapes.set(key, same ? compiled.sql : null);
      if (same) this.reused?.(compiled.sql);
    }
    return compiled;
  }
}
