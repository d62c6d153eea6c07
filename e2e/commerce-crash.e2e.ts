/**
 * Durability: a server child process is killed with SIGKILL in the middle of a stream of orders.
 * Every order the server acknowledged (201) must be in the database afterwards, complete, and no
 * order may be half-written (an order row without its items, addresses or history).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { orderPayload, skus } from '../server/api/commerce-test-kit';
import type { Compilable } from '../server/db/queries';
import { withServerDatabase } from './server-database';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-crash-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function startChild(databaseFile: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'start'], {
    env: {
      ...process.env,
      PORT: '0',
      DEALER_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: `sqlite:${databaseFile}`,
      ...(process.env.CONTENT_DIR ? { CONTENT_DIR: process.env.CONTENT_DIR } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const listening = new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      const entry = JSON.parse(line) as Record<string, unknown>;
      if (entry.msg === 'main site listening') resolve(entry.url as string);
    });
    child.on('exit', (code) => reject(new Error(`server exited early with ${code}: ${errors}`)));
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  return { child, listening, exited };
}

interface Acked {
  id: number;
  items: number;
  total: number;
  accessToken: string;
}

describe('SIGKILL during a stream of orders', () => {
  it('loses no acknowledged order and leaves none half-written', async () => {
    const databaseFile = path.join(dir, 'showroom.db');
    const server = startChild(databaseFile);
    const url = await server.listening;
    const acked: Acked[] = [];
    let failedAfterKill = 0;
    let killed = false;
    const itemSets = [skus(1), skus(2), skus(3)];

    // Eight clients send orders back to back; the process is killed once 60 have been acknowledged.
    const client = async (c: number) => {
      for (let i = 0; !killed; i++) {
        const items = itemSets[(c + i) % itemSets.length]!;
        try {
          const res = await fetch(`${url}/api/order`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `crash-${c}-${i}-${Date.now()}` },
            body: JSON.stringify(orderPayload({}, items)),
          });
          if (res.status === 201) {
            const body = (await res.json()) as { id: number; total: number; accessToken: string };
            acked.push({ id: body.id, items: items.length, total: body.total, accessToken: body.accessToken });
            if (acked.length >= 60 && !killed) {
              killed = true;
              server.child.kill('SIGKILL');
            }
          } else {
            expect(res.status).toBe(201);
          }
        } catch {
          failedAfterKill += 1;
          if (killed) return;
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, c) => client(c)));
    expect(await server.exited).toBe('SIGKILL');
    expect(acked.length).toBeGreaterThanOrEqual(60);

    await withServerDatabase(`sqlite:${databaseFile}`, async (q) => {
      const count = async (query: Compilable<{ c: number }>) => (await q.first(query))!.c;
      const items = (id: number) => count(q.db.selectFrom('sales_order_item').select((eb) => eb.fn.countAll<number>().as('c')).where('order_id', '=', id));
      for (const a of acked) {
        const row = await q.first(q.db.selectFrom('sales_order').select(['id', 'increment_id', 'status', 'total_cents', 'total_item_count']).where('id', '=', a.id));
        expect(row, `acknowledged order ${a.id}`).toBeDefined();
        expect(row!.status).toBe('pending');
        expect(row!.total_cents).toBe(Math.round(a.total * 100));
        expect(await items(a.id)).toBe(a.items);
      }
      // Every order in the file, acknowledged or not, is whole.
      const all = await q.all(q.db.selectFrom('sales_order').select(['id', 'increment_id', 'total_item_count']).orderBy('id'));
      expect(all.length).toBeGreaterThanOrEqual(acked.length);
      for (const o of all) {
        expect(o.increment_id).toMatch(/^\d{9}$/);
        expect(await items(o.id)).toBe(o.total_item_count);
        expect(await count(q.db.selectFrom('sales_order_address').select((eb) => eb.fn.countAll<number>().as('c')).where('order_id', '=', o.id))).toBe(2);
        expect(
          await count(q.db.selectFrom('sales_order_status_history').select((eb) => eb.fn.countAll<number>().as('c')).where('order_id', '=', o.id).where('comment', '=', 'New order has been created')),
        ).toBe(1);
        expect(await count(q.db.selectFrom('idempotency_record').select((eb) => eb.fn.countAll<number>().as('c')).where('order_id', '=', o.id))).toBe(1);
      }
    });

    // The restarted server serves the acknowledged orders.
    const again = startChild(databaseFile);
    try {
      const url2 = await again.listening;
      const last = acked.at(-1)!;
      const res = await fetch(`${url2}/api/order/view/${last.id}`, { headers: { Authorization: `Bearer ${last.accessToken}` } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { id: number } }).data.id).toBe(last.id);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
    void failedAfterKill;
  });
});
