import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentLayout, matchesPattern } from './content-layout';
import { scaledMs } from '../../scripts/test-calibration';

const siteDir = path.resolve('examples/site');
const schemaJsonDir = path.resolve('schemas/json');

function jsonFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return jsonFiles(path.join(dir, entry.name), rel);
    return entry.name.endsWith('.json') ? [rel] : [];
  });
}

describe('the demo store (examples/site)', () => {
  const files = jsonFiles(siteDir).sort();

  it('has definitions', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  // Editors autocomplete and check a file through its "$schema" with no setup, so every file must
  // name the published schema its place in the folder is validated with, by a path that resolves.
  it.each(files)('%s names the $schema its location uses, and the file exists', (file) => {
    const entry = contentLayout.find((e) => matchesPattern(e.pattern, file));
    expect(entry, `${file} is not read by any entry of server/content/content-layout.ts`).toBeDefined();
    const data = JSON.parse(fs.readFileSync(path.join(siteDir, file), 'utf8')) as { $schema?: unknown };
    expect(typeof data.$schema, `${file} has no "$schema"`).toBe('string');
    const ref = data.$schema as string;
    const resolved = path.resolve(path.dirname(path.join(siteDir, file)), ref);
    expect(path.dirname(resolved), `${file}: "$schema" should point into schemas/json/`).toBe(schemaJsonDir);
    expect(path.basename(resolved)).toBe(`${entry!.schema}.schema.json`);
    expect(fs.existsSync(resolved), `${ref} does not exist`).toBe(true);
  });

  // What a visitor reads is content, not what a test or a generator left behind.
  it('carries no test leftovers: no "(updated)" marks, no placeholder choices such as "Option 1"', () => {
    for (const file of files) {
      const text = fs.readFileSync(path.join(siteDir, file), 'utf8');
      expect(text, file).not.toMatch(/\(updated\)/);
      expect(text, file).not.toMatch(/"(label|text)": "Option \d+"/);
    }
  });

  it('passes `npm run validate -- examples/site` with exit code 0', () => {
    const result = spawnSync(path.resolve('node_modules/.bin/tsx'), ['server/cli.ts', 'validate', 'examples/site'], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toContain('examples/site: all definitions are valid.');
    expect(result.status).toBe(0);
  }, scaledMs(60_000));
});
