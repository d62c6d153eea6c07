/**
 * PostgreSQL: a statement compiled once per shape (CompiledShapes) is also prepared once per
 * connection. pg sends a named statement's Parse the first time a connection runs it and only its
 * values after that, so PostgreSQL neither parses nor plans it again: the order's one statement
 * (five tables in one WITH) cost its backend as much to parse and plan as to run.
 *
 * A prepared statement that reads `*` fails once a migration (run by another server) changes its
 * table: PostgreSQL answers 0A000, "cached plan must not change result type". That text then gets a
 * new name, so the next run parses it afresh, and the caller runs it again (postgres-queries.ts).
 */
import type pg from 'pg';

/** PostgreSQL's answer to a prepared statement whose table changed under it. */
export const STALE_PREPARED_STATEMENT = '0A000';

export class PreparedStatements {
  private readonly names = new Map<string, string>();
  private named = 0;

  /** Marks a statement's text as worth preparing (its shape is reused with new values). */
  add(text: string): void {
    if (!this.names.has(text)) this.names.set(text, `showroom_${++this.named}`);
  }

  /** Runs the texts added as named statements on every connection the pool opens. */
  useOn(pool: pg.Pool): void {
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        const [text, values] = args;
        const name = args.length === 2 && typeof text === 'string' && Array.isArray(values) ? this.names.get(text) : undefined;
        if (!name) return query(...args);
        const run = query({ name, text, values }) as Promise<unknown>;
        run.catch((err: { code?: string }) => {
          if (err?.code === STALE_PREPARED_STATEMENT) this.names.set(text as string, `showroom_${++this.named}`);
        });
        return run;
      };
    });
  }
}
