import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { contentLayout, matchesPattern } from '../content-layout';
import { formatProblem } from '../definition-problem';
import { readDefinitions } from '../load-content';
import { runValidate } from '../validate-command';
import { baseDir, buildCase, fixturesDir, loadCases, type CorpusCase } from './corpus';
import { scaledMs } from '../../../scripts/test-calibration';

const cases = loadCases();
const built: string[] = [];

afterAll(() => {
  for (const dir of built.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function build(c: Pick<CorpusCase, 'copy' | 'write' | 'set' | 'remove' | 'deleteFiles'>): string {
  const dir = buildCase(c);
  built.push(dir);
  return dir;
}

/**
 * `npm run validate -- DIR` as the command runs it, in this process (the command's own process, its
 * exit code and streams, is run by example-site.test.ts and validate-command.test.ts).
 */
function validate(dir: string) {
  const { stdout, stderr, code } = runValidate([dir]);
  return { stdout, stderr, status: code };
}

/** Files a case adds that no layout entry reads yet: their room has not registered the kind. */
function unregistered(c: CorpusCase): string[] {
  return Object.keys(c.copy ?? {}).filter((file) => file.endsWith('.json') && !contentLayout.some((e) => matchesPattern(e.pattern, file)));
}

const allFixtures: Record<string, string> = {
  'forms/contact.json': 'form.json',
  'estimator/kitchen.json': 'estimator.json',
  'data/estimator-pricing.json': 'estimator-pricing.json',
  'blogs/blogs.json': 'blogs.json',
  'blogs/authors.json': 'authors.json',
  'blogs/categories.json': 'blog-categories.json',
  'catalog/styles/corpus-slab.json': 'style.json',
  'catalog/cabinets/corpus-slab.json': 'cabinet-line.json',
  'catalog/price-groups.json': 'price-groups.json',
  'popups/welcome.json': 'popup.json',
  'catalog/categories.json': 'categories.json',
  'blogs/content/rta-or-assembled.html': 'blog-body.html',
  'blogs/content/painting-cabinets.html': 'blog-body.html',
};

describe('the broken-definitions corpus', () => {
  it('has at least 30 cases, each with one expected problem', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    for (const c of cases) expect(Object.keys(c.expected).sort(), c.name).toEqual(['file', 'message', 'pointer']);
  });

  it('starts from a clean folder: the base with every fixture validates with exit code 0', () => {
    const copy = Object.fromEntries(Object.entries(allFixtures).filter(([file]) => file.endsWith('.html') || contentLayout.some((e) => matchesPattern(e.pattern, file))));
    expect(readDefinitions(build({ copy })).problems.map(formatProblem)).toEqual([]);
    const cli = validate(baseDir);
    expect(cli.stdout).toContain('all definitions are valid');
    expect(cli.status).toBe(0);
    expect(fs.existsSync(fixturesDir)).toBe(true);
  }, scaledMs(60_000));

  for (const c of cases) {
    const missing = unregistered(c);
    it(`${c.name}: ${c.fault}`, () => {
      // A case whose files the content layout does not know fails: it would check nothing.
      expect(missing, 'files not in the content layout').toEqual([]);
      const dir = build(c);
      // The place in words (`where`) is held by the demo-site test (../problem-place.test.ts).
      expect(readDefinitions(dir).problems.map(({ where: _where, ...p }) => p)).toEqual([c.expected]);
      if (c.cli) {
        const cli = validate(dir);
        expect(cli.status).toBe(1);
        expect(cli.stdout.trim().split('\n')).toEqual([formatProblem(c.expected)]);
        expect(cli.stderr).toContain('1 problem(s) found');
      }
    }, scaledMs(60_000));
  }
});
