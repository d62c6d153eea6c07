/**
 * The whole store in its own Node process for a test that runs in jsdom (e2e/checkout-component.e2e.ts):
 * there, Vite transforms the server's code for the web (a `new URL(file, import.meta.url)` becomes an
 * asset URL), so the server must not run in the test's own realm. Prints one JSON line
 * `{url, databaseUrl}` once listening (url: http://localhost:PORT, the README's address, as
 * `npm start` prints it); stops and removes its files on SIGTERM.
 */
import { startTestServer } from '../server/testing/test-server';

const server = await startTestServer({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
process.stdout.write(`${JSON.stringify({ url: server.url, databaseUrl: server.databaseUrl })}\n`);
process.once('SIGTERM', () => {
  void server.stop().then(() => process.exit(0));
});
