/**
 * The restore drill: orders (some paid) flow into a running store while a backup is taken; the
 * backup is restored into a fresh database; every order acknowledged before the backup began is
 * there, every restored order is whole (its lines, addresses and payments as the store has them),
 * and the money totals of the restored orders equal the store's for the same orders. A restore
 * refuses a database that holds data unless told.
 *
 * @engines sqlite postgres: SQLite's online backup and pg_dump/pg_restore, each under a live store.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPayload, skus } from '../api/commerce-test-kit';
import { openDatabase, type Database } from '../db/database';
import { bearer, call, card } from '../security/attacker-kit';
import { StartRefused } from '../start-refused';
import { createEmptyDatabaseUrl, testEngine } from '../testing/test-database';
import { startTestServer, type TestServer } from '../testing/test-server';
import { backupDatabase, restoreDatabase, storeSummary } from './backup';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-drill-'));
let shop: TestServer;

beforeAll(async () => {
  shop = await startTestServer();
});
afterAll(async () => {
  await shop?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Everything the store keeps of these orders, in an order that does not depend on the engine. */
async function ordersAsStored(database: Database, ids: number[]) {
  const q = database.q;
  const orders = await q.all(q.db.selectFrom('sales_order').select(['id', 'email', 'status', 'total_cents', 'subtotal_cents', 'tax_cents', 'shipping_cents']).where('id', 'in', ids).orderBy('id'));
  const items = await q.all(q.db.selectFrom('sales_order_item').select(['order_id', 'sku', 'qty', 'row_total_cents']).where('order_id', 'in', ids).orderBy('order_id').orderBy('id'));
  const addresses = await q.all(q.db.selectFrom('sales_order_address').select(['order_id', 'type', 'zip_code']).where('order_id', 'in', ids).orderBy('order_id').orderBy('id'));
  const payments = await q.all(q.db.selectFrom('payment').select(['order_id', 'gateway', 'status', 'amount_cents', 'provider_reference']).where('order_id', 'in', ids).orderBy('order_id').orderBy('id'));
  return { orders: orders.map((o) => ({ ...o, id: Number(o.id) })), items, addresses, payments };
}

describe('the restore drill', () => {
  it('a backup taken while orders flow restores every order acknowledged before it, whole, with the same money', async () => {
    const acknowledged: number[] = [];
    let flowing = true;
    let placed = 0;
    const client = async (c: number) => {
      while (flowing) {
        const n = (placed += 1);
        const order = await call(shop.url, 'POST', '/api/order', { body: orderPayload({}, skus((n % 3) + 1)), headers: { 'Idempotency-Key': `drill-order-${c}-${n}-0000` } });
        expect(order.status, order.text).toBe(201);
        if (n % 2 === 0) {
          const paid = await call(shop.url, 'POST', '/api/payment/test/charge', { body: { ...card(), metadata: { orderId: String(order.body.id) } }, headers: { ...bearer(order.body.accessToken), 'Idempotency-Key': `drill-pay-${c}-${n}-0000` } });
          expect(paid.status, paid.text).toBe(200);
        }
        acknowledged.push(Number(order.body.id));
      }
    };
    const until = async (condition: () => boolean) => {
      while (!condition()) await new Promise((resolve) => setImmediate(resolve));
    };
    const clients = [0, 1, 2].map(client);
    await until(() => acknowledged.length >= 12);
    const beforeBackup = [...acknowledged];
    const file = path.join(dir, 'shop.backup');
    await backupDatabase(shop.databaseUrl, file);
    // Orders go on after the backup, and are not the backup's business.
    await until(() => acknowledged.length >= beforeBackup.length + 6);
    flowing = false;
    await Promise.all(clients);

    const fresh = await createEmptyDatabaseUrl(dir);
    const { summary } = await restoreDatabase(file, fresh);
    const restored = openDatabase(fresh);
    try {
      const restoredIds = (await restored.q.all(restored.q.db.selectFrom('sales_order').select('id').orderBy('id'))).map((r) => Number(r.id));
      expect(restoredIds).toEqual(expect.arrayContaining(beforeBackup));
      // Acknowledged before the backup began (paid ones after their payment): restored whole, exactly as the store has them.
      expect(await ordersAsStored(restored, beforeBackup)).toEqual(await ordersAsStored(shop.database, beforeBackup));
      // Placed while the backup ran: a payment may have come after its moment, but an order and its lines never change.
      const inStore = await ordersAsStored(shop.database, restoredIds);
      const asRestored = await ordersAsStored(restored, restoredIds);
      expect(inStore.orders.map((o) => o.id)).toEqual(restoredIds);
      expect(asRestored.items).toEqual(inStore.items);
      expect(asRestored.orders.map((o) => o.total_cents)).toEqual(inStore.orders.map((o) => o.total_cents));
      for (const payment of asRestored.payments) expect(inStore.payments).toContainEqual(payment);
      expect(asRestored.payments.length).toBeGreaterThan(0);
      const cents = inStore.orders.reduce((sum, o) => sum + o.total_cents, 0);
      const paid = asRestored.payments.filter((p) => p.status === 'completed').reduce((sum, p) => sum + p.amount_cents, 0);
      expect(summary).toMatchObject({ orders: restoredIds.length, orderTotalCents: cents, paidCents: paid });
      expect(await storeSummary(restored)).toEqual(summary);
    } finally {
      await restored.close();
    }
  });

  it('refuses to restore over a database that holds data, unless told, and then replaces it', async () => {
    const file = path.join(dir, 'refusal.backup');
    await backupDatabase(shop.databaseUrl, file);
    await expect(backupDatabase(shop.databaseUrl, file)).rejects.toThrow(`${file} exists already: a backup never overwrites a file.`);
    const target = await createEmptyDatabaseUrl(dir);
    await restoreDatabase(file, target);
    const refusal = await restoreDatabase(file, target).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(StartRefused);
    expect((refusal as Error).message).toMatch(/^The database of DATABASE_URL holds data already \([a-z_, …]+\): a restore would replace every order in it\. Restore into a new, empty database, or add --force to replace it/);
    const forced = await restoreDatabase(file, target, { force: true });
    expect(forced.replaced).toContain('sales_order');
    expect(forced.summary.orders).toBeGreaterThan(0);
  });

  it("names PostgreSQL's client when a store on PostgreSQL has none installed; SQLite needs no program", async () => {
    const file = path.join(dir, 'no-client.backup');
    const pathBefore = process.env.PATH;
    process.env.PATH = dir;
    try {
      if (testEngine() === 'postgres') {
        await expect(backupDatabase(shop.databaseUrl, file)).rejects.toThrow("pg_dump is not installed here: it is PostgreSQL's client, which backs up and restores a store on PostgreSQL. Install it (Debian and Ubuntu: apt-get install postgresql-client");
        expect(fs.existsSync(file)).toBe(false);
      } else {
        const { summary } = await backupDatabase(shop.databaseUrl, file);
        expect(summary?.orders).toBeGreaterThan(0);
      }
    } finally {
      process.env.PATH = pathBefore;
    }
  });
});
