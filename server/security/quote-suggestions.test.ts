/**
 * "Did you mean" against an attacker: an editor's cabinet list of huge unknown codes and finishes
 * must not hold the event loop (every visitor, and a stop, wait behind it). The suggestion's work is
 * counted by its meter, and the request's time is compared with a calibration of the same size of
 * file whose rows need no suggestion: no fixed wall-clock limit.
 *
 * @engines sqlite: the suggestion is arithmetic on the request; no query decides it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SUGGESTED_NAME, SUGGESTION_WORK_LIMIT, closestName, type SuggestionMeter } from '../../schemas/evaluators/closest-name';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { call as send } from './attacker-kit';

let server: TestServer;
let editor: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  editor = (await signInOperator(server, 'editor')).headers;
});

afterAll(async () => {
  await server?.stop();
});

const CODE_BYTES = 44_000;
const importList = (csv: string) => send(server.url, 'POST', '/api/studio/quotes/import', { headers: editor, body: { csv, style: 'hartford-shaker' } });

/** The quickest of a few runs: the least disturbed by the rest of a busy machine. */
async function quickest(run: () => Promise<unknown>, times = 3): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe('the cabinet-list import\'s suggestions', () => {
  it('answers a list of long unknown codes and finishes as quickly as a list of the same size that needs no suggestion', async () => {
    const longCode = 'Q'.repeat(CODE_BYTES);
    const attack = `${longCode},1\nB24,1,${'Z'.repeat(CODE_BYTES)}`;
    // The same bytes, in a fourth column that nothing reads: the cost of the file without suggestions.
    const calm = `B24,1,Forest Green,${'Q'.repeat(CODE_BYTES)}\nB24,1,Forest Green,${'Z'.repeat(CODE_BYTES)}`;
    const answer = await importList(attack);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data.problems.map((p: { row: number; suggestion: string | null }) => [p.row, p.suggestion])).toEqual([
      [1, null],
      [2, null],
    ]);
    const calibration = await quickest(() => importList(calm));
    const attacked = await quickest(() => importList(attack));
    // Before the bound, the attack took seconds against a calibration of milliseconds.
    expect(attacked).toBeLessThan(calibration * 10 + 50);
  });

  it('still suggests the code a slip meant', async () => {
    const answer = await importList('W3O30,1,Forest Green\nB24,1,Forest Gren');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data.problems.map((p: { suggestion: string | null }) => p.suggestion)).toEqual(['W3030', 'Forest Green']);
  });

  it('counts at most its budget of work for any name, however long', () => {
    const skus = Array.from({ length: 5000 }, (_, i) => `HS-${'B'.repeat(40)}-${i}`);
    for (const name of ['Q'.repeat(100_000), 'HS-' + 'C'.repeat(MAX_SUGGESTED_NAME - 3)]) {
      const meter: SuggestionMeter = { cells: 0 };
      closestName(name, skus, { meter });
      expect(meter.cells).toBeLessThanOrEqual(SUGGESTION_WORK_LIMIT + 2 * MAX_SUGGESTED_NAME * MAX_SUGGESTED_NAME);
    }
  });
});
