/**
 * The incremental check a save makes finds what the full check finds: the demo store broken the
 * ways an editor breaks it (./demo-mutations.ts), one change at a time and all together, a route
 * or a form changed under pages that point at it, and every case of the broken-definitions corpus
 * made as changes to its clean folder. And it does less: a save of one page parses and checks that
 * page alone, and runs in full only the checks that read what changed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { baseDir, buildCase, loadCases } from './corpus/corpus';
import { mutationChanges, mutations, siteDir } from './demo-mutations';
import * as loadContent from './load-content';
import { readDefinitions } from './load-content';
import { SiteCheck } from './site-check';

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const text = (dir: string, file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
const json = (dir: string, file: string) => JSON.parse(text(dir, file)) as Record<string, unknown>;

describe('the incremental check of a save', () => {
  const site = new SiteCheck(siteDir);

  it('finds the same problems as the full check for every mutation of the demo store, page by page and all together', () => {
    const all = [...mutations('schema'), ...mutations('lint')];
    expect(all.length).toBeGreaterThan(30);
    // Each page with its links, forms and popups broken (the checks across files); every page's
    // schema mutations are checked together below (a schema mutation may take away what a lint one changes).
    for (const file of new Set(mutations('lint').map((m) => m.file))) {
      const changes = mutationChanges(mutations('lint').filter((m) => m.file === file));
      expect(site.check(changes), file).toEqual(readDefinitions(siteDir, changes).problems);
    }
    for (const kind of ['schema', 'lint'] as const) {
      const together = mutationChanges(mutations(kind));
      const problems = site.check(together);
      expect(problems.length, kind).toBeGreaterThanOrEqual(mutations(kind).length);
      expect(problems, kind).toEqual(readDefinitions(siteDir, together).problems);
    }
    expect(site.check(new Map())).toEqual([]);
  });

  it('finds what a change of a route or a form makes wrong in the pages that point at it', () => {
    const routes = json(siteDir, 'routes.json') as { routes: Array<{ path: string; page?: string }> };
    const withoutAbout = { ...routes, routes: routes.routes.filter((r) => r.path !== '/about-us') };
    const cases = new Map<string, Map<string, string>>([
      ['a route taken away', new Map([['routes.json', JSON.stringify(withoutAbout, null, 2)]])],
      ['a form no longer JSON', new Map([['forms/contact.json', '{ "fields": [']])],
      ['a new page', new Map([['pages/dallas.json', JSON.stringify({ metadata: { title: 'Dallas' }, blocks: [{ type: 'rich-text', html: '<p><a href="/nowhere">x</a></p>' }] })]])],
      ['a page no longer JSON', new Map([['pages/about-us.json', '{ "blocks": [']])],
    ]);
    for (const [what, changes] of cases) {
      const full = readDefinitions(siteDir, changes).problems;
      expect(full.length, what).toBeGreaterThan(0);
      expect(site.check(changes), what).toEqual(full);
    }
  });

  it('finds the same problem as the full check for every case of the corpus, made as changes to its clean folder', () => {
    const base = new SiteCheck(baseDir);
    const cases = loadCases();
    expect(cases.length).toBeGreaterThan(50);
    for (const c of cases) {
      const dir = buildCase(c);
      made.push(dir);
      const changes = new Map<string, string | null>();
      for (const file of listFiles(dir)) if (!fs.existsSync(path.join(baseDir, file)) || text(baseDir, file) !== text(dir, file)) changes.set(file, text(dir, file));
      for (const file of listFiles(baseDir)) if (!fs.existsSync(path.join(dir, file))) changes.set(file, null);
      expect(base.check(changes), c.name).toEqual(readDefinitions(baseDir, changes).problems);
    }
  });

  it('parses and schema-checks only the changed file, and runs in full only the checks that read what changed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-site-check-'));
    made.push(dir);
    fs.cpSync(siteDir, dir, { recursive: true });
    const check = new SiteCheck(dir);
    check.check();
    const read = vi.spyOn(loadContent, 'readDefinitionFile');
    const page = json(dir, 'pages/about-us.json') as { metadata: { title: string } };
    page.metadata.title = 'About us, edited';
    expect(check.check(new Map([['pages/about-us.json', JSON.stringify(page)]]))).toEqual([]);
    expect(read.mock.calls.map(([file]) => file)).toEqual(['pages/about-us.json']);
    read.mockRestore();
  });

  it('reads the folder again when a file of it changed on disk since', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-site-check-'));
    made.push(dir);
    fs.cpSync(siteDir, dir, { recursive: true });
    const check = new SiteCheck(dir);
    expect(check.check()).toEqual([]);
    const routes = json(dir, 'routes.json') as { routes: Array<{ path: string }> };
    fs.writeFileSync(path.join(dir, 'routes.json'), JSON.stringify({ ...routes, routes: routes.routes.filter((r) => r.path !== '/about-us') }));
    const page = text(dir, 'pages/contact.json');
    const changes = new Map([['pages/contact.json', page.replace('"metadata"', '"metadata"')]]);
    expect(check.check(changes)).toEqual(readDefinitions(dir, changes).problems);
    // An image taken away: the checks that look at the disk see it.
    const hero = listFiles(path.join(dir, 'images')).find((f) => text(siteDir, 'pages/about-us.json').includes(f))!;
    fs.rmSync(path.join(dir, 'images', hero));
    expect(check.check()).toEqual(readDefinitions(dir).problems);
    expect(check.check().some((p) => p.message.includes(hero))).toBe(true);
  });
});

function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    return e.isDirectory() ? listFiles(path.join(dir, e.name), rel) : [rel];
  });
}
