/**
 * Moving a shop off SQLite (`npm run db:copy`): a SQLite store with real orders, a paid one among
 * them, copied into a fresh database of the run's engine (SQLite, or PostgreSQL in the
 * server-postgres project): every row, the same money, the ids kept, and new ids after them.
 *
 * @engines sqlite postgres: the copy writes into a database of each engine.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPayload, skus } from '../api/commerce-test-kit';
import { projectRoot } from '../build-output';
import { bearer, call, card } from '../security/attacker-kit';
import { proxiedTestEnv, randomPng } from '../api/forms-test-kit';
import { sendClaim } from '../back-office/lead-test-kit';
import { readStoredUpload } from '../services/upload-store';
import { createTestDatabaseUrl, testEngine } from '../testing/test-database';
import { startTestServer } from '../testing/test-server';
import { openDatabase } from './database';

let dir: string;
let source: string;
/** The photo of a claim the shop took, and its name in the uploads folder. */
let photo: Buffer;
let photoName: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-copy-'));
  source = `sqlite:${path.join(dir, 'shop.db')}`;
  // A shop that ran on SQLite: three orders, one of them paid, and a claim with a photo in its uploads folder.
  const shop = await startTestServer({ ...proxiedTestEnv, DATABASE_URL: source, UPLOADS_DIR: path.join(dir, 'uploads') });
  try {
    photo = randomPng(300_000);
    photoName = (await sendClaim(shop, photo)).storedName;
    for (let i = 0; i < 3; i += 1) {
      const order = await call(shop.url, 'POST', '/api/order', { body: orderPayload({}, skus(i + 1)), headers: { 'Idempotency-Key': `db-copy-order-${i}-0000` } });
      expect(order.status, order.text).toBe(201);
      if (i === 1) {
        const paid = await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(), metadata: { orderId: String(order.body.id) } }, headers: { ...bearer(order.body.accessToken), 'Idempotency-Key': `db-copy-payment-${i}-0000` } });
        expect(paid.status).toBe(200);
      }
    }
  } finally {
    await shop.stop();
  }
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function dbCopy(...args: string[]) {
  const run = spawnSync(path.join(projectRoot, 'node_modules', '.bin', 'tsx'), [path.join(projectRoot, 'server', 'cli.ts'), 'db:copy', ...args], { encoding: 'utf8', env: { ...process.env } });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

describe('npm run db:copy', () => {
  it('copies every row with the same money, keeps the ids, and the copy takes new orders after them', async () => {
    const target = await createTestDatabaseUrl(dir);
    const targetUploads = path.join(dir, 'copied-uploads');
    const run = dbCopy('--from', source, '--to', target, '--to-uploads', targetUploads);
    expect(run.err).toBe('');
    expect(run.out).toMatch(new RegExp(`^copied form uploads: 1 files, 0\\.3 MB, from the uploads folder to ${testEngine() === 'postgres' ? 'the database' : 'the uploads folder'}`, 'm'));
    expect(run.status).toBe(0);
    // Money as money: the column's name without _cents, the amount in dollars.
    expect(run.out).toMatch(/^same {2}sales_order: 3 rows; subtotal \$[\d,]+\.\d\d, .*total \$[\d,]+\.\d\d/m);
    expect(run.out).toMatch(/^same {2}payment: 1 rows; amount \$[\d,]+\.\d\d/m);
    expect(run.out).not.toContain('_cents');
    expect(run.out).not.toContain('DIFFERENT');
    expect(run.out).toMatch(/row counts and money totals match\.$/m);

    const from = openDatabase(source);
    const to = openDatabase(target);
    try {
      for (const table of ['sales_order', 'sales_order_item', 'sales_order_address', 'payment', 'idempotency_record', 'sales_order_status_history'] as const) {
        const rows = (d: typeof from) => d.q.all(d.db.selectFrom(table).selectAll().orderBy('id'));
        expect(await rows(to), table).toEqual(await rows(from));
      }
      // The photo moved to where the target keeps uploads: its database on PostgreSQL, its folder on SQLite.
      const copied = testEngine() === 'postgres' ? await readStoredUpload(to.q, photoName) : fs.readFileSync(path.join(targetUploads, photoName));
      expect(copied?.equals(photo)).toBe(true);
      // The next order continues after the copied ids (PostgreSQL's identity sequences were moved).
      const next = await to.q.insertReturningId('sales_order_status_history', { order_id: 1, status: 'pending', comment: 'after the copy', is_customer_notified: 0, created_at: new Date().toISOString() });
      const last = await from.q.first(from.db.selectFrom('sales_order_status_history').select((eb) => eb.fn.max('id').as('id')));
      expect(next).toBe(Number(last!.id) + 1);
    } finally {
      await from.close();
      await to.close();
    }
  });

  it('refuses a target that is not empty, and changes nothing in it', async () => {
    const target = await createTestDatabaseUrl(dir);
    expect(dbCopy('--from', source, '--to', target).status).toBe(0);
    const again = dbCopy('--from', source, '--to', target);
    expect(again.status).toBe(1);
    expect(again.err).toMatch(/^The copy stopped, and the target was left as it was: The target is not empty \(\w+ has \d+ rows\): copy into a new, empty database\.$/m);
    const to = openDatabase(target);
    try {
      expect(await to.q.all(to.db.selectFrom('sales_order').select('id').orderBy('id'))).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    } finally {
      await to.close();
    }
  });

  it('says what is missing', () => {
    expect(dbCopy('--from', source).err).toBe("Usage: npm run db:copy -- --from sqlite:var/showroom.db --to postgres://user:password@host:5432/showroom [--from-uploads DIR] [--to-uploads DIR]   (a SQLite store's uploads folder: uploads beside its file unless given)\n");
    expect(dbCopy('--from', `sqlite:${path.join(dir, 'nothing.db')}`, '--to', source).err).toBe(`There is no database at ${path.join(dir, 'nothing.db')}.\n`);
  });
});
