/**
 * The columns an INSERT of `rows` binds (those the first row gives a value; every row gives the
 * same) and its values in the order a multi-row VALUES binds them: what a statement compiled once
 * per shape is bound with.
 */
export function boundColumns(rows: readonly object[]): { columns: string[]; values: unknown[] } {
  // Object.keys and Object.values, not row[column]: rows of many shapes make a keyed read of each
  // column slow, and an order binds about a hundred and fifty values.
  const keys = Object.keys(rows[0]!);
  const bound = Object.values(rows[0]!).map((v) => v !== undefined);
  const columns = keys.filter((_, i) => bound[i]);
  const values: unknown[] = [];
  for (const row of rows) {
    const rowKeys = Object.keys(row);
    if (rowKeys.length === keys.length && rowKeys.every((k, i) => k === keys[i])) {
      const rowValues = Object.values(row);
      for (let i = 0; i < rowValues.length; i++) if (bound[i]) values.push(rowValues[i]);
    } else {
      for (const c of columns) values.push((row as Record<string, unknown>)[c]);
    }
  }
  return { columns, values };
}
