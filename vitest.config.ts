import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (unit and server tests next to the code, the server in-process on port 0,
 * its database on SQLite), `server-postgres` (the server's tests again, on a real PostgreSQL) and
 * `e2e` (real Chromium through playwright-core, against the built site).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{schemas,renderer,widgets,studio,server,scripts}/**/*.test.{ts,tsx}'],
          // Several server processes on one database need PostgreSQL: server-postgres runs them.
          exclude: ['server/scale/**', '**/node_modules/**'],
          environment: 'node',
          // Server tests load and check the whole demo store; give a busy two-core machine room.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: ['server/**/*.test.ts'],
          // Content checks that never open a database run once, in `unit`.
          exclude: ['server/content/corpus/**', 'server/content/lint/**', '**/node_modules/**'],
          environment: 'node',
          env: { SHOWROOM_TEST_ENGINE: 'postgres' },
          globalSetup: ['server/testing/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
