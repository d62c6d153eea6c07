/**
 * A change swapped under its publisher. An editor's change waits for review; the
 * publisher opens it and reads it; meanwhile its author submits it again with another text. Publish
 * must put live exactly what the publisher was shown, or answer 409 and put nothing live. The
 * editor's swap is tried at every step of the review: before the publisher opens the change, after
 * the list, after the detail, after the preview, after a send-back and resubmission, at the very
 * moment of Publish (both orders of a race), and after Publish.
 *
 * @engines sqlite postgres: the claim that freezes a change and the check of what it holds run in one transaction, whose isolation each engine decides.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_CHANGED } from '../../schemas/api/studio-reviews';
import { signInOperator } from '../studio/studio-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

type Json = Record<string, any>;
type Session = Awaited<ReturnType<typeof signInOperator>>;
type Answer = { status: number; body: Json; text: string };

const FILE = 'pages/about-us.json';

let server: TestServer;
let editor: Session;
let publisher: Session;

beforeAll(async () => {
  server = await startTestServer({ CONTENT_POLL_MS: '0' }, { contentChanges: {} });
  editor = await signInOperator(server, 'editor');
  publisher = await signInOperator(server, 'publisher');
});

afterAll(async () => {
  await server?.stop();
});

async function call(who: Session, method: string, pathname: string, body?: unknown): Promise<Answer> {
  const res = await fetch(new URL(pathname, server.url), {
    method,
    headers: { ...who.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Json = {};
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    // the preview's HTML
  }
  return { status: res.status, body: parsed, text };
}

const liveTitle = (): string => (JSON.parse(fs.readFileSync(path.join(server.contentDir, FILE), 'utf8')) as Json).metadata.title;

/** The editor's draft of the page with this title, from the published file. */
async function draftTitle(title: string): Promise<void> {
  const opened = (await call(editor, 'GET', `/api/studio/file?path=${FILE}`)).body.data;
  const value = JSON.parse(opened.published.text) as Json;
  value.metadata.title = title;
  const saved = await call(editor, 'PUT', '/api/studio/draft', {
    path: FILE,
    text: JSON.stringify(value, null, 2),
    ...(opened.draft ? { revision: opened.draft.revision, baseHash: opened.draft.baseHash } : { baseHash: opened.published.hash }),
  });
  expect(saved.status, saved.text).toBe(200);
}

async function submit(title: string): Promise<number> {
  await draftTitle(title);
  const res = await call(editor, 'POST', '/api/studio/reviews', { paths: [FILE], note: title });
  expect(res.status, res.text).toBe(201);
  return res.body.data.review.id as number;
}

/** The editor's swap: the draft changed and the change submitted again, while it waits. */
async function swap(id: number, title: string): Promise<Answer> {
  await draftTitle(title);
  return call(editor, 'POST', `/api/studio/reviews/${id}/resubmit`, { note: `swapped to ${title}` });
}

/** What the publisher was shown when they opened the change: its revision and the title it puts live. */
async function open(id: number): Promise<{ revision: string; title: string }> {
  const res = await call(publisher, 'GET', `/api/studio/reviews/${id}`);
  expect(res.status).toBe(200);
  return { revision: res.body.data.revision, title: (JSON.parse(res.body.data.files[0].text) as Json).metadata.title };
}

const publish = (id: number, revision: string) => call(publisher, 'POST', `/api/studio/reviews/${id}/publish`, { revision });

/** The rule, whatever happened: a publish puts live exactly what was shown, or is refused with 409 and puts nothing live. */
function expectShownOrRefused(published: Answer, shown: string, before: string): void {
  if (published.status === 200) {
    expect(liveTitle()).toBe(shown);
  } else {
    expect(published.status, published.text).toBe(409);
    expect(liveTitle()).toBe(before);
  }
}

/** Clears the change's remains, so the next round begins from no open change and no draft. */
async function endRound(id: number): Promise<void> {
  await call(editor, 'POST', `/api/studio/reviews/${id}/withdraw`);
  await call(editor, 'DELETE', `/api/studio/draft?path=${FILE}`);
}

describe('a change submitted again after the publisher opened it', () => {
  it('is refused with a plain 409: the text the publisher never saw does not go live, and the change still waits', async () => {
    const before = liveTitle();
    const id = await submit('About us, as reviewed');
    const shown = await open(id);
    expect(shown.title).toBe('About us, as reviewed');

    const swapped = await swap(id, 'About us, swapped after review');
    expect(swapped.status, swapped.text).toBe(200);
    const refused = await publish(id, shown.revision);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({ error: 'review_changed', message: REVIEW_CHANGED });
    expect(liveTitle()).toBe(before);
    const still = (await call(publisher, 'GET', `/api/studio/reviews/${id}`)).body.data;
    expect(still.review.status).toBe('submitted');
    expect(await server.q.all(server.q.db.selectFrom('studio_audit').select('id').where('action', '=', 'review.published'))).toEqual([]);

    // Opened again, the publisher sees the new text, and may publish that.
    const reopened = await open(id);
    expect(reopened.title).toBe('About us, swapped after review');
    expect((await publish(id, reopened.revision)).status).toBe(200);
    expect(liveTitle()).toBe('About us, swapped after review');
  });

  it('refuses a made-up revision, and one of another change', async () => {
    const before = liveTitle();
    const id = await submit('About us, a guessed revision');
    expect((await publish(id, 'a-guess')).status).toBe(409);
    expect(liveTitle()).toBe(before);
    await endRound(id);
  });
});

