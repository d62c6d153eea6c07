import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { projectFiles, type ProjectName } from './scripts/test-projects.ts';
import { LongestFirstSequencer } from './scripts/test-sequencer.ts';

/**
 * The projects and which files each runs come from scripts/test-projects.ts (docs/development.md,
 * "Where a test runs"): `unit` and `unit-isolated` (schemas, renderer, widgets, studio, scripts),
 * `server` on SQLite and `server-postgres` for what the engine decides, `e2e` in real Chromium, and
 * `slow` (`slow-postgres`) for the tests that start processes. They share one pool, a worker per
 * core, longest files first (scripts/test-sequencer.ts).
 *
 * Every project but `unit-isolated` keeps one module graph per worker (isolate: false): the code,
 * the compiled schemas and the checked demo content load once per worker instead of once per file.
 * Each file still starts servers and databases of its own (server/testing/test-server.ts).
 */
const files = projectFiles(import.meta.dirname);
// Projects that start stores fail the run if a test changed the demo content (server/testing/examples-guard.ts).
const guard = 'server/testing/examples-guard.ts';
const postgres = { env: { SHOWROOM_TEST_ENGINE: 'postgres' }, globalSetup: [guard, 'server/testing/postgres-global-setup.ts'] };
// Server tests load and check the whole demo store; give a busy two-core machine room.
const patience = { testTimeout: 30_000, hookTimeout: 30_000 };

function project(name: ProjectName, options: TestProjectInlineConfiguration['test'] = {}): TestProjectInlineConfiguration {
  return { test: { name, include: files[name], environment: 'node', isolate: false, ...patience, ...options } };
}

export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      project('unit', { setupFiles: ['scripts/test-dom-reset.ts'] }),
      // vi.mock replaces modules for its file alone only when the file has a module graph of its own.
      project('unit-isolated', { isolate: true }),
      project('server', { globalSetup: [guard] }),
      project('server-postgres', postgres),
      project('e2e', { globalSetup: [guard], testTimeout: 60_000, hookTimeout: 60_000 }),
      project('slow', { globalSetup: [guard], testTimeout: 120_000, hookTimeout: 120_000 }),
      project('slow-postgres', { ...postgres, testTimeout: 120_000, hookTimeout: 120_000 }),
    ],
  },
});
