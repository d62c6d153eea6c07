/**
 * Review over HTTP (schemas/api/studio-reviews.ts; every answer is checked against its contract by
 * the server under test): an editor submits a page and its route with a note; a publisher sees it,
 * previews it, sends it back with a comment; the editor is told (the studio's counts, an e-mail),
 * fixes the draft and submits again; the publisher publishes; a visitor sees the page. Two changes
 * of one file: the second to be published is refused, never a lost update. Two decisions at once:
 * one wins.
 *
 * @engines sqlite postgres: a decision is claimed by a conditional UPDATE and a publish conflict is decided under the publish lock in the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_ALREADY_OPEN, REVIEW_BLOCKED, REVIEW_NOT_DRAFTED, REVIEW_PUBLISHED_SINCE } from '../../schemas/api/studio-reviews';
import { startTestServer, type TestServer } from '../testing/test-server';
import { sha256 } from './content-routes';
import { signInOperator } from './studio-test-kit';

type Json = Record<string, any>;
type Session = Awaited<ReturnType<typeof signInOperator>>;

let server: TestServer;
let editor: Session;
let otherEditor: Session;
let publisher: Session;

beforeAll(async () => {
  server = await startTestServer({ CONTENT_POLL_MS: '0' }, { contentChanges: {} });
  [editor, otherEditor, publisher] = [await signInOperator(server, 'editor'), await signInOperator(server, 'editor'), await signInOperator(server, 'publisher')];
});

afterAll(async () => {
  await server?.stop();
});

async function call(who: Session, method: string, pathname: string, body?: unknown): Promise<{ status: number; body: Json; text: string }> {
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

/** Publish as the studio does: with the revision of the change the publisher was shown. */
async function publishAsShown(id: number): Promise<{ status: number; body: Json; text: string }> {
  const shown = await call(publisher, 'GET', `/api/studio/reviews/${id}`);
  return call(publisher, 'POST', `/api/studio/reviews/${id}/publish`, { revision: shown.body.data.revision });
}

const onDisk = (file: string) => fs.readFileSync(path.join(server.contentDir, file), 'utf8');
const exists = (file: string) => fs.existsSync(path.join(server.contentDir, file));

