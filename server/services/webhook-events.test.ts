import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { SyncQueries } from '../db/sync-query';
import { firstDelivery } from './webhook-events';

it('handles each provider event once', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-webhook-'));
  const database = openDatabase(path.join(dir, 'db.sqlite'));
  await migrateToLatest(database.db);
  const q = new SyncQueries(database.db, database.sqlite);
  expect(firstDelivery(q, 'stripe', 'evt_1')).toBe(true);
  expect(firstDelivery(q, 'stripe', 'evt_1')).toBe(false);
  expect(firstDelivery(q, 'paypal', 'evt_1')).toBe(true);
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
