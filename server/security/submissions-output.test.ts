/**
 * Attacker: "I put terminal escape sequences in a form (retitle the window, clear the screen, a
 * bare CR that overwrites the line, C1's CSI) and wait for the operator to run
 * `npm run submissions -- list` or to `cat` an export; or I start an answer with = so the
 * spreadsheet runs it." What the operator's terminal receives holds no control character but the
 * CSV's own line breaks, each shown as a visible \xHH escape, and a formula stays text.
 *
 * @engines sqlite: the export's cells are written by the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress, postJson, withDatabaseOf, proxiedTestEnv } from '../api/forms-test-kit';
import { runSubmissionsCli } from '../testing/run-submissions-cli';
import { startTestServer, type TestServer } from '../testing/test-server';

const TITLE = '\u001b]0;owned\u0007';
const CLEAR = '\u001b[2J\u001b[H';
const C1_CSI = '\u009b31m';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(proxiedTestEnv);
  const sent = await postJson(
    server.url,
    'contact',
    {
      formData: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', topic: 'existing-order', orderNumber: '100200', message: `Hello${TITLE}${CLEAR}\rline two\r\nline three${C1_CSI}`, contactBy: 'email', phone: '@SUM(A1:A9)' },
      recaptchaToken: 'test-pass',
    },
    freshAddress(),
  );
  expect(sent.status).toBe(201);
  // What the list shows is the first e-mail-like answer; whatever path stored it, it is printed as text.
  await withDatabaseOf(server, (q) => q.run(q.db.insertInto('form_submission').values({ form_name: 'newsletter', data: JSON.stringify({ email: `x${TITLE}${CLEAR}@evil.example` }), created_at: new Date().toISOString() })));
});
afterAll(async () => {
  await server?.stop();
});

const cli = (...args: string[]) => runSubmissionsCli(server.databaseUrl, ...args);

/** Every control character of a text, but the line feeds (and CR LF) that end lines. */
function controlCharacters(text: string): string[] {
  return [...text.replace(/\r\n/g, '\n').matchAll(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g)].map((m) => m[0]);
}

describe('npm run submissions with a visitor\'s control characters', () => {
  it('list prints them as visible escapes, one line per submission', () => {
    const list = cli('list', 'newsletter');
    expect(list.status, list.stderr).toBe(0);
    expect(controlCharacters(list.stdout)).toEqual([]);
    const lines = list.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('x\\x1b]0;owned\\x07\\x1b[2J\\x1b[H@evil.example');
  });

  it('the CSV export keeps the answer\'s line breaks (quoted) and escapes the rest; a formula stays text', () => {
    const csv = cli('export', 'contact', '--csv');
    expect(csv.status, csv.stderr).toBe(0);
    expect(controlCharacters(csv.stdout)).toEqual([]);
    expect(csv.stdout).toContain('"Hello\\x1b]0;owned\\x07\\x1b[2J\\x1b[H\\x0dline two\r\nline three\\x9b31m"');
    expect(csv.stdout).toContain(",'@SUM(A1:A9),");
  });
});
