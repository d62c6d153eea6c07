/**
 * Every test file lands in the project its rule gives (scripts/test-projects.ts,
 * docs/development.md "Where a test runs"), without anyone remembering: a server test that reaches
 * a database and does not say on which engines it means something fails here, with the rule in the
 * message.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeTestFile, importsOf, projectFiles, projectsOf, testFiles } from './test-projects';

const root = path.resolve(import.meta.dirname, '..');
const all = testFiles(root).map((file) => describeTestFile(root, file));

describe('where a test runs', () => {
  it('every server test that reaches a database says on which engines it means something', () => {
    const untagged = all.filter((t) => t.reachesDatabase && t.engines === null).map((t) => t.file);
    expect(
      untagged,
      `These server tests reach a database but do not say on which engines they mean something. Add to the opening comment
  @engines sqlite postgres: <why>   when the engine decides what is checked (queries, locks, races, transactions,
                                    migrations, shared limits, sessions, idempotency, the mail queue, several servers)
  @engines sqlite: <why>            when no engine can change it (headers, input parsing, e-mail rules, rendering,
                                    the property checks of pure code)
(docs/development.md, "Where a test runs")`,
    ).toEqual([]);
  });

  it('only server tests that reach a database carry an engine tag, and PostgreSQL only with a reason to', () => {
    expect(all.filter((t) => t.engines !== null && !t.reachesDatabase).map((t) => t.file)).toEqual([]);
    // Several servers on one database is the one thing SQLite cannot do at all (and so sharing uploads through it).
    expect(all.filter((t) => t.engines?.length === 1 && t.engines[0] === 'postgres').map((t) => t.file)).toEqual(['server/scale/several-servers.test.ts', 'server/services/uploads-across-servers.test.ts']);
  });

  it('puts a test that starts processes in the slow lane, found through the helpers it imports', () => {
    const byFile = new Map(all.map((t) => [t.file, t]));
    // Directly: the commands run as an operator runs them.
    expect(projectsOf(byFile.get('server/operator-cli.test.ts')!)).toEqual(['slow']);
    // Through a helper: several servers started by server/testing/server-processes.ts.
    expect(projectsOf(byFile.get('server/scale/several-servers.test.ts')!)).toEqual(['slow-postgres']);
    // A browser journey that makes its quote in-process stays with the journeys.
    expect(projectsOf(byFile.get('e2e/quote-journeys.e2e.ts')!)).toEqual(['e2e']);
  });

  it('runs each file in every project its rule gives, and no file twice in one project', () => {
    const projects = projectFiles(root);
    const everywhere = Object.values(projects).flat();
    expect(new Set(everywhere)).toEqual(new Set(all.map((t) => t.file)));
    for (const [name, files] of Object.entries(projects)) expect(new Set(files).size, name).toBe(files.length);
    expect(projects['server-postgres']).toContain('server/back-office/order-routes.test.ts');
    expect(projects.server).toContain('server/back-office/order-routes.test.ts');
    expect(projects['server-postgres']).not.toContain('server/security/headers.test.ts');
    expect(projects['unit-isolated']).toContain('widgets/split-payment/SplitPayment.test.tsx');
  });

  it('classifies a new file by the rule: a database test without a tag is named, a tagged one goes to both engines', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-projects-'));
    try {
      fs.mkdirSync(path.join(dir, 'server', 'testing'), { recursive: true });
      fs.mkdirSync(path.join(dir, 'server', 'orders'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'server', 'testing', 'test-database.ts'), 'export const x = 1;\n');
      fs.writeFileSync(path.join(dir, 'server', 'testing', 'test-server.ts'), "import { x } from './test-database';\n");
      fs.writeFileSync(path.join(dir, 'server', 'orders', 'refund.test.ts'), "import { startTestServer } from '../testing/test-server';\n");
      fs.writeFileSync(path.join(dir, 'server', 'orders', 'lock.test.ts'), "/** @engines sqlite postgres: the row lock. */\nimport { startTestServer } from '../testing/test-server';\n");
      const refund = describeTestFile(dir, 'server/orders/refund.test.ts');
      expect(refund).toMatchObject({ reachesDatabase: true, engines: null });
      expect(projectsOf(describeTestFile(dir, 'server/orders/lock.test.ts'))).toEqual(['server', 'server-postgres']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads every kind of import', () => {
    const source = ["import a from './a';", "import { b } from \"./b\";", "export * from './c';", "import './d';", "const e = await import('./e');", "import type { F } from './f';"].join('\n');
    expect(importsOf(source)).toEqual(['./a', './b', './c', './d', './e', './f']);
  });
});
