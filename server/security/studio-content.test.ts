/**
 * The studio's content endpoints against an attacker: no session, a customer's session, a viewer
 * writing, an editor publishing or restoring, a write from a foreign Origin, paths that leave the
 * content folder (dot segments, absolute, encoded, a back slash, a symbolic link in the folder that
 * points out), one operator reading or publishing another's drafts, and a draft whose text tries to
 * script the preview.
 *
 * @engines sqlite: the studio's paths and previews are checked before any query.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../api/my-account-test-kit';
import { projectRoot } from '../build-output';
import { startTestServer, type TestServer } from '../testing/test-server';
import { sha256 } from '../studio/content-routes';
import { signInOperator } from '../studio/studio-test-kit';

type Json = Record<string, any>;
type Headers = Record<string, string>;

/** jsdom parses the preview as a browser would (its types are not installed; this is all the test uses). */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } };

let server: TestServer;
let contentDir: string;
let outsideDir: string;
let origin: string;
const as: Record<'viewer' | 'editor' | 'otherEditor' | 'publisher' | 'customer', Headers> = {} as never;

beforeAll(async () => {
  contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-studio-attack-'));
  outsideDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-studio-outside-'));
  fs.cpSync(path.join(projectRoot, 'examples', 'site'), contentDir, { recursive: true });
  server = await startTestServer({ CONTENT_DIR: contentDir, CONTENT_WATCH: '0', CONTENT_POLL_MS: '0' });
  origin = new URL(server.url).origin;
  as.viewer = (await signInOperator(server, 'viewer')).headers;
  as.editor = (await signInOperator(server, 'editor')).headers;
  as.otherEditor = (await signInOperator(server, 'editor')).headers;
  as.publisher = (await signInOperator(server, 'publisher')).headers;
  const customer = await signedUp(server.url);
  as.customer = { Cookie: customer.browser.cookie!, Origin: origin };
});

