/**
 * The rows an INSERT stored on SQLite, built in this process instead of asked for with RETURNING.
 *
 * RETURNING costs SQLite a temporary table and this process an object a row, about a sixth of an
 * order's SQLite time (measured in docs/deployment.md). The rows are already known here: what was
 * bound, the defaults of the columns left out, and the ids SQLite gave. A row is built only where
 * that is certain to equal what SQLite stored:
 * - every value bound is stored as it is: null, a finite number in a column of numeric affinity (or
 *   none), a string in a column of text affinity (or none). Anything SQLite would convert (a
 *   string into an INTEGER column, a number into a TEXT one, a bigint) makes the caller ask with
 *   RETURNING instead;
 * - every column left out has a default that is a plain literal (a number, a quoted string, NULL)
 *   of the column's affinity, or is the table's INTEGER PRIMARY KEY;
 * - the table has no generated column.
 * The INTEGER PRIMARY KEY of rows inserted by one statement is consecutive and ends at
 * last_insert_rowid(): the statement runs under the write lock, and SQLite gives each new row one
 * more than the largest id (with AUTOINCREMENT, ever given), so nobody takes an id in between.
 * Held by sqlite-stored-rows.test.ts against `select *` for every table of the schema.
 */
import type SQLite from 'better-sqlite3';

type Affinity = 'integer' | 'real' | 'numeric' | 'text' | 'blob';

interface Column {
  name: string;
  affinity: Affinity;
  /** The default of a column left out; `unknown` when only SQLite can say (an expression). */
  fallback: { value: unknown } | 'unknown';
  /** The table's INTEGER PRIMARY KEY: the rowid. */
  rowid: boolean;
}

/** How rows of one table are built: null when RETURNING must say (a generated column). */
export type TablePlan = Column[] | null;

/** SQLite's rules for a declared type's affinity (https://sqlite.org/datatype3.html, 3.1). */
function affinityOf(declared: string): Affinity {
  const t = declared.toUpperCase();
  if (t.includes('INT')) return 'integer';
  if (/CHAR|CLOB|TEXT/.test(t)) return 'text';
  if (t.includes('BLOB') || t === '') return 'blob';
  if (/REAL|FLOA|DOUB/.test(t)) return 'real';
  return 'numeric';
}

/** A value SQLite stores exactly as bound in a column of this affinity (and reads back equal). */
function storedAsBound(value: unknown, affinity: Affinity): boolean {
  if (value === null) return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0) && affinity !== 'text';
  if (typeof value === 'string') return affinity === 'text' || affinity === 'blob';
  return false;
}

function defaultOf(literal: string | null, affinity: Affinity): Column['fallback'] {
  if (literal === null || /^null$/i.test(literal)) return { value: null };
  const text = /^'((?:[^']|'')*)'$/.exec(literal);
  const value = text ? text[1]!.replace(/''/g, "'") : /^-?\d+(\.\d+)?$/.test(literal) ? Number(literal) : undefined;
  return value !== undefined && storedAsBound(value, affinity) ? { value } : 'unknown';
}

/** The plan of `table`, read from its schema (table_xinfo lists generated columns too, as hidden). */
export function planOf(sqlite: SQLite.Database, table: string): TablePlan {
  const info = sqlite.prepare(`select name, type, dflt_value, pk, hidden from pragma_table_xinfo(?) order by cid`).all(table) as {
    name: string;
    type: string;
    dflt_value: string | null;
    pk: number;
    hidden: number;
  }[];
  if (!info.length || info.some((c) => c.hidden !== 0)) return null;
  const keys = info.filter((c) => c.pk > 0);
  return info.map((c) => {
    const affinity = affinityOf(c.type);
    const rowid = keys.length === 1 && c.pk === 1 && c.type.toUpperCase() === 'INTEGER';
    return { name: c.name, affinity, fallback: defaultOf(c.dflt_value, affinity), rowid };
  });
}

/**
 * How to build the rows an INSERT of `rows` stores, from last_insert_rowid() after it; null when
 * RETURNING must say. `columns` are those bound for every row (the same for each).
 */
export function storedRowsBuilder(plan: TablePlan, columns: readonly string[], rows: readonly Record<string, unknown>[]): ((lastId: number) => Record<string, unknown>[]) | null {
  if (!plan) return null;
  const bound = new Set(columns);
  for (const c of plan) {
    if (!bound.has(c.name)) {
      if (!c.rowid && c.fallback === 'unknown') return null;
    } else if (c.rowid) {
      // A null id is SQLite's to give: only ids given are known here.
      if (!rows.every((r) => Number.isSafeInteger(r[c.name]))) return null;
    } else if (!rows.every((r) => storedAsBound(r[c.name], c.affinity))) return null;
  }
  return (lastId) => {
    const firstId = lastId - rows.length + 1;
    return rows.map((r, i) => {
      const row: Record<string, unknown> = {};
      for (const c of plan) row[c.name] = bound.has(c.name) ? r[c.name] : c.rowid ? firstId + i : (c.fallback as { value: unknown }).value;
      return row;
    });
  };
}