/** Saves a draft of `file` edited from what is published now (or `text` for a new file); answers its revision. */
async function draft(who: Session, file: string, edit: (value: Json) => void): Promise<number> {
  const opened = (await call(who, 'GET', `/api/studio/file?path=${encodeURIComponent(file)}`)).body.data;
  const value = JSON.parse(opened.draft?.text ?? opened.published.text) as Json;
  edit(value);
  const saved = await call(who, 'PUT', '/api/studio/draft', {
    path: file,
    text: JSON.stringify(value, null, 2),
    ...(opened.draft ? { revision: opened.draft.revision } : { baseHash: opened.published?.hash ?? null }),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data.revision as number;
}

const newPage = { metadata: { title: 'Dallas showroom', description: 'Cabinets and flooring to see and touch in Dallas.' }, blocks: [{ type: 'rich-text', html: '<h2>Opening hours</h2><p>Monday to Saturday.</p>' }] };

async function mails(to: string): Promise<{ subject: string; text: string }[]> {
  return server.q.all(server.q.db.selectFrom('mail_outbox').select(['subject', 'text']).where('recipient', '=', to).where('type', '=', 'studio-review').orderBy('id'));
}

async function audit(action: string): Promise<string[]> {
  return (await server.q.all(server.q.db.selectFrom('studio_audit').select('detail').where('action', '=', action).orderBy('id'))).map((r) => r.detail);
}

describe('an editor submits a page and its route; a publisher sends it back, then publishes it', () => {
  let id: number;

  it('submits the drafts with a note, each as it is now', async () => {
    const saved = await call(editor, 'PUT', '/api/studio/draft', { path: 'pages/showroom-dallas.json', text: JSON.stringify(newPage), baseHash: null });
    expect(saved.status).toBe(200);
    await draft(editor, 'routes.json', (v) => v.routes.splice(1, 0, { path: '/showrooms/dallas', page: 'showroom-dallas' }));

    const res = await call(editor, 'POST', '/api/studio/reviews', { paths: ['pages/showroom-dallas.json', 'routes.json'], note: 'The Dallas showroom\nWith its opening hours.', notifyByEmail: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const data = res.body.data;
    id = data.review.id;
    expect(data.review).toMatchObject({ status: 'submitted', author: editor.email, files: ['pages/showroom-dallas.json', 'routes.json'], decidedBy: null, version: null, unseen: false, overlaps: [] });
    const page = data.files.find((f: Json) => f.path === 'pages/showroom-dallas.json');
    expect(page).toMatchObject({ kind: 'added', publishedSince: false });
    const routes = data.files.find((f: Json) => f.path === 'routes.json');
    expect(routes.lines).toEqual([{ where: 'Route 2', change: 'added', after: '/showrooms/dallas → showroom-dallas' }]);
    expect(data.events).toEqual([expect.objectContaining({ operator: editor.email, kind: 'submitted', comment: 'The Dallas showroom\nWith its opening hours.' })]);
    expect(await audit('review.submitted')).toEqual([`change ${id}: pages/showroom-dallas.json, routes.json: The Dallas showroom`]);
    // Nothing is published yet.
    expect(exists('pages/showroom-dallas.json')).toBe(false);
    expect((await fetch(new URL('/showrooms/dallas', server.url))).status).toBe(404);
  });

  it('refuses a file already in an open change of the author, a path with no draft, and a change with problems', async () => {
    const again = await call(editor, 'POST', '/api/studio/reviews', { paths: ['routes.json'], note: 'Again' });
    expect(again.status).toBe(400);
    expect(again.body.fields).toEqual({ 'paths.0': REVIEW_ALREADY_OPEN });
    const none = await call(editor, 'POST', '/api/studio/reviews', { paths: ['pages/about-us.json'], note: 'Nothing' });
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual({ 'paths.0': REVIEW_NOT_DRAFTED });
    await draft(editor, 'pages/contact.json', (v) => (v.blocks = [{ type: 'rich-text', html: '<p>See <a href="/showrooms/nowhere">us</a></p>' }]));
    const broken = await call(editor, 'POST', '/api/studio/reviews', { paths: ['pages/contact.json'], note: 'A broken link' });
    expect(broken.status).toBe(422);
    expect(broken.body).toMatchObject({ error: 'review_blocked', message: REVIEW_BLOCKED });
    expect(Object.keys(broken.body.fields)[0]).toMatch(/^pages\/contact\.json:\/blocks\/0/);
    expect((await call(editor, 'DELETE', '/api/studio/draft?path=pages/contact.json')).status).toBe(200);
  });

  it('shows the publisher what waits, with a preview of the change (not of the publisher\'s drafts)', async () => {
    expect((await call(publisher, 'GET', '/api/studio/reviews/counts')).body.data).toEqual({ waiting: 1, answered: 0 });
    const list = await call(publisher, 'GET', '/api/studio/reviews?status=submitted');
    expect(list.body.data.map((r: Json) => r.id)).toEqual([id]);
    const preview = await call(publisher, 'POST', '/api/studio/preview', { path: 'pages/showroom-dallas.json', text: JSON.stringify(newPage), review: id });
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('Opening hours');
    expect((await call(publisher, 'POST', '/api/studio/preview', { path: 'pages/home.json', text: onDisk('pages/home.json'), review: 99999 })).status).toBe(404);
  });

  it('sends it back with a comment: the author is told in the studio and by e-mail', async () => {
    const res = await call(publisher, 'POST', `/api/studio/reviews/${id}/send-back`, { comment: 'Add the street address, please.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.review).toMatchObject({ status: 'sent_back', decidedBy: publisher.email });
    expect((await call(editor, 'GET', '/api/studio/reviews/counts')).body.data).toEqual({ waiting: 0, answered: 1 });
    expect((await call(editor, 'GET', '/api/studio/reviews?mine=1')).body.data[0]).toMatchObject({ id, unseen: true });
    const [mail] = await mails(editor.email);
    expect(mail!.subject).toBe('Your change was sent back: The Dallas showroom');
    expect(mail!.text).toContain('Their comment: Add the street address, please.');
    expect(mail!.text).toContain(`/studio/reviews/${id}`);
    // Opening it is seeing it.
    const opened = await call(editor, 'GET', `/api/studio/reviews/${id}`);
    expect(opened.body.data.events.map((e: Json) => e.kind)).toEqual(['submitted', 'sent_back']);
    expect((await call(editor, 'GET', '/api/studio/reviews/counts')).body.data.answered).toBe(0);
    expect(await audit('review.sent_back')).toEqual([`change ${id} of ${editor.email}: pages/showroom-dallas.json, routes.json: Add the street address, please.`]);
    // Sent back is not waiting: it cannot be published or sent back again.
    expect((await publishAsShown(id)).status).toBe(409);
  });

  it('is fixed and submitted again with the drafts as they are now, then published: a visitor sees it', async () => {
    await draft(editor, 'pages/showroom-dallas.json', (v) => v.blocks.push({ type: 'rich-text', html: '<p>1200 Main Street, Dallas.</p>' }));
    const res = await call(editor, 'POST', `/api/studio/reviews/${id}/resubmit`, { note: 'With the address.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.review.status).toBe('submitted');
    expect(res.body.data.events.map((e: Json) => e.kind)).toEqual(['submitted', 'sent_back', 'resubmitted']);

    const published = await publishAsShown(id);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const review = published.body.data.review;
    expect(review).toMatchObject({ status: 'published', decidedBy: publisher.email });
    expect(review.version).toEqual(expect.any(Number));
    // What it changed is still read against the site before it.
    expect(published.body.data.files.find((f: Json) => f.path === 'pages/showroom-dallas.json').kind).toBe('added');
    const page = await fetch(new URL('/showrooms/dallas', server.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('1200 Main Street, Dallas.');
    // The author's drafts were the change: gone.
    expect((await call(editor, 'GET', '/api/studio/file?path=routes.json')).body.data.draft).toBeNull();
    expect((await mails(editor.email)).map((m) => m.subject)).toEqual(['Your change was sent back: The Dallas showroom', 'Your change is published: With the address.']);
    const versions = (await call(publisher, 'GET', '/api/studio/versions')).body.data;
    expect(versions[0]).toMatchObject({ id: review.version, author: publisher.email, message: `With the address. (change ${id} by ${editor.email})` });
    expect(await audit('review.published')).toEqual([`change ${id} of ${editor.email} as version ${review.version}: pages/showroom-dallas.json, routes.json`]);
    // Decided: neither the author nor a publisher can move it again.
    expect((await call(editor, 'POST', `/api/studio/reviews/${id}/resubmit`, { note: 'More' })).status).toBe(409);
    expect((await call(editor, 'POST', `/api/studio/reviews/${id}/withdraw`)).status).toBe(409);
  });
});

describe('two changes of one file', () => {
  it('publishes the first; the second is refused until its author brings it onto the new file, never overwriting the first', async () => {
    const file = 'pages/about-us.json';
    await draft(editor, file, (v) => (v.metadata.title = 'About Oak & Hearth'));
    await draft(otherEditor, file, (v) => (v.metadata.description = 'Who we are, in Austin and Dallas.'));
    const first = (await call(editor, 'POST', '/api/studio/reviews', { paths: [file], note: 'A new title' })).body.data.review;
    const second = (await call(otherEditor, 'POST', '/api/studio/reviews', { paths: [file], note: 'A new description' })).body.data.review;
    expect(second.overlaps).toEqual([{ path: file, review: first.id }]);

    expect((await publishAsShown(first.id)).status).toBe(200);
    const afterFirst = onDisk(file);
    expect(afterFirst).toContain('About Oak & Hearth');

    const refused = await publishAsShown(second.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'publish_conflict', fields: { [file]: REVIEW_PUBLISHED_SINCE } });
    expect(onDisk(file)).toBe(afterFirst);
    const read = (await call(publisher, 'GET', `/api/studio/reviews/${second.id}`)).body.data;
    expect(read.review.status).toBe('submitted');
    expect(read.files[0].publishedSince).toBe(true);

    // Sent back, it cannot come back on the old base: its author must bring the draft onto the new file.
    expect((await call(publisher, 'POST', `/api/studio/reviews/${second.id}/send-back`, { comment: 'About us changed since: bring your change onto it.' })).status).toBe(200);
    const stale = await call(otherEditor, 'POST', `/api/studio/reviews/${second.id}/resubmit`, { note: 'Again' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('publish_conflict');
    // The author redoes the change on the newest file (the studio's "bring my change onto it"): both changes then stand.
    const opened = (await call(otherEditor, 'GET', `/api/studio/file?path=${file}`)).body.data;
    const value = JSON.parse(opened.published.text) as Json;
    value.metadata.description = 'Who we are, in Austin and Dallas.';
    expect((await call(otherEditor, 'PUT', '/api/studio/draft', { path: file, text: JSON.stringify(value), revision: opened.draft.revision, baseHash: sha256(opened.published.text) })).status).toBe(200);
    expect((await call(otherEditor, 'POST', `/api/studio/reviews/${second.id}/resubmit`, { note: 'On the new title' })).status).toBe(200);
    expect((await publishAsShown(second.id)).status).toBe(200);
    const both = onDisk(file);
    expect(both).toContain('About Oak & Hearth');
    expect(both).toContain('Who we are, in Austin and Dallas.');
  });

  it('lets one decision win when a publish and a send-back come at once', async () => {
    await draft(editor, 'pages/faqs.json', (v) => (v.metadata.title = 'Questions, answered'));
    const { id } = (await call(editor, 'POST', '/api/studio/reviews', { paths: ['pages/faqs.json'], note: 'FAQ title' })).body.data.review;
    const [published, sentBack] = await Promise.all([
      publishAsShown(id),
      call(publisher, 'POST', `/api/studio/reviews/${id}/send-back`, { comment: 'No' }),
    ]);
    expect([published.status, sentBack.status].sort()).toEqual([200, 409]);
    const final = (await call(publisher, 'GET', `/api/studio/reviews/${id}`)).body.data.review;
    expect(final.status).toBe(published.status === 200 ? 'published' : 'sent_back');
    expect(onDisk('pages/faqs.json').includes('Questions, answered')).toBe(published.status === 200);
  });

  it('withdraws a change: its drafts stay', async () => {
    await draft(otherEditor, 'pages/reviews.json', (v) => (v.metadata.title = 'What customers say'));
    const { id } = (await call(otherEditor, 'POST', '/api/studio/reviews', { paths: ['pages/reviews.json'], note: 'Reviews title' })).body.data.review;
    const res = await call(otherEditor, 'POST', `/api/studio/reviews/${id}/withdraw`);
    expect(res.status).toBe(200);
    expect(res.body.data.review.status).toBe('withdrawn');
    expect((await call(otherEditor, 'GET', '/api/studio/file?path=pages/reviews.json')).body.data.draft).not.toBeNull();
    expect((await publishAsShown(id)).status).toBe(409);
  });
});
