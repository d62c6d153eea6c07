/**
 * @engines sqlite postgres: the queries are the engine's.
 */
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createMigratedTestDatabaseUrl, openTestDatabase } from '../testing/test-database';
import { openDatabase, type Database } from './database';
import type { Queries } from './queries';

const opened: Database[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
});

async function queries(): Promise<{ q: Queries; database: Database }> {
  const database = await openTestDatabase();
  opened.push(database);
  return { database, q: database.q };
}

const secret = (name: string) => async (tx: Queries) => tx.insert('server_secret', { name, value: 'v', created_at: 'now' });
const names = async (q: Queries) => (await q.all(q.db.selectFrom('server_secret').select('name').orderBy('name'))).map((r) => r.name);

describe('Queries', () => {
  it('group commit: one failing transaction of a batch is undone alone, the others are stored', async () => {
    const { q } = await queries();
    const results = await Promise.allSettled([
      q.transactionBatched(secret('a')),
      q.transactionBatched(async (tx) => {
        await secret('b')(tx);
        throw new Error('boom');
      }),
      q.transactionBatched(secret('c')),
      q.transactionBatched(secret('a')),
    ]);
    // The two 'a's race for one unique name: one is stored, whichever commits first (on SQLite the first).
    expect([results[1]!.status, results[2]!.status]).toEqual(['rejected', 'fulfilled']);
    expect([results[0]!.status, results[3]!.status].sort()).toEqual(['fulfilled', 'rejected']);
    expect(await names(q)).toEqual(['a', 'c']);
  });

  it('reuses the SQL of a shape and still binds the new values', async () => {
    const { q } = await queries();
    await q.insert('server_secret', { name: 'x', value: '1', created_at: 'now' });
    await q.insert('server_secret', { name: 'y', value: '2', created_at: 'now' });
    const byName = (n: string) => q.firstBy('secret-by-name', (v: string) => q.db.selectFrom('server_secret').select('value').where('name', '=', v), n);
    expect(await byName('x')).toEqual({ value: '1' });
    expect(await byName('y')).toEqual({ value: '2' });
    expect(await byName('z')).toBeUndefined();
  });

  it('runs a shape that reads * after a migration on another connection changed its table (PostgreSQL prepares it afresh)', async () => {
    // One connection, so the statement prepared on it is the one that goes stale.
    const url = await createMigratedTestDatabaseUrl();
    const database = openDatabase(url, { poolSize: 1 });
    const migrator = openDatabase(url);
    opened.push(database, migrator);
    const { q } = database;
    await q.insert('server_secret', { name: 'x', value: '1', created_at: 'now' });
    const star = (tx: Queries) => tx.firstBy('secret-star', (v: string) => tx.db.selectFrom('server_secret').selectAll().where('name', '=', v), 'x');
    expect(await star(q)).toMatchObject({ name: 'x', value: '1' });
    await sql`alter table server_secret add column note text`.execute(migrator.db);
    expect(await star(q)).toMatchObject({ name: 'x', note: null });
    await sql`alter table server_secret add column other text`.execute(migrator.db);
    expect(await q.transaction((tx) => star(tx))).toMatchObject({ name: 'x', note: null, other: null });
  });

  it('a transaction stores all or nothing; a nested one is a savepoint', async () => {
    const { q } = await queries();
    await expect(
      q.transaction(async (tx) => {
        await secret('kept?')(tx);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await q.transaction(async (tx) => {
      await secret('outer')(tx);
      await tx.transaction(secret('inner')).catch(() => {});
      await expect(tx.transaction(async (inner) => {
        await secret('inner-undone')(inner);
        throw new Error('inner');
      })).rejects.toThrow('inner');
    });
    expect(await names(q)).toEqual(['inner', 'outer']);
  });

  it("keeps other requests' queries out of an open transaction until it ends", async () => {
    const { q } = await queries();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = q.transaction(async (t) => {
      await secret('in-tx')(t);
      await held;
      throw new Error('rolled back');
    });
    // Outside the transaction: waits for it, and never sees (nor joins) its undone write.
    const outside = q.insert('server_secret', { name: 'outside', value: 'v', created_at: 'now' }).then(() => names(q));
    release();
    await expect(tx).rejects.toThrow('rolled back');
    expect(await outside).toEqual(['outside']);
  });

  it('counts changed rows and answers new ids on both engines', async () => {
    const { q } = await queries();
    const now = new Date().toISOString();
    const id = await q.insertReturningId('form_submission', { form_name: 'contact', data: '{}', created_at: now, updated_at: now } as never);
    expect(typeof id).toBe('number');
    expect(await q.run(q.db.updateTable('form_submission').set({ form_name: 'quote' }).where('id', '=', id))).toBe(1);
    const n = await q.first(q.db.selectFrom('form_submission').select((eb) => eb.fn.countAll<number>().as('n')));
    expect(n).toEqual({ n: 1 });
  });
});
