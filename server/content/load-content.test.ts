import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatProblem, InvalidContentError } from './definition-problem';
import { loadContent } from './load-content';
import { scaledMs } from '../../scripts/test-calibration';

const exampleSite = path.resolve('examples/site');
const tempDirs: string[] = [];

/** A copy of the demo store with one file replaced. */
function siteWith(file: string, data: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-content-'));
  tempDirs.push(dir);
  fs.cpSync(exampleSite, dir, { recursive: true });
  fs.writeFileSync(path.join(dir, file), typeof data === 'string' ? data : JSON.stringify(data));
  return dir;
}

function problemsOf(dir: string): string[] {
  try {
    loadContent(dir);
  } catch (err) {
    if (err instanceof InvalidContentError) return err.problems.map(formatProblem);
    throw err;
  }
  return [];
}

afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadContent', () => {
  it('loads the demo store', () => {
    const content = loadContent(exampleSite);
    expect(content.settings.siteName).toBe('Oak & Hearth Cabinetry');
    expect(content.pages.home?.blocks.length).toBeGreaterThan(0);
    expect(content.routes[0]).toEqual({ path: '/', page: 'home' });
    expect(content.paymentMethods.some((m) => m.enabled)).toBe(true);
  }, scaledMs(30_000));

  // Broken pages, blocks and the lint checks: see corpus/ (one case per fault).

  it('refuses to load a folder with a problem only the lint checks see', () => {
    const routes = JSON.parse(fs.readFileSync(path.join(exampleSite, 'routes.json'), 'utf8'));
    routes.routes.unshift({ path: '/a1-lint-probe', page: 'no-such-page' });
    expect(problemsOf(siteWith('routes.json', routes))).toEqual([
      'routes.json#/routes/0/page names the page definition "no-such-page", but there is no pages/no-such-page.json',
    ]);
  }, scaledMs(30_000));

  it('gives the shipping methods and tax rules to the server', () => {
    const content = loadContent(exampleSite);
    expect(content.shippingMethods.some((m) => m.isEnabled)).toBe(true);
    expect(content.taxRules.length).toBeGreaterThan(0);
  }, scaledMs(30_000));

  it('reports a file that is not JSON', () => {
    const problems = problemsOf(siteWith('routes.json', '{ "routes": [ }'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^routes\.json# is not valid JSON/);
  }, scaledMs(30_000));

  it('reports a misspelt property', () => {
    const problems = problemsOf(siteWith('site.json', { siteName: 'X', navigation: [], cookieConsnt: { message: 'x' } }));
    expect(problems).toEqual(['site.json#/cookieConsnt is not a setting this definition knows (check its spelling: did you mean "cookieConsent" (Cookie consent)?)']);
  }, scaledMs(30_000));
});
