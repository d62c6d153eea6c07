import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { SyncQueries } from './sync-query';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-sync-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function queries() {
  const database = openDatabase(path.join(dir, `${Math.random()}.db`));
  await migrateToLatest(database.db);
  return { database, q: new SyncQueries(database.db, database.sqlite) };
}

const secret = (q: SyncQueries, name: string) => () => q.insert('server_secret', { name, value: 'v', created_at: 'now' });

describe('SyncQueries', () => {
  it('group commit: one failing transaction of a batch is undone alone, the others are stored', async () => {
    const { q, database } = await queries();
    const results = await Promise.allSettled([
      q.transactionBatched(secret(q, 'a')),
      q.transactionBatched(() => {
        secret(q, 'b')();
        throw new Error('boom');
      }),
      q.transactionBatched(secret(q, 'c')),
      q.transactionBatched(secret(q, 'a')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect(q.all(q.db.selectFrom('server_secret').select('name').orderBy('name')).map((r) => r.name)).toEqual(['a', 'c']);
    expect(database.sqlite.inTransaction).toBe(false);
    await database.close();
  });

  it('reuses the SQL of a shape and still binds the new values', async () => {
    const { q, database } = await queries();
    q.insert('server_secret', { name: 'x', value: '1', created_at: 'now' });
    q.insert('server_secret', { name: 'y', value: '2', created_at: 'now' });
    const byName = (n: string) => q.firstBy('secret-by-name', (v: string) => q.db.selectFrom('server_secret').select('value').where('name', '=', v), n);
    expect(byName('x')).toEqual({ value: '1' });
    expect(byName('y')).toEqual({ value: '2' });
    expect(byName('z')).toBeUndefined();
    await database.close();
  });
});
