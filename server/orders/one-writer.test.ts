/**
 * The orders module is the only code that writes orders, their lines, addresses and history,
 * payments, payment attempts, overpayments, refunds and the orders' idempotency records: no source
 * file outside server/orders/ inserts, updates or deletes their rows, in the query builder or in
 * SQL. (Migrations make the tables; `npm run db:copy` copies every table of a shop as it is.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
export const ORDER_TABLES = ['sales_order', 'sales_order_item', 'sales_order_address', 'sales_order_status_history', 'payment', 'payment_attempt', 'payment_overpayment', 'payment_refund', 'payment_refund_line', 'idempotency_record'];
const ALLOWED = [/^server\/orders\//, /^server\/db\/migrations\//, /^server\/db\/copy-database\.ts$/];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) sourceFiles(rel, out);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

const tables = ORDER_TABLES.join('|');
const BUILDER = new RegExp(`\\b(insertInto|updateTable|deleteFrom|replaceInto|insert|insertReturningId|insertMany)\\(\\s*(?:\\w+,\\s*)?['"\`](${tables})['"\`]`);
const RAW_SQL = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+(${tables})\\b`, 'i');

/** Lines of a source that write an order table, as `line: text`. */
function writes(source: string): string[] {
  return source.split('\n').flatMap((line, i) => (BUILDER.test(line) || RAW_SQL.test(line) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe('the orders module is the one writer of the money', () => {
  it('no source file outside server/orders writes an order table', () => {
    const found = ['server', 'bench', 'scripts']
      .flatMap((dir) => sourceFiles(dir))
      .filter((file) => !ALLOWED.some((a) => a.test(file)))
      .flatMap((file) => writes(fs.readFileSync(path.join(root, file), 'utf8')).map((w) => `${file}:${w}`));
    expect(found, 'Writes of order tables outside server/orders: make them a command of the orders module').toEqual([]);
  });

  it('finds a write in the builder and in SQL, and leaves reads alone', () => {
    expect(writes("await tx.run(tx.db.updateTable('sales_order').set({ status }))")).toHaveLength(1);
    expect(writes("await q.insert('payment', row)")).toHaveLength(1);
    expect(writes('await q.rows(sql`update payment set status = ${s}`)')).toHaveLength(1);
    expect(writes("await insertMany(tx, 'sales_order_item', rows)")).toHaveLength(1);
    expect(writes("q.db.selectFrom('sales_order').selectAll()")).toEqual([]);
    // The orders module does write them.
    expect(writes(fs.readFileSync(path.join(root, 'server/orders/order-rows.ts'), 'utf8')).length).toBeGreaterThan(0);
  });
});
