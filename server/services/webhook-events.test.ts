/**
 * @engines sqlite postgres: a webhook event is unique by its id, a constraint of the engine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openTestDatabase } from '../testing/test-database';
import { firstDelivery } from './webhook-events';

let dir: string;
let database: Database;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-webhook-'));
  database = await openTestDatabase(dir);
});
afterEach(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('handles each provider event once', async () => {
  const q = database.q;
  expect(await firstDelivery(q, 'stripe', 'evt_1')).toBe(true);
  expect(await firstDelivery(q, 'stripe', 'evt_1')).toBe(false);
  expect(await firstDelivery(q, 'paypal', 'evt_1')).toBe(true);
});

it('handles an event once when its deliveries arrive together', async () => {
  const firsts = await Promise.all(Array.from({ length: 10 }, () => firstDelivery(database.q, 'stripe', 'evt_race')));
  expect(firsts.filter(Boolean)).toHaveLength(1);
});
