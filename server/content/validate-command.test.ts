import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCase } from './corpus/corpus';
import { runValidate } from './validate-command';
import { scaledMs } from '../../scripts/test-calibration';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The corpus's clean folder with two unrelated problems: a route to no page, an unknown block type. */
function brokenFolder(): string {
  const dir = buildCase({
    copy: { 'catalog/styles/corpus-slab.json': 'style.json', 'catalog/styles/corpus-zinc.json': 'style.json' },
    set: [
      ['routes.json', '/routes/1/page', 'abot-us'],
      ['pages/home.json', '/blocks/-', { type: 'txet', sections: [] }],
      ['catalog/styles/corpus-zinc.json', '/name', 'corpus-zinc'],
      ['catalog/styles/corpus-zinc.json', '/items/0/sku', 'CZ-1-DS'],
    ],
  });
  dirs.push(dir);
  return dir;
}

const ROUTE = 'routes.json#/routes/1/page names the page definition "abot-us", but there is no pages/abot-us.json\n';
const BLOCK = 'pages/home.json#/blocks/0 has an unknown block type "txet" (did you mean "text"?)\n';
const SKU = 'catalog/styles/corpus-zinc.json#/items/1/sku repeats the sample SKU "CS-2-DS", already used at catalog/styles/corpus-slab.json#/items/1/sku; every SKU must be unique\n';

describe('npm run validate', () => {
  it('answers --help with its usage and exit code 0, and no argument with the usage and 1', () => {
    const help = runValidate(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('npm run validate -- DIR FILE...');
    expect(help.stdout).toContain('npm run validate -- FILE...');
    expect(runValidate(['-h']).code).toBe(0);
    expect(runValidate([])).toMatchObject({ code: 1, stdout: '' });
    expect(runValidate([]).stderr).toContain('Usage:');
  });

  it('checks a whole folder as before', () => {
    const dir = brokenFolder();
    const result = runValidate([dir]);
    expect(result.stdout).toBe(SKU + BLOCK + ROUTE);
    expect(result.stderr).toBe(`3 problem(s) found in ${dir}.\n`);
    expect(result.code).toBe(1);
  }, scaledMs(30_000));

  it('DIR FILE...: checks the whole folder, reports only the named files, and counts the rest', () => {
    const dir = brokenFolder();
    const result = runValidate([dir, 'routes.json']);
    expect(result).toEqual({
      stdout: ROUTE,
      stderr: `1 problem(s) found in routes.json.\n2 other problem(s) in ${dir}, in files not named; npm run validate -- ${dir} lists them.\n`,
      code: 1,
    });
    // A path to the file works as well as its place in the folder.
    expect(runValidate([dir, path.join(dir, 'pages', 'home.json'), 'routes.json']).stdout).toBe(BLOCK + ROUTE);
  }, scaledMs(30_000));

  it("reports another file's problem that names a named file (a repeated SKU blamed on the later file)", () => {
    const dir = brokenFolder();
    expect(runValidate([dir, 'catalog/styles/corpus-slab.json']).stdout).toBe(SKU);
  }, scaledMs(30_000));

  it('a named file with no problem passes (exit 0), and the others are counted on stderr', () => {
    const dir = brokenFolder();
    const result = runValidate([dir, 'site.json']);
    expect(result).toEqual({
      stdout: `site.json: valid (checked with the rest of ${dir}).\n`,
      stderr: `3 other problem(s) in ${dir}, in files not named; npm run validate -- ${dir} lists them.\n`,
      code: 0,
    });
  }, scaledMs(30_000));

  it('FILE alone: finds the folder by walking up to the one that holds site.json', () => {
    const dir = brokenFolder();
    const result = runValidate([path.join('pages', 'home.json')], dir);
    expect(result.stdout).toBe(BLOCK);
    expect(result.code).toBe(1);
    expect(runValidate([path.join(dir, 'routes.json')]).stdout).toBe(ROUTE);
  }, scaledMs(30_000));

  it('refuses a file outside the folder, or one no folder with site.json holds', () => {
    const dir = brokenFolder();
    const lonely = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-lonely-'));
    dirs.push(lonely);
    fs.writeFileSync(path.join(lonely, 'page.json'), '{}');
    expect(runValidate([path.join(lonely, 'page.json')])).toMatchObject({ code: 1, stdout: '' });
    expect(runValidate([path.join(lonely, 'page.json')]).stderr).toContain('holds site.json');
    expect(runValidate([dir, path.join(lonely, 'page.json')]).stderr).toContain('is not a file of the content folder');
    expect(runValidate([dir, 'pages/nope.json']).code).toBe(1);
    expect(runValidate(['no/such/place.json']).stderr).toContain('is neither a folder nor a file');
  }, scaledMs(30_000));

  it('the command line prints the usage for --help with exit code 0', () => {
    const cli = spawnSync(path.resolve('node_modules/.bin/tsx'), ['server/cli.ts', 'validate', '--help'], { encoding: 'utf8' });
    expect(cli.stdout).toContain('Usage:');
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
  }, scaledMs(30_000));
});
