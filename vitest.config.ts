import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { projectFiles, type ProjectName } from './scripts/test-projects.ts';
import { slowness } from './scripts/test-calibration.ts';
import { SuiteTimeReporter } from './scripts/test-time-reporter.ts';
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
 *
 * Every time limit is scaled to this machine: the suite measures how slow it is at its start
 * (scripts/test-calibration.ts) and multiplies the limits below, set for a quiet two-core machine,
 * by that factor. The limits are for a test that hangs, not a measure of speed: each is several
 * times what its slowest test takes.
 */
const files = projectFiles(import.meta.dirname);
// Projects that start stores fail the run if a test changed the demo content (server/testing/examples-guard.ts).
const guard = 'server/testing/examples-guard.ts';
const postgres = { env: { SHOWROOM_TEST_ENGINE: 'postgres' }, globalSetup: [guard, 'server/testing/postgres-global-setup.ts'] };
const factor = slowness();
/** A project's test and hook limit: `seconds` on the reference machine, scaled to this one. */
const limit = (seconds: number) => ({ testTimeout: Math.round(seconds * 1000 * factor), hookTimeout: Math.round(seconds * 1000 * factor) });
// Server tests load and check the whole demo store; a studio form of the estimator takes 3 s in jsdom on a busy machine.
const patience = limit(30);

function project(name: ProjectName, options: TestProjectInlineConfiguration['test'] = {}): TestProjectInlineConfiguration {
  return { test: { name, include: files[name], environment: 'node', isolate: false, ...patience, ...options } };
}

export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    // Vitest's own report, then the machine's pace at the start and the slowest files at the end.
    reporters: ['default', new SuiteTimeReporter(factor)],
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      project('unit', { setupFiles: ['scripts/test-dom-reset.ts'], ...limit(30) }),
      // vi.mock replaces modules for its file alone only when the file has a module graph of its own.
      project('unit-isolated', { isolate: true, ...limit(30) }),
      project('server', { globalSetup: [guard] }),
      project('server-postgres', postgres),
      project('e2e', { globalSetup: [guard], ...limit(90) }),
      project('slow', { globalSetup: [guard], ...limit(180) }),
      project('slow-postgres', { ...postgres, ...limit(180) }),
    ],
  },
});
