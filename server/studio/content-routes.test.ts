/**
 * The studio's content API over HTTP (schemas/api/studio.ts; every answer is checked against its
 * contract by the server under test): files, drafts and autosave, preview, publish with its
 * conflicts and refusals, versions with their diffs, and restore. The server runs on a copy of the
 * demo content, so a publish writes only there.
 *
 * @engines sqlite postgres: a publish conflict is decided under the publish lock in the database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { diffLines } from 'diff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_CONFLICT, PUBLISH_BLOCKED } from '../../schemas/api/studio';
import { projectRoot } from '../build-output';
import { startTestServer, type TestServer } from '../testing/test-server';
import { NOTHING_TO_PUBLISH, sha256 } from './content-routes';
import { formatDefinition } from './content-format';
import { PREVIEW_POLICY } from './content-preview';
import { signInOperator } from './studio-test-kit';

type Json = Record<string, any>;
type Session = Awaited<ReturnType<typeof signInOperator>>;

let server: TestServer;
let contentDir: string;
let editor: Session;
let publisher: Session;
let otherPublisher: Session;

beforeAll(async () => {
  contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-studio-content-'));
  fs.cpSync(path.join(projectRoot, 'examples', 'site'), contentDir, { recursive: true });
  server = await startTestServer({ CONTENT_DIR: contentDir, CONTENT_WATCH: '0', CONTENT_POLL_MS: '0' });
  [editor, publisher, otherPublisher] = [await signInOperator(server, 'editor'), await signInOperator(server, 'publisher'), await signInOperator(server, 'publisher')];
});

afterAll(async () => {
  await server?.stop();
  if (contentDir) fs.rmSync(contentDir, { recursive: true, force: true });
});

async function call(who: Session, method: string, pathname: string, body?: unknown): Promise<{ status: number; body: Json; headers: Headers; text: string }> {
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
    // an HTML answer (the preview)
  }
  return { status: res.status, body: parsed, headers: res.headers, text };
}

const onDisk = (file: string) => fs.readFileSync(path.join(contentDir, file), 'utf8');
const exists = (file: string) => fs.existsSync(path.join(contentDir, file));
const q = (file: string) => encodeURIComponent(file);

/** Saves a draft from what GET /api/studio/file answered (so its base is the published text). */
async function draft(who: Session, file: string, edit: (value: Json) => void): Promise<Json> {
  const opened = await call(who, 'GET', `/api/studio/file?path=${q(file)}`);
  expect(opened.status).toBe(200);
  const value = JSON.parse(opened.body.data.published.text) as Json;
  edit(value);
  const saved = await call(who, 'PUT', '/api/studio/draft', {
    path: file,
    text: JSON.stringify(value, null, 2),
    ...(opened.body.data.draft ? { revision: opened.body.data.draft.revision } : {}),
    baseHash: opened.body.data.published.hash,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data;
}

async function pageStatus(pathname: string): Promise<{ status: number; text: string }> {
  const res = await fetch(new URL(pathname, server.url));
  return { status: res.status, text: await res.text() };
}

describe('files', () => {
  it('lists every definition with its schema, a page by its title and addresses, a form by its title, the images and the live problems', async () => {
    const res = await call(editor, 'GET', '/api/studio/files');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const files = res.body.data.files as Json[];
    expect(files).toContainEqual({ path: 'pages/home.json', schema: 'page', published: true, draft: false, title: 'Kitchen Cabinets, Countertops & Flooring', addresses: ['/'] });
    expect(files).toContainEqual({ path: 'pages/about-us.json', schema: 'page', published: true, draft: false, title: 'About Us', addresses: ['/about-us', '/aboutus'] });
    expect(files).toContainEqual({ path: 'routes.json', schema: 'routes', published: true, draft: false });
    expect(files).toContainEqual({ path: 'forms/contact.json', schema: 'form', published: true, draft: false, title: 'Get in touch' });
    expect(files.every((f) => !f.path.startsWith('images/'))).toBe(true);
    expect(res.body.data.images).toContain('/images/banner-home.svg');
    expect(res.body.data.problems).toEqual([]);
  });

  it('answers the published text with its hash, and no draft', async () => {
    const res = await call(editor, 'GET', '/api/studio/file?path=pages/home.json');
    expect(res.status).toBe(200);
    const text = onDisk('pages/home.json');
    expect(res.body.data).toEqual({ path: 'pages/home.json', schema: 'page', published: { text, hash: sha256(text) }, draft: null });
  });

  it('answers a file that does not exist yet as unpublished', async () => {
    const res = await call(editor, 'GET', '/api/studio/file?path=pages/not-yet.json');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ path: 'pages/not-yet.json', schema: 'page', published: null, draft: null });
  });

  it('refuses a path where no kind of definition lives, naming the field', async () => {
    for (const bad of ['pages/sub/x.json', 'images/x.json', 'notes.json', 'pages/x.txt']) {
      const res = await call(editor, 'GET', `/api/studio/file?path=${q(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), bad).toEqual(['path']);
    }
  });
});

describe('drafts', () => {
  const file = 'pages/faqs.json';

  it('autosaves with a revision, keeps the text as sent, and refuses a stale revision', async () => {
    const published = onDisk(file);
    const text = published.replace('{', '{   ');
    const first = await call(editor, 'PUT', '/api/studio/draft', { path: file, text, baseHash: sha256(published) });
    expect(first.status).toBe(200);
    expect(first.body.data.revision).toBe(1);
    expect(first.body.data.problems).toEqual([]);

    const second = await call(editor, 'PUT', '/api/studio/draft', { path: file, text: text + '\n', revision: 1 });
    expect(second.body.data.revision).toBe(2);

    // Another tab still at revision 1, or one that never saw the draft: stale.
    const stale = await call(editor, 'PUT', '/api/studio/draft', { path: file, text: '{}', revision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('draft_stale');
    const fresh = await call(editor, 'PUT', '/api/studio/draft', { path: file, text: '{}' });
    expect(fresh.status).toBe(409);

    const opened = await call(editor, 'GET', `/api/studio/file?path=${file}`);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.data.draft).toMatchObject({ text: text + '\n', revision: 2, baseHash: sha256(published) });
    const listed = await call(editor, 'GET', '/api/studio/files');
    expect(listed.body.data.files).toContainEqual(expect.objectContaining({ path: file, schema: 'page', published: true, draft: true }));
    // Saving changed nothing on disk.
    expect(onDisk(file)).toBe(published);
  });

  it('answers the problems of the whole site with the drafts in place: JSON syntax and schema', async () => {
    const broken = await call(editor, 'PUT', '/api/studio/draft', { path: 'popups/newsletter.json', text: '{ "name": ' });
    expect(broken.status).toBe(200);
    expect(broken.body.data.problems.some((p: Json) => p.file === 'popups/newsletter.json')).toBe(true);

    const opened = await call(editor, 'GET', `/api/studio/file?path=${file}`);
    const value = JSON.parse(opened.body.data.published.text) as Json;
    value.metadata.title = 42;
    const wrong = await call(editor, 'PUT', '/api/studio/draft', { path: file, text: JSON.stringify(value), revision: opened.body.data.draft.revision });
    expect(wrong.status).toBe(200);
    const problems = wrong.body.data.problems as Json[];
    expect(problems).toContainEqual(expect.objectContaining({ file, pointer: '/metadata/title' }));
    // Both drafts of this operator are in place.
    expect(problems.some((p) => p.file === 'popups/newsletter.json')).toBe(true);
    // The files list says the same after a reload of the studio (what would stop a publish now); another operator's list does not.
    const listed = await call(editor, 'GET', '/api/studio/files');
    expect(listed.body.data.draftProblems).toContainEqual(expect.objectContaining({ file, pointer: '/metadata/title' }));
    expect((await call(publisher, 'GET', '/api/studio/files')).body.data.draftProblems).toEqual([]);
  });

  it('takes a draft larger than an ordinary API body (up to the 1 MB of the contract)', async () => {
    const big = onDisk('pages/terms-and-conditions.json') + ' '.repeat(300_000);
    const saved = await call(editor, 'PUT', '/api/studio/draft', { path: 'pages/terms-and-conditions.json', text: big });
    expect(saved.status).toBe(200);
    expect(saved.body.data.problems.filter((p: Json) => p.file === 'pages/terms-and-conditions.json')).toEqual([]);
    expect((await call(editor, 'GET', '/api/studio/file?path=pages/terms-and-conditions.json')).body.data.draft.text).toBe(big);
    expect((await call(editor, 'PUT', '/api/studio/draft', { path: 'pages/terms-and-conditions.json', text: ' '.repeat(1_000_001), revision: 1 })).status).toBe(400);
    expect((await call(editor, 'DELETE', '/api/studio/draft?path=pages/terms-and-conditions.json')).status).toBe(200);
  });

  it('discards a draft', async () => {
    const res = await call(editor, 'DELETE', `/api/studio/draft?path=${file}`);
    expect(res.status).toBe(200);
    expect((await call(editor, 'GET', `/api/studio/file?path=${file}`)).body.data.draft).toBeNull();
    expect((await call(editor, 'DELETE', '/api/studio/draft?path=popups/newsletter.json')).status).toBe(200);
    expect((await call(editor, 'PUT', '/api/studio/draft', { path: file, text: '{}', revision: 7 })).status).toBe(409);
  });
});

describe('publish', () => {
  it('writes the draft in the canonical format: changing one title changes only that line, and the site shows it at once', async () => {
    const before = onDisk('pages/home.json');
    expect(await formatDefinition(before), 'the demo content is in the canonical format').toBe(before);
    await draft(publisher, 'pages/home.json', (v) => {
      v.metadata.title = 'Kitchens built to last';
    });
    const res = await call(publisher, 'POST', '/api/studio/publish', { message: 'A new home title' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.files).toEqual(['pages/home.json']);
    const after = onDisk('pages/home.json');
    const changed = diffLines(before, after).filter((p) => p.added || p.removed);
    expect(changed.map((p) => [p.added, p.count])).toEqual([
      [false, 1],
      [true, 1],
    ]);
    expect(changed[1]!.value).toBe('    "title": "Kitchens built to last",\n');
    // The draft is gone, the version is there, and the store serves it without a restart.
    expect((await call(publisher, 'GET', '/api/studio/file?path=pages/home.json')).body.data).toMatchObject({ draft: null, published: { text: after } });
    const versions = await call(publisher, 'GET', '/api/studio/versions');
    expect(versions.body.data[0]).toMatchObject({ id: res.body.data.version, author: publisher.email, message: 'A new home title', files: ['pages/home.json'], restoredFrom: null });
    expect((await pageStatus('/')).text).toContain('Kitchens built to last');
  });

  it('has nothing to publish for a draft identical to the published file', async () => {
    const text = onDisk('pages/contact.json');
    expect((await call(publisher, 'PUT', '/api/studio/draft', { path: 'pages/contact.json', text, baseHash: sha256(text) })).status).toBe(200);
    const res = await call(publisher, 'POST', '/api/studio/publish', {});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'nothing_to_publish', message: NOTHING_TO_PUBLISH });
    expect(onDisk('pages/contact.json')).toBe(text);
  });

  it('is blocked while a field is wrong, naming file:pointer, and writes nothing', async () => {
    const before = onDisk('pages/about-us.json');
    await draft(publisher, 'pages/about-us.json', (v) => {
      v.metadata.title = 42;
    });
    const res = await call(publisher, 'POST', '/api/studio/publish', { paths: ['pages/about-us.json'] });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'publish_blocked', message: PUBLISH_BLOCKED });
    expect(Object.keys(res.body.fields)).toContain('pages/about-us.json:/metadata/title');
    expect(onDisk('pages/about-us.json')).toBe(before);
    expect((await call(publisher, 'DELETE', '/api/studio/draft?path=pages/about-us.json')).status).toBe(200);
  });

  it('gives the second of two operators editing one file a conflict, not a lost update', async () => {
    const file = 'pages/reviews.json';
    await draft(publisher, file, (v) => {
      v.metadata.title = 'Reviews, first publisher';
    });
    await draft(otherPublisher, file, (v) => {
      v.metadata.title = 'Reviews, second publisher';
    });
    expect((await call(publisher, 'POST', '/api/studio/publish', { paths: [file] })).status).toBe(201);
    const second = await call(otherPublisher, 'POST', '/api/studio/publish', { paths: [file] });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: 'publish_conflict', message: DRAFT_CONFLICT, fields: { [file]: DRAFT_CONFLICT } });
    expect(onDisk(file)).toContain('Reviews, first publisher');
    expect(onDisk(file)).not.toContain('second publisher');
    // The draft stays: the operator reloads and makes the change again on the new text.
    expect((await call(otherPublisher, 'GET', `/api/studio/file?path=${file}`)).body.data.draft.text).toContain('second publisher');

    // A new file both began: the second finds it exists now.
    const page = JSON.parse(onDisk('pages/faqs.json')) as Json;
    const text = (title: string) => JSON.stringify({ ...page, metadata: { ...page.metadata, title } });
    expect((await call(publisher, 'PUT', '/api/studio/draft', { path: 'pages/twin.json', text: text('Twin A'), baseHash: null })).status).toBe(200);
    expect((await call(otherPublisher, 'PUT', '/api/studio/draft', { path: 'pages/twin.json', text: text('Twin B'), baseHash: null })).status).toBe(200);
    expect((await call(publisher, 'POST', '/api/studio/publish', { paths: ['pages/twin.json'] })).status).toBe(201);
    const twin = await call(otherPublisher, 'POST', '/api/studio/publish', { paths: ['pages/twin.json'] });
    expect(twin.status).toBe(409);
    expect(twin.body.fields).toEqual({ 'pages/twin.json': DRAFT_CONFLICT });
  });
});

describe('preview', () => {
  it('renders the draft with the real renderer, under a policy that lets nothing run', async () => {
    const value = JSON.parse(onDisk('pages/home.json')) as Json;
    value.metadata.title = 'A title only the preview has';
    value.blocks[0].slides[0].title = 'A slide only the preview has';
    const res = await call(editor, 'POST', '/api/studio/preview', { path: 'pages/home.json', text: JSON.stringify(value) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(PREVIEW_POLICY);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.text).toContain('<title>A title only the preview has');
    expect(res.text).toContain('A slide only the preview has');
    expect(res.text).toContain('class="');
    expect(res.text).not.toMatch(/<script/i);
    // The consent banner, which would cover the hero and cannot be closed without scripts, is left out.
    expect(res.text).not.toContain('class="cookie-banner"');
    // Nothing was written: the store still serves the published page.
    expect((await pageStatus('/')).text).not.toContain('only the preview has');
  });

  it('shows a page at its route, a page with parameters at a value of the catalog, and a new page before it has a route', async () => {
    const about = JSON.parse(onDisk('pages/about-us.json')) as Json;
    about.metadata.title = 'About, previewed';
    expect((await call(editor, 'POST', '/api/studio/preview', { path: 'pages/about-us.json', text: JSON.stringify(about) })).text).toContain('About, previewed');

    const detail = onDisk('pages/blog-detail.json');
    const blog = await call(editor, 'POST', '/api/studio/preview', { path: 'pages/blog-detail.json', text: detail });
    expect(blog.status).toBe(200);
    expect(blog.text).not.toContain('Page not found');

    const fresh = { ...about, metadata: { ...about.metadata, title: 'A page with no route yet' } };
    const unrouted = await call(editor, 'POST', '/api/studio/preview', { path: 'pages/brand-new.json', text: JSON.stringify(fresh) });
    expect(unrouted.status).toBe(200);
    expect(unrouted.text).toContain('A page with no route yet');
  });

  it('shows another kind of file on the route asked for, with the other drafts of the operator in place', async () => {
    await draft(editor, 'pages/contact.json', (v) => {
      v.metadata.title = 'Contact, from a draft';
    });
    const site = onDisk('site.json');
    const res = await call(editor, 'POST', '/api/studio/preview', { path: 'site.json', text: site, route: '/contact' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Contact, from a draft');
    // Site settings, where the banner is written, show it.
    expect(res.text).toContain('class="cookie-banner"');
    expect((await call(editor, 'DELETE', '/api/studio/draft?path=pages/contact.json')).status).toBe(200);
  });

  it("previews a file even while another of the operator's drafts is broken", async () => {
    const broken = await call(editor, 'PUT', '/api/studio/draft', { path: 'popups/welcome-offer.json', text: '{ "name": ' });
    expect(broken.status).toBe(200);
    const home = JSON.parse(onDisk('pages/home.json')) as Json;
    home.metadata.title = 'Home, while another draft is broken';
    const res = await call(editor, 'POST', '/api/studio/preview', { path: 'pages/home.json', text: JSON.stringify(home) });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.text).toContain('Home, while another draft is broken');
    expect((await call(editor, 'DELETE', '/api/studio/draft?path=popups/welcome-offer.json')).status).toBe(200);
  });

  it('answers 422 with the problems that keep the draft from rendering', async () => {
    const res = await call(editor, 'POST', '/api/studio/preview', { path: 'pages/home.json', text: '{ "metadata": ' });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('preview_unavailable');
    expect(Object.keys(res.body.fields).some((k) => k.startsWith('pages/home.json:'))).toBe(true);
  });
});

describe('versions and restore', () => {
  it('reads a version with a unified diff per file, and 404 for none', async () => {
    const list = await call(editor, 'GET', '/api/studio/versions?path=pages/home.json');
    expect(list.status).toBe(200);
    const [latest] = list.body.data as Json[];
    expect(latest!.files).toContain('pages/home.json');
    const res = await call(editor, 'GET', `/api/studio/versions/${latest!.id}`);
    expect(res.status).toBe(200);
    const change = (res.body.data.changes as Json[]).find((c) => c.path === 'pages/home.json')!;
    expect(change.kind).toBe('changed');
    expect(change.diff).toContain('--- a/pages/home.json');
    expect(change.diff).toContain('+    "title": "Kitchens built to last",');
    expect(change.diff).toContain('-    "title": "Kitchen Cabinets, Countertops & Flooring",');
    expect((await call(editor, 'GET', '/api/studio/versions/999999')).status).toBe(404);
    // Newest first.
    const all = (await call(editor, 'GET', '/api/studio/versions')).body.data as Json[];
    expect(all.map((v) => v.id)).toEqual([...all.map((v) => v.id)].sort((a, b) => b - a));
  });

  it('restores the site as it was before a version: a new page and its route go, the page answers 404', async () => {
    const page = JSON.parse(onDisk('pages/about-us.json')) as Json;
    page.metadata.title = 'Our Austin showroom';
    expect((await call(publisher, 'PUT', '/api/studio/draft', { path: 'pages/showroom-austin.json', text: JSON.stringify(page, null, 2), baseHash: null })).status).toBe(200);
    await draft(publisher, 'routes.json', (v) => {
      v.routes.splice(1, 0, { path: '/showrooms/austin', page: 'showroom-austin' });
    });
    const published = await call(publisher, 'POST', '/api/studio/publish', { paths: ['pages/showroom-austin.json', 'routes.json'], message: 'Austin' });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    expect(published.body.data.files.sort()).toEqual(['pages/showroom-austin.json', 'routes.json']);
    const shown = await pageStatus('/showrooms/austin');
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('Our Austin showroom');

    const diff = await call(editor, 'GET', `/api/studio/versions/${published.body.data.version}`);
    expect(diff.body.data.changes.find((c: Json) => c.path === 'pages/showroom-austin.json')).toMatchObject({ kind: 'added' });

    // An editor may not restore; a publisher may.
    expect((await call(editor, 'POST', `/api/studio/versions/${published.body.data.version}/restore`)).status).toBe(403);
    const restored = await call(publisher, 'POST', `/api/studio/versions/${published.body.data.version}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(201);
    expect(restored.body.data.files.sort()).toEqual(['pages/showroom-austin.json', 'routes.json']);
    expect(exists('pages/showroom-austin.json')).toBe(false);
    expect(onDisk('routes.json')).not.toContain('/showrooms/austin');
    expect((await pageStatus('/showrooms/austin')).status).toBe(404);
    const versions = (await call(editor, 'GET', '/api/studio/versions')).body.data as Json[];
    expect(versions[0]).toMatchObject({ id: restored.body.data.version, restoredFrom: published.body.data.version, author: publisher.email });
    const removal = await call(editor, 'GET', `/api/studio/versions/${restored.body.data.version}`);
    expect(removal.body.data.changes.find((c: Json) => c.path === 'pages/showroom-austin.json')).toMatchObject({ kind: 'removed' });

    // Both are in the audit log, with who did them.
    const admin = await signInOperator(server, 'admin');
    const audit = (await call(admin, 'GET', '/api/studio/audit')).body.data as Json[];
    expect(audit).toContainEqual(expect.objectContaining({ action: 'publish', operator: publisher.email, detail: expect.stringContaining(`version ${published.body.data.version}:`) }));
    expect(audit).toContainEqual(expect.objectContaining({ action: 'restore', operator: publisher.email, detail: expect.stringContaining(`before version ${published.body.data.version}`) }));
  });

  it('refuses to restore a version whose files changed since (409), or whose result would not validate (422)', async () => {
    await draft(publisher, 'pages/privacy-policy.json', (v) => {
      v.metadata.title = 'Privacy, once';
    });
    const once = await call(publisher, 'POST', '/api/studio/publish', {});
    expect(once.status).toBe(201);
    await draft(publisher, 'pages/privacy-policy.json', (v) => {
      v.metadata.title = 'Privacy, twice';
    });
    expect((await call(publisher, 'POST', '/api/studio/publish', {})).status).toBe(201);
    const conflict = await call(publisher, 'POST', `/api/studio/versions/${once.body.data.version}/restore`);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ error: 'restore_conflict', fields: { 'pages/privacy-policy.json': expect.any(String) } });
    expect(onDisk('pages/privacy-policy.json')).toContain('Privacy, twice');

    // A form added by one version, then used by a page in a later one: taking the form away would break the page.
    const form = JSON.parse(onDisk('forms/contact.json')) as Json;
    form.name = 'austin-visit';
    expect((await call(publisher, 'PUT', '/api/studio/draft', { path: 'forms/austin-visit.json', text: JSON.stringify(form), baseHash: null })).status).toBe(200);
    const added = await call(publisher, 'POST', '/api/studio/publish', {});
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    await draft(publisher, 'pages/claim.json', (v) => {
      v.blocks.push({ type: 'form', form: 'austin-visit' });
    });
    const used = await call(publisher, 'POST', '/api/studio/publish', {});
    expect(used.status, JSON.stringify(used.body)).toBe(201);
    const blocked = await call(publisher, 'POST', `/api/studio/versions/${added.body.data.version}/restore`);
    expect(blocked.status).toBe(422);
    expect(blocked.body.error).toBe('publish_blocked');
    expect(Object.keys(blocked.body.fields).some((k) => k.startsWith('pages/claim.json:'))).toBe(true);
    expect(exists('forms/austin-visit.json')).toBe(true);
  });
});
