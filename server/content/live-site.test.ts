/**
 * The live content without a server: checks and previews with changes in place (written nowhere),
 * publishes (atomic files, a version with before and after texts, refusals that leave folder and
 * database as they were), and a second folder following the versions another one published.
 *
 * @engines sqlite postgres: versions and the publish lock live in the database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { projectRoot } from '../build-output';
import type { Database } from '../db/database';
import { createLogger } from '../logger';
import { openTestDatabase } from '../testing/test-database';
import { InvalidContentError } from './definition-problem';
import { ContentConflictError, openLiveSite, publishedTextHash, type ContentLiveSite } from './live-site';
import { readDefinitions, type Content } from './load-content';
import { SiteCheck } from './site-check';
import { scaledMs } from '../../scripts/test-calibration';

const exampleSite = path.join(projectRoot, 'examples', 'site');
const quiet = createLogger('silent');
const temporary: string[] = [];
const databases: Database[] = [];
/** The database of the test running: each test its own, so no test's versions reach another's folder. */
let database: Database;

beforeEach(async () => {
  database = await openTestDatabase();
  databases.push(database);
});
afterAll(async () => {
  await Promise.all(databases.map((d) => d.close()));
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A copy of the demo store in a folder of its own (its parent holds nothing else, so a leftover shows). */
function copySite(): string {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-live-'));
  temporary.push(parent);
  const dir = path.join(parent, 'site');
  fs.cpSync(exampleSite, dir, { recursive: true });
  return dir;
}

/** Every file of the folder and its parent, with a hash of its bytes: what "nothing written" compares. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const root = path.dirname(dir);
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isSymbolicLink()) out[path.relative(root, full)] = `-> ${fs.readlinkSync(full)}`;
      else out[path.relative(root, full)] = crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex');
    }
  };
  walk(root);
  return out;
}

async function liveOn(dir: string, checkOffThreadFromBytes?: number): Promise<{ live: ContentLiveSite; swaps: Content[] }> {
  const swaps: Content[] = [];
  const live = await openLiveSite({ dir, database, logger: quiet, swap: async (content) => void swaps.push(content), checkOffThreadFromBytes });
  return { live, swaps };
}

const read = (dir: string, file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** routes.json with one more route, and the page it names (a copy of about-us with its own title). */
function austinChanges(dir: string, title = 'Our Austin showroom'): Map<string, string | null> {
  const routes = JSON.parse(read(dir, 'routes.json')) as { routes: Array<Record<string, unknown>> };
  // Before the catch-all, which answers every path it comes before.
  const catchAll = routes.routes.findIndex((r) => r.path === '/*');
  if (!routes.routes.some((r) => r.path === '/showrooms/austin')) routes.routes.splice(catchAll === -1 ? routes.routes.length : catchAll, 0, { path: '/showrooms/austin', page: 'showroom-austin' });
  const page = JSON.parse(read(dir, 'pages/about-us.json')) as { metadata: { title: string } };
  page.metadata.title = title;
  return new Map([
    ['routes.json', json(routes)],
    ['pages/showroom-austin.json', json(page)],
  ]);
}

async function versionRows() {
  const q = database.q;
  const versions = await q.all(q.db.selectFrom('content_version').selectAll().orderBy('id'));
  const files = await q.all(q.db.selectFrom('content_version_file').selectAll().orderBy('id'));
  return { versions, files };
}

describe('check and contentWith: the folder with changes in place, written nowhere', () => {
  it('finds a broken reference in a changed file, and writes nothing', async () => {
    const dir = copySite();
    const { live } = await liveOn(dir);
    const before = snapshot(dir);
    const routes = JSON.parse(read(dir, 'routes.json')) as { routes: Array<{ page: string }> };
    routes.routes[1]!.page = 'abot-us';
    expect(await live.check(new Map([['routes.json', json(routes)]]))).toEqual([
      { file: 'routes.json', pointer: '/routes/1/page', message: 'names the page definition "abot-us", but there is no pages/abot-us.json', where: 'Route 2 · Page' },
    ]);
    // A removal is seen by every check, those that look at the disk too; the file stays.
    const removed = await live.check(new Map([['pages/about-us.json', null]]));
    expect(removed.map((p) => `${p.file}#${p.pointer}`)).toContain('routes.json#/routes/1/page');
    expect(removed[0]!.message).toBe('names the page definition "about-us", but there is no pages/about-us.json');
    expect(await live.check(austinChanges(dir))).toEqual([]);
    expect(snapshot(dir)).toEqual(before);
    expect(live.problems()).toEqual([]);
  });

  it('sees a changed blog body, which only the disk-reading checks read', async () => {
    const dir = copySite();
    const { live } = await liveOn(dir);
    const blogs = JSON.parse(read(dir, 'blogs/blogs.json')) as { blogs: Array<{ contentPath: string }> };
    const body = `blogs/${blogs.blogs[0]!.contentPath}`;
    const before = snapshot(dir);
    const problems = await live.check(new Map([[body, '<p>See <img src="/images/no-such-picture.png"></p>']]));
    expect(problems).toEqual([expect.objectContaining({ file: 'blogs/blogs.json', pointer: '/blogs/0/contentPath', message: expect.stringContaining('/images/no-such-picture.png') })]);
    expect(live.contentWith(new Map([[body, '<p>Fresh words</p>']])).store.blogs.some((b) => b.content === '<p>Fresh words</p>')).toBe(true);
    expect(snapshot(dir)).toEqual(before);
  });

  it('checks a large site in a thread of its own, with the same problems, and again after a publish', async () => {
    const dir = copySite();
    // Every site is large from 0 bytes: the checks go to the thread.
    const { live } = await liveOn(dir, 0);
    const onThisThread = vi.spyOn(SiteCheck.prototype, 'check');
    try {
      const routes = JSON.parse(read(dir, 'routes.json')) as { routes: Array<{ page: string }> };
      routes.routes[1]!.page = 'abot-us';
      const changes = new Map([['routes.json', json(routes)]]);
      expect(await live.check(changes)).toEqual(readDefinitions(dir, changes).problems);
      await live.publish(austinChanges(dir), { author: 'editor@example.test', message: 'Austin' });
      expect(await live.check(changes)).toEqual(readDefinitions(dir, changes).problems);
      expect(await live.check(new Map())).toEqual([]);
      expect(onThisThread).not.toHaveBeenCalled();
    } finally {
      await live.stop();
    }
  }, scaledMs(60_000));

  it('names a path that is not inside the folder as a problem of its own', async () => {
    const dir = copySite();
    const { live } = await liveOn(dir);
    const problems = await live.check(new Map<string, string | null>([['../outside.json', '{}'], ['/etc/passwd', 'x'], ['.git/config', 'x']]));
    expect(problems.map((p) => [p.file, p.message])).toEqual([
      ['../outside.json', 'leaves the content folder'],
      ['/etc/passwd', 'is an absolute path; name a file relative to the content folder'],
      ['.git/config', 'names a hidden file, which is never content'],
    ]);
    expect(fs.existsSync(path.join(path.dirname(dir), 'outside.json'))).toBe(false);
  });

  it('contentWith gives the content with the changes, leaving the content serving and the folder alone', async () => {
    const dir = copySite();
    const { live, swaps } = await liveOn(dir);
    const before = snapshot(dir);
    const preview = live.contentWith(austinChanges(dir));
    expect(preview.dir).toBe(dir);
    expect(preview.pages['showroom-austin']?.metadata.title).toBe('Our Austin showroom');
    expect(preview.routes.some((r) => r.path === '/showrooms/austin')).toBe(true);
    expect(live.current().pages['showroom-austin']).toBeUndefined();
    expect(() => live.contentWith(new Map([['pages/about-us.json', '{ "metadata": ']]))).toThrow(InvalidContentError);
    expect(swaps).toEqual([]);
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('publish', () => {
  it('writes each file by a rename, records the version with before and after texts, and swaps', async () => {
    const dir = copySite();
    const { live, swaps } = await liveOn(dir);
    const { versions: earlier } = await versionRows();
    const changes = austinChanges(dir);
    const routesBefore = read(dir, 'routes.json');
    const inodeBefore = fs.statSync(path.join(dir, 'routes.json')).ino;
    const id = await live.publish(changes, { author: 'pat@example.com', message: 'Austin showroom' });

    expect(read(dir, 'routes.json')).toBe(changes.get('routes.json'));
    expect(read(dir, 'pages/showroom-austin.json')).toBe(changes.get('pages/showroom-austin.json'));
    // A new file took the old one's name (an in-place write keeps the inode), and no temporary is left.
    expect(fs.statSync(path.join(dir, 'routes.json')).ino).not.toBe(inodeBefore);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.'))).toEqual([]);
    expect(fs.readdirSync(path.join(dir, 'pages')).filter((f) => f.startsWith('.'))).toEqual([]);
    expect(fs.readdirSync(path.dirname(dir))).toEqual(['site']);

    const { versions, files } = await versionRows();
    expect(versions.slice(earlier.length)).toEqual([{ id, author: 'pat@example.com', message: 'Austin showroom', created_at: expect.any(String), restored_from: null }]);
    expect(files.filter((f) => f.version_id === id).map((f) => ({ path: f.path, before: f.before_text, after: f.after_text }))).toEqual([
      { path: 'routes.json', before: routesBefore, after: changes.get('routes.json') },
      { path: 'pages/showroom-austin.json', before: null, after: changes.get('pages/showroom-austin.json') },
    ]);
    expect(live.appliedVersion()).toBe(id);
    expect(swaps).toHaveLength(1);
    expect(live.current()).toBe(swaps[0]);
    expect(live.current().pages['showroom-austin']?.metadata.title).toBe('Our Austin showroom');
    expect(live.readPublished('pages/showroom-austin.json')).toBe(changes.get('pages/showroom-austin.json'));

    // A restore of what was before: a removal, and the restore's mark.
    const restored = await live.publish(
      new Map([
        ['routes.json', routesBefore],
        ['pages/showroom-austin.json', null],
      ]),
      { author: 'pat@example.com', message: 'Restore', restoredFrom: id },
    );
    expect(fs.existsSync(path.join(dir, 'pages/showroom-austin.json'))).toBe(false);
    expect(read(dir, 'routes.json')).toBe(routesBefore);
    const { versions: after, files: afterFiles } = await versionRows();
    expect(after.at(-1)).toMatchObject({ id: restored, restored_from: id });
    expect(afterFiles.at(-1)).toMatchObject({ version_id: restored, path: 'pages/showroom-austin.json', after_text: null, before_text: changes.get('pages/showroom-austin.json') });
    expect(live.current().pages['showroom-austin']).toBeUndefined();
  });

  it('refuses a path outside the folder, also through a link, and writes and records nothing', async () => {
    const dir = copySite();
    const { live, swaps } = await liveOn(dir);
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-outside-'));
    temporary.push(outside);
    fs.symlinkSync(outside, path.join(dir, 'pages', 'elsewhere'));
    const before = snapshot(dir);
    const rows = await versionRows();
    for (const file of ['../outside.json', 'pages/../../outside.json', '/tmp/outside.json', 'pages/elsewhere/x.json']) {
      const refused = await live.publish(new Map([[file, '{}']]), { author: 'pat@example.com', message: 'escape' }).catch((err: unknown) => err);
      expect(refused, file).toBeInstanceOf(InvalidContentError);
      expect((refused as InvalidContentError).problems[0]).toMatchObject({ file, message: expect.stringMatching(/leaves the content folder|absolute path/) });
    }
    expect(fs.readdirSync(outside)).toEqual([]);
    expect(fs.existsSync(path.join(path.dirname(dir), 'outside.json'))).toBe(false);
    expect(snapshot(dir)).toEqual(before);
    expect(await versionRows()).toEqual(rows);
    expect(swaps).toEqual([]);
  });

  it('refuses changes with problems, leaving the folder, the database and the content serving as they were', async () => {
    const dir = copySite();
    const { live, swaps } = await liveOn(dir);
    const serving = live.current();
    const before = snapshot(dir);
    const rows = await versionRows();
    const changes = austinChanges(dir);
    const routes = JSON.parse(changes.get('routes.json')!) as { routes: Array<{ page: string }> };
    routes.routes.find((r) => r.page === 'showroom-austin')!.page = 'showroom-austn';
    changes.set('routes.json', json(routes));
    const refused = await live.publish(changes, { author: 'pat@example.com', message: 'typo' }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(InvalidContentError);
    expect((refused as InvalidContentError).problems).toEqual([expect.objectContaining({ file: 'routes.json', message: expect.stringContaining('showroom-austn') })]);
    expect(snapshot(dir)).toEqual(before);
    expect(await versionRows()).toEqual(rows);
    expect(live.current()).toBe(serving);
    expect(swaps).toEqual([]);
  });

  it('refuses a file that changed since the draft began (expected), writing nothing', async () => {
    const dir = copySite();
    const { live } = await liveOn(dir);
    const before = snapshot(dir);
    const rows = await versionRows();
    const changes = austinChanges(dir);
    const stale = { author: 'sam@example.com', message: 'late', expected: new Map([['routes.json', publishedTextHash('{"routes": []}')], ['pages/showroom-austin.json', null]]) };
    const refused = await live.publish(changes, stale).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ContentConflictError);
    expect((refused as ContentConflictError).files).toEqual(['routes.json']);
    expect(snapshot(dir)).toEqual(before);
    expect(await versionRows()).toEqual(rows);
    const fresh = { ...stale, expected: new Map([['routes.json', publishedTextHash(read(dir, 'routes.json'))], ['pages/showroom-austin.json', null]]) };
    expect(await live.publish(changes, fresh)).toBeGreaterThan(0);
  });

  it('puts every file back and records nothing when a write fails half way', async () => {
    const dir = copySite();
    const { live, swaps } = await liveOn(dir);
    const before = snapshot(dir);
    const rows = await versionRows();
    const rename = fs.renameSync.bind(fs);
    let renames = 0;
    vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (++renames === 2) throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
      rename(from, to);
    });
    await expect(live.publish(austinChanges(dir), { author: 'pat@example.com', message: 'half' })).rejects.toThrow('disk full');
    expect(renames).toBeGreaterThan(2);
    expect(snapshot(dir)).toEqual(before);
    expect(await versionRows()).toEqual(rows);
    expect(swaps).toEqual([]);
  });
});

describe('reload', () => {
  it('keeps the last good content while the folder is broken, and swaps once it is fixed', async () => {
    const dir = copySite();
    const { live, swaps } = await liveOn(dir);
    const serving = live.current();
    const good = read(dir, 'pages/about-us.json');
    fs.writeFileSync(path.join(dir, 'pages/about-us.json'), '{ "metadata": { "title": ');
    const broken = await live.reload();
    expect(broken.swapped).toBe(false);
    expect(broken.problems).toEqual([expect.objectContaining({ file: 'pages/about-us.json', pointer: '' })]);
    expect(live.problems()).toEqual(broken.problems);
    expect(live.current()).toBe(serving);
    fs.writeFileSync(path.join(dir, 'pages/about-us.json'), good.replace(/"title": "[^"]*"/, '"title": "About the workshop"'));
    expect(await live.reload()).toEqual({ swapped: true, problems: [] });
    expect(live.problems()).toEqual([]);
    expect(swaps).toHaveLength(1);
    expect(live.current().pages['about-us']?.metadata.title).toBe('About the workshop');
  });

  it('keeps the content serving when the swap itself fails, and tries again at the next poll', async () => {
    const dir = copySite();
    let fail = true;
    const live = await openLiveSite({
      dir,
      database,
      logger: quiet,
      swap: async () => {
        if (fail) throw new Error('no app');
      },
    });
    const serving = live.current();
    expect((await live.reload()).swapped).toBe(false);
    expect(live.current()).toBe(serving);
    fail = false;
    await live.poll();
    expect(live.current()).not.toBe(serving);
  });
});

describe('servers that each have their own folder, on one database', () => {
  it('a second folder takes a version at its next poll, and one started later catches up at start', async () => {
    const db = database;
    {
      const a = copySite();
      const b = copySite();
      const live = (dir: string) => openLiveSite({ dir, database: db, logger: quiet, swap: async () => {} });
      const siteA = await live(a);
      const siteB = await live(b);
      const changes = austinChanges(a);
      const id = await siteA.publish(changes, { author: 'pat@example.com', message: 'Austin' });
      expect(siteB.current().pages['showroom-austin']).toBeUndefined();
      await siteB.poll();
      expect(siteB.appliedVersion()).toBe(id);
      expect(read(b, 'routes.json')).toBe(changes.get('routes.json'));
      expect(siteB.current().pages['showroom-austin']?.metadata.title).toBe('Our Austin showroom');

      // A publish on B of a file A has not polled yet: A's next publish takes it first, then its own.
      const second = await siteB.publish(austinChanges(b, 'Austin, second'), { author: 'sam@example.com', message: 'retitle' });
      const privacy = read(a, 'pages/privacy-policy.json').replace(/"title": "[^"]*"/, '"title": "Privacy, plainly"');
      const third = await siteA.publish(new Map([['pages/privacy-policy.json', privacy]]), { author: 'pat@example.com', message: 'privacy' });
      expect(third).toBeGreaterThan(second);
      expect(siteA.current().pages['showroom-austin']?.metadata.title).toBe('Austin, second');
      const { files } = await (async () => {
        const q = db.q;
        return { files: await q.all(q.db.selectFrom('content_version_file').selectAll().where('version_id', '=', third)) };
      })();
      expect(files.map((f) => f.path)).toEqual(['pages/privacy-policy.json']);

      // An old image: the demo store as it was, plus a file edited in the folder after the last publish.
      const c = copySite();
      const about = read(c, 'pages/about-us.json').replace(/"title": "[^"]*"/, '"title": "Edited by hand"');
      fs.writeFileSync(path.join(c, 'pages/about-us.json'), about);
      const siteC = await live(c);
      expect(siteC.appliedVersion()).toBe(third);
      expect(read(c, 'pages/showroom-austin.json')).toBe(read(a, 'pages/showroom-austin.json'));
      expect(read(c, 'routes.json')).toBe(read(a, 'routes.json'));
      expect(read(c, 'pages/privacy-policy.json')).toBe(privacy);
      expect(siteC.current().pages['showroom-austin']?.metadata.title).toBe('Austin, second');
      // No version ever had that text: a change made in the folder itself, kept.
      expect(read(c, 'pages/about-us.json')).toBe(about);
      await Promise.all([siteA.stop(), siteB.stop(), siteC.stop()]);
    }
  });
});
