/** `npm run quote`: a stored quote's printed link opens it through the API; `link` replaces the token. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../server/testing/test-server';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-quote-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const databaseUrl = `sqlite:${path.join(dir, 'showroom.db')}`;

function quoteCli(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/quote-cli.ts', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PUBLIC_URL: 'https://shop.example.com' },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function linkOf(stdout: string): URL {
  const line = stdout.split('\n').find((l) => l.startsWith('Payment link: '));
  expect(line).toBeDefined();
  return new URL(line!.slice('Payment link: '.length));
}

describe('npm run quote', () => {
  it('creates a quote from catalog codes, prints a link that opens it, and issues a fresh link', async () => {
    const created = quoteCli('create', 'examples/quotes/kitchen-remodel.json', '--days', '3');
    expect(created.status, created.stderr).toBe(0);
    // Every line is priced from the catalog but the free one, which the command names.
    expect(created.stdout).toContain('Free line "Range hood panel, made to measure in Forest Green": 1 × $480.00, the price from examples/quotes/kitchen-remodel.json, not the catalog.\n');
    expect(created.stdout).toMatch(/^Quote Q\d+ stored \(id \d+\), total \$9,807\.30\./m);
    expect(created.stdout).toMatch(/Expires: \d{4}-\d{2}-\d{2}T/);
    const first = linkOf(created.stdout);
    expect(first.origin + first.pathname).toBe('https://shop.example.com/quote/payment');

    const fresh = quoteCli('link', first.searchParams.get('quoteId')!);
    expect(fresh.status, fresh.stderr).toBe(0);
    const second = linkOf(fresh.stdout);

    const server = await startTestServer({ DATABASE_URL: databaseUrl });
    try {
      const open = await fetch(`${server.url}/api/quote?quoteId=${second.searchParams.get('quoteId')}&token=${second.searchParams.get('token')}`);
      expect(open.status).toBe(200);
      const body = (await open.json()) as { data: { poNumber: string; total: number } };
      expect(body.data).toMatchObject({ poNumber: 'PO-2026-0142', total: 9807.3 });
      const old = await fetch(`${server.url}/api/quote?quoteId=${first.searchParams.get('quoteId')}&token=${first.searchParams.get('token')}`);
      expect(((await old.json()) as { errorType: string }).errorType).toBe('quoteNotExist');
    } finally {
      await server.stop();
    }
  });

  it('explains its usage, a missing file and an unknown quote', () => {
    expect(quoteCli().stderr).toContain('Usage: npm run quote -- create FILE.json [--days N] | link ID [--days N]');
    const missing = quoteCli('create', path.join(dir, 'nope.json'));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('No such file');
    const unknown = quoteCli('link', '999999');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Quote not found.');
  });
});