afterAll(async () => {
  await server?.stop();
  for (const dir of [contentDir, outsideDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function call(headers: Headers, method: string, pathname: string, body?: unknown): Promise<{ status: number; body: Json; text: string; headers: globalThis.Headers }> {
  const res = await fetch(new URL(pathname, server.url), {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Json = {};
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    // the preview's HTML
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}

const home = () => fs.readFileSync(path.join(contentDir, 'pages/home.json'), 'utf8');

/** Every content endpoint with a plausible request. */
const endpoints: [string, string, unknown?][] = [
  ['GET', '/api/studio/files'],
  ['GET', '/api/studio/file?path=pages/home.json'],
  ['PUT', '/api/studio/draft', { path: 'pages/home.json', text: '{}' }],
  ['DELETE', '/api/studio/draft?path=pages/home.json'],
  ['POST', '/api/studio/preview', { path: 'pages/home.json', text: '{}' }],
  ['POST', '/api/studio/publish', {}],
  ['GET', '/api/studio/versions'],
  ['GET', '/api/studio/versions/1'],
  ['GET', '/api/studio/block-examples/banner'],
  ['POST', '/api/studio/versions/1/restore'],
];

describe('who may call', () => {
  it('refuses every content endpoint without an operator session, and with a customer\'s session', async () => {
    for (const [method, pathname, body] of endpoints) {
      expect((await call({ Origin: origin }, method, pathname, body)).status, `${method} ${pathname} without a session`).toBe(401);
      expect((await call(as.customer, method, pathname, body)).status, `${method} ${pathname} as a customer`).toBe(401);
      expect((await call({ Origin: origin, Cookie: 'showroom_studio=forged-session-id' }, method, pathname, body)).status, `${method} ${pathname} with a forged cookie`).toBe(401);
    }
  });

  it('lets a viewer read and preview, never write a draft, publish or restore', async () => {
    expect((await call(as.viewer, 'GET', '/api/studio/files')).status).toBe(200);
    expect((await call(as.viewer, 'POST', '/api/studio/preview', { path: 'pages/home.json', text: home() })).status).toBe(200);
    expect((await call(as.viewer, 'PUT', '/api/studio/draft', { path: 'pages/home.json', text: '{}' })).status).toBe(403);
    expect((await call(as.viewer, 'DELETE', '/api/studio/draft?path=pages/home.json')).status).toBe(403);
    expect((await call(as.viewer, 'POST', '/api/studio/publish', {})).status).toBe(403);
    expect((await call(as.viewer, 'POST', '/api/studio/versions/1/restore')).status).toBe(403);
  });

  it('lets an editor draft, never publish or restore', async () => {
    const before = home();
    const saved = await call(as.editor, 'PUT', '/api/studio/draft', { path: 'pages/home.json', text: before.replace('"Kitchen', '"Hijacked kitchen'), baseHash: sha256(before) });
    expect(saved.status).toBe(200);
    const publish = await call(as.editor, 'POST', '/api/studio/publish', {});
    expect(publish.status).toBe(403);
    expect((await call(as.editor, 'POST', '/api/studio/publish', { paths: ['pages/home.json'] })).status).toBe(403);
    expect((await call(as.editor, 'POST', '/api/studio/versions/1/restore')).status).toBe(403);
    expect(home()).toBe(before);
    expect((await call(as.editor, 'DELETE', '/api/studio/draft?path=pages/home.json')).status).toBe(200);
  });

  it('refuses a write from a foreign Origin, even with a good session', async () => {
    const foreign = (h: Headers) => ({ ...h, Origin: 'https://attacker.example' });
    expect((await call(foreign(as.editor), 'PUT', '/api/studio/draft', { path: 'pages/home.json', text: '{}' })).status).toBe(403);
    expect((await call(foreign(as.editor), 'DELETE', '/api/studio/draft?path=pages/home.json')).status).toBe(403);
    expect((await call(foreign(as.publisher), 'POST', '/api/studio/publish', {})).status).toBe(403);
    expect((await call(foreign(as.publisher), 'POST', '/api/studio/versions/1/restore')).status).toBe(403);
    expect((await call(foreign(as.viewer), 'POST', '/api/studio/preview', { path: 'pages/home.json', text: home() })).status).toBe(403);
    expect((await call(as.editor, 'GET', '/api/studio/file?path=pages/home.json')).body.data.draft).toBeNull();
  });
});

describe('paths that leave the content folder', () => {
  const escapes = ['../x.json', 'pages/../../etc.json', '/etc/passwd.json', '/tmp/x.json', '%2e%2e/x.json', 'pages/%2e%2e/%2e%2e/x.json', 'pages\\..\\..\\x.json', 'pages/./home.json', 'pages//home.json', 'C:/x.json', './site.json', 'pages/home.json/..', '..', 'images/../site.json'];

  it('are refused everywhere a path is taken, naming the field', async () => {
    for (const bad of escapes) {
      const draft = await call(as.editor, 'PUT', '/api/studio/draft', { path: bad, text: '{}' });
      expect(draft.status, `PUT ${bad}`).toBe(400);
      expect(Object.keys(draft.body.fields), `PUT ${bad}`).toEqual(['path']);
      const read = await call(as.editor, 'GET', `/api/studio/file?path=${encodeURIComponent(bad)}`);
      expect(read.status, `GET ${bad}`).toBe(400);
      expect(Object.keys(read.body.fields), `GET ${bad}`).toEqual(['path']);
      expect((await call(as.editor, 'DELETE', `/api/studio/draft?path=${encodeURIComponent(bad)}`)).status, `DELETE ${bad}`).toBe(400);
      expect((await call(as.viewer, 'POST', '/api/studio/preview', { path: bad, text: '{}' })).status, `preview ${bad}`).toBe(400);
      expect((await call(as.viewer, 'GET', `/api/studio/versions?path=${encodeURIComponent(bad)}`)).status, `versions ${bad}`).toBe(400);
      const publish = await call(as.publisher, 'POST', '/api/studio/publish', { paths: ['pages/home.json', bad] });
      expect(publish.status, `publish ${bad}`).toBe(400);
      expect(Object.keys(publish.body.fields), `publish ${bad}`).toEqual(['paths.1']);
    }
    // Double encoding in the query reaches the server as %2e, which no path contains.
    expect((await call(as.editor, 'GET', '/api/studio/file?path=%252e%252e%252fx.json')).status).toBe(400);
    expect((await call(as.editor, 'GET', '/api/studio/file?path=..%2fsite.json')).status).toBe(400);
  });

  it('are refused through a symbolic link in the folder that points out of it, and nothing of the target is read', async () => {
    const secret = 'SECRET-OUTSIDE-THE-CONTENT-FOLDER';
    const target = path.join(outsideDir, 'secret.json');
    fs.writeFileSync(target, JSON.stringify({ ...JSON.parse(home()), metadata: { title: secret, description: secret } }));
    const link = path.join(contentDir, 'pages', 'leak.json');
    fs.symlinkSync(target, link);
    try {
      const read = await call(as.editor, 'GET', '/api/studio/file?path=pages/leak.json');
      expect(read.status).toBe(400);
      expect(read.text).not.toContain(secret);
      const files = await call(as.editor, 'GET', '/api/studio/files');
      expect(files.body.data.files.map((f: Json) => f.path)).not.toContain('pages/leak.json');
      expect((await call(as.editor, 'PUT', '/api/studio/draft', { path: 'pages/leak.json', text: '{"overwritten": true}' })).status).toBe(400);
      expect((await call(as.viewer, 'POST', '/api/studio/preview', { path: 'pages/leak.json', text: '{}' })).status).toBe(400);
      expect(fs.readFileSync(target, 'utf8')).toContain(secret);
    } finally {
      fs.rmSync(link);
    }
  });
});

describe("another operator's drafts", () => {
  it('are neither read, previewed, published nor discarded by anyone else', async () => {
    const marker = 'ONLY-IN-THE-FIRST-EDITORS-DRAFT';
    const faqs = fs.readFileSync(path.join(contentDir, 'pages/faqs.json'), 'utf8');
    const text = faqs.replace(/"title": "[^"]*"/, `"title": "${marker}"`);
    expect((await call(as.editor, 'PUT', '/api/studio/draft', { path: 'pages/faqs.json', text, baseHash: sha256(faqs) })).status).toBe(200);
    expect((await call(as.editor, 'PUT', '/api/studio/draft', { path: 'pages/only-mine.json', text, baseHash: null })).status).toBe(200);

    for (const other of [as.otherEditor, as.publisher, as.viewer]) {
      const read = await call(other, 'GET', '/api/studio/file?path=pages/faqs.json');
      expect(read.body.data.draft).toBeNull();
      expect(read.text).not.toContain(marker);
      const files = await call(other, 'GET', '/api/studio/files');
      expect(files.text).not.toContain('only-mine');
      expect(files.body.data.files.find((f: Json) => f.path === 'pages/faqs.json').draft).toBe(false);
      const preview = await call(other, 'POST', '/api/studio/preview', { path: 'site.json', text: fs.readFileSync(path.join(contentDir, 'site.json'), 'utf8'), route: '/faqs' });
      expect(preview.status).toBe(200);
      expect(preview.text).not.toContain(marker);
    }
    expect((await call(as.publisher, 'POST', '/api/studio/publish', {})).status).toBe(400);
    expect((await call(as.publisher, 'POST', '/api/studio/publish', { paths: ['pages/faqs.json'] })).status).toBe(400);
    expect((await call(as.otherEditor, 'DELETE', '/api/studio/draft?path=pages/faqs.json')).status).toBe(200);
    // A save naming the first editor's revision is a save of the other editor's own (new) draft: stale, not a takeover.
    expect((await call(as.otherEditor, 'PUT', '/api/studio/draft', { path: 'pages/faqs.json', text: '{}', revision: 1 })).status).toBe(409);

    expect(fs.readFileSync(path.join(contentDir, 'pages/faqs.json'), 'utf8')).toBe(faqs);
    expect(fs.existsSync(path.join(contentDir, 'pages/only-mine.json'))).toBe(false);
    const mine = await call(as.editor, 'GET', '/api/studio/file?path=pages/faqs.json');
    expect(mine.body.data.draft.text).toBe(text);
    const myPreview = await call(as.editor, 'POST', '/api/studio/preview', { path: 'site.json', text: fs.readFileSync(path.join(contentDir, 'site.json'), 'utf8'), route: '/faqs' });
    expect(myPreview.text).toContain(marker);
  });
});

describe('a draft that tries to script the preview', () => {
  it('comes out inert: no script element, no event handler attribute, no script URL, and a policy without script-src', async () => {
    const page = JSON.parse(home()) as Json;
    page.metadata.title = '<script>alert(1)</script>';
    page.metadata.description = '"><script>alert(2)</script>';
    const slide = page.blocks[0].slides[0];
    slide.title = '<img src=x onerror=alert(3)>';
    slide.image.alt = 'x" onerror="alert(4)';
    slide.action.path = 'javascript:alert(5)';
    page.blocks[0].slides[1].action.path = ' java\tscript:alert(6)';
    const res = await call(as.viewer, 'POST', '/api/studio/preview', { path: 'pages/home.json', text: JSON.stringify(page) });
    expect(res.status, res.text.slice(0, 300)).toBe(200);

    const policy = res.headers.get('content-security-policy')!;
    expect(policy).not.toMatch(/script-src/);
    expect(policy).toMatch(/default-src 'none'/);
    expect(policy).toMatch(/(^|; )sandbox$/);

    const { document } = new JSDOM(res.text).window;
    expect(document.querySelectorAll('script')).toHaveLength(0);
    const all = [...document.querySelectorAll('*')];
    for (const element of all) {
      for (const attribute of [...element.attributes]) {
        expect(attribute.name.startsWith('on'), `${element.tagName} ${attribute.name}`).toBe(false);
        if (['href', 'src', 'action', 'formaction'].includes(attribute.name)) {
          // eslint-disable-next-line no-control-regex
          expect(attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase().startsWith('javascript:'), `${element.tagName} ${attribute.name}=${attribute.value}`).toBe(false);
        }
      }
    }
    // The words are there as text, which is all they are.
    expect(document.title).toContain('<script>alert(1)</script>');
    expect(document.body.textContent).toContain('<img src=x onerror=alert(3)>');
    expect(all.some((e) => e.getAttribute('alt') === 'x" onerror="alert(4)')).toBe(true);
    expect([...document.querySelectorAll('img')].every((img) => !img.hasAttribute('onerror'))).toBe(true);
  });
});