describe('a change swapped at every step of the review', () => {
  /** Each step: what the publisher does, with the editor's swap at that point; answers what Publish says. */
  const steps: [step: string, run: (id: number, before: string) => Promise<void>][] = [
    [
      'before the publisher opens it: the publisher is shown the new text and publishes it',
      async (id, before) => {
        await swap(id, 'Swapped before opening');
        const shown = await open(id);
        expect(shown.title).toBe('Swapped before opening');
        const res = await publish(id, shown.revision);
        expect(res.status).toBe(200);
        expectShownOrRefused(res, shown.title, before);
      },
    ],
    [
      'after the list of waiting changes, before the detail',
      async (id, before) => {
        expect((await call(publisher, 'GET', '/api/studio/reviews?status=submitted')).body.data.map((r: Json) => r.id)).toContain(id);
        await swap(id, 'Swapped after the list');
        const shown = await open(id);
        expectShownOrRefused(await publish(id, shown.revision), shown.title, before);
        expect(liveTitle()).toBe('Swapped after the list');
      },
    ],
    [
      'after the detail',
      async (id, before) => {
        const shown = await open(id);
        await swap(id, 'Swapped after the detail');
        const res = await publish(id, shown.revision);
        expect(res.status).toBe(409);
        expectShownOrRefused(res, shown.title, before);
      },
    ],
    [
      'after the preview',
      async (id, before) => {
        const shown = await open(id);
        const detail = (await call(publisher, 'GET', `/api/studio/reviews/${id}`)).body.data;
        expect((await call(publisher, 'POST', '/api/studio/preview', { path: FILE, text: detail.files[0].text, review: id })).status).toBe(200);
        await swap(id, 'Swapped after the preview');
        const res = await publish(id, shown.revision);
        expect(res.status).toBe(409);
        expectShownOrRefused(res, shown.title, before);
      },
    ],
    [
      'after a send-back, submitted again with another text',
      async (id, before) => {
        const shown = await open(id);
        expect((await call(publisher, 'POST', `/api/studio/reviews/${id}/send-back`, { comment: 'Shorter, please.' })).status).toBe(200);
        expect((await swap(id, 'Swapped after the send-back')).status).toBe(200);
        const res = await publish(id, shown.revision);
        expect(res.status).toBe(409);
        expectShownOrRefused(res, shown.title, before);
      },
    ],
    [
      'at the moment of Publish, the swap sent first',
      async (id, before) => {
        const shown = await open(id);
        await draftTitle('Swapped during Publish (first)');
        const [swapped, res] = await Promise.all([call(editor, 'POST', `/api/studio/reviews/${id}/resubmit`, { note: 'race' }), publish(id, shown.revision)]);
        // Exactly one wins: the swap (and Publish is refused), or Publish (and the swap is told it was decided).
        expect([swapped.status, res.status].sort()).toEqual([200, 409]);
        expectShownOrRefused(res, shown.title, before);
      },
    ],
    [
      'at the moment of Publish, Publish sent first',
      async (id, before) => {
        const shown = await open(id);
        await draftTitle('Swapped during Publish (second)');
        const [res, swapped] = await Promise.all([publish(id, shown.revision), call(editor, 'POST', `/api/studio/reviews/${id}/resubmit`, { note: 'race' })]);
        expect([swapped.status, res.status].sort()).toEqual([200, 409]);
        expectShownOrRefused(res, shown.title, before);
      },
    ],
    [
      'after Publish: the swap is refused, what was published stays',
      async (id, before) => {
        const shown = await open(id);
        const res = await publish(id, shown.revision);
        expect(res.status).toBe(200);
        expectShownOrRefused(res, shown.title, before);
        const late = await swap(id, 'Swapped after Publish');
        expect(late.status).toBe(409);
        expect(liveTitle()).toBe(shown.title);
      },
    ],
  ];

  for (const [step, run] of steps) {
    it(`holds when the editor swaps it ${step}`, async () => {
      const before = liveTitle();
      const id = await submit(`Reviewed: ${step}`.slice(0, 60));
      await run(id, before);
      await endRound(id);
    });
  }

  it('holds over many races of a swap and a Publish', async () => {
    for (let round = 0; round < 6; round++) {
      const before = liveTitle();
      const id = await submit(`Race ${round}: as reviewed`);
      const shown = await open(id);
      await draftTitle(`Race ${round}: swapped`);
      const resubmit = () => call(editor, 'POST', `/api/studio/reviews/${id}/resubmit`, { note: 'race' });
      const [a, b] = round % 2 ? await Promise.all([resubmit(), publish(id, shown.revision)]).then(([s, p]) => [p, s]) : await Promise.all([publish(id, shown.revision), resubmit()]);
      expect([a!.status, b!.status].sort()).toEqual([200, 409]);
      expectShownOrRefused(a!, shown.title, before);
      await endRound(id);
    }
  });
});
