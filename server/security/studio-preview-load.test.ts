/**
 * Previews against every visitor: one viewer posting large previews back to back
 * kept the home page near a second for everyone, because each preview loaded the whole site and
 * rendered the page on the event loop. Now previews are made in a thread of their own, and one
 * operator has at most one preview made at a time and one waiting. Nothing here measures time
 * (a busy machine would make that flaky): the tests watch where each preview is made (the
 * `showroom:studio-preview` diagnostics channel says which thread made it), that visitors are
 * answered meanwhile, and what an operator's extra previews are told.
 *
 * @engines sqlite: previews read the content folder, not the database; only who may call is asked of it.
 */
import diagnostics from 'node:diagnostics_channel';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_OFF_THREAD_FROM_BYTES, PREVIEW_REPLACED, type PreviewMade } from '../studio/preview-thread';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { scaledMs } from '../../scripts/test-calibration';

type Session = Awaited<ReturnType<typeof signInOperator>>;

let server: TestServer;
let viewer: Session;
const made: PreviewMade[] = [];
const watch = (message: unknown) => void made.push(message as PreviewMade);

beforeAll(async () => {
  server = await startTestServer();
  viewer = await signInOperator(server, 'viewer');
  diagnostics.subscribe('showroom:studio-preview', watch);
});

afterAll(async () => {
  diagnostics.unsubscribe('showroom:studio-preview', watch);
  await server?.stop();
});

/** A page of `blocks` text blocks (about 200 kB at 1,000): what is checked is where it is made, not how long it takes. */
function largePage(blocks: number, mark: string): string {
  return JSON.stringify({
    metadata: { title: `A long page ${mark}`, description: 'A page long enough to cost its preview.' },
    blocks: Array.from({ length: blocks }, (_, i) => ({ type: 'rich-text', html: `<h2>Section ${i} ${mark}</h2><p>${'Solid maple face frames and dovetailed drawers. '.repeat(3)}</p>` })),
  });
}

function preview(who: Session, text: string): Promise<Response> {
  return fetch(new URL('/api/studio/preview', server.url), {
    method: 'POST',
    headers: { ...who.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ path: 'pages/about-us.json', text }),
  });
}

describe('a viewer posting large previews back to back', () => {
  it('sends pages this large to the thread', () => {
    expect(largePage(1000, 'x').length).toBeGreaterThan(PREVIEW_OFF_THREAD_FROM_BYTES);
    expect(largePage(400, 'x').length).toBeGreaterThan(PREVIEW_OFF_THREAD_FROM_BYTES);
  });

  it('has each made in a thread of its own, never on the thread that answers visitors, who are answered meanwhile', async () => {
    made.length = 0;
    let previewing = true;
    const visits: number[] = [];
    const visitor = (async () => {
      // A visitor keeps loading the home page for as long as the previews go on.
      while (previewing) visits.push((await fetch(new URL('/', server.url))).status);
    })();
    try {
      for (let i = 0; i < 3; i++) {
        const res = await preview(viewer, largePage(1000, `round ${i}`));
        const html = await res.text();
        expect(res.status, html.slice(0, 300)).toBe(200);
        expect(html).toContain(`Section 999 round ${i}`);
      }
    } finally {
      previewing = false;
      await visitor;
    }
    expect(visits.length).toBeGreaterThan(0);
    expect(visits.every((status) => status === 200)).toBe(true);
    // Every preview was made, and none of them on the server's own thread (this one: the test runs the server in-process).
    expect(made.filter((m) => m.operatorId === viewer.id)).toHaveLength(3);
    for (const m of made) expect(m.thread).not.toBe(threadId);
  }, scaledMs(120_000)); // the first preview starts the thread, which loads the renderer and the site: long on a busy machine

  it('makes one preview of an operator at a time: of the others sent at once, only the newest waits, the rest are told a newer one replaced them', async () => {
    made.length = 0;
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => preview(viewer, largePage(400, `burst ${i}`))));
    const statuses = answers.map((r) => r.status);
    const replaced = answers.filter((r) => r.status === 429);
    // At least the first sent and one of the others are made; never more than were sent.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    for (const r of replaced) expect(await r.json()).toEqual({ error: 'preview_replaced', message: PREVIEW_REPLACED });
    expect(made.filter((m) => m.operatorId === viewer.id)).toHaveLength(statuses.filter((s) => s === 200).length);
  }, scaledMs(120_000));

  it('still answers the problems of a draft that cannot render', async () => {
    const res = await preview(viewer, JSON.stringify({ metadata: { title: 'x' }, blocks: [{ type: 'no-such-block' }] }));
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe('preview_unavailable');
    expect(Object.keys(body.fields)[0]).toMatch(/^pages\/about-us\.json/);
  });
});
