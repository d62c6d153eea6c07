import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (unit and server tests next to the code; the server runs in-process on
 * port 0) and `e2e` (real Chromium through playwright-core, against the built site).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{schemas,renderer,widgets,server,scripts}/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Server tests load and check the whole demo store; give a busy two-core machine room.
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
