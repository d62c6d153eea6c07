/**
 * The compiled server runs after `npm ci --omit=dev`: every package that dist/server and the
 * server-rendering bundle (dist/ssr) import is in package.json's `dependencies`, and none of them is
 * a compiler or loader of TypeScript.
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { distDir, projectRoot } from '../server/build-output';
import { SERVER_COMMANDS, SERVER_WORKERS } from './build-server';

const packageJson = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; scripts: Record<string, string> };

/** The package names a built file imports (static, dynamic with a literal, require), node's own left out. */
function packagesImported(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const patterns = [/^import\s[^;]*?\bfrom\s*["']([^"'\s]+)["']/gm, /^import\s*["']([^"'\s]+)["']/gm, /\bimport\(\s*["']([^"'\s]+)["']\s*\)/g, /\brequire\(\s*["']([^"'\s]+)["']\s*\)/g];
  const specifiers = patterns.flatMap((p) => [...text.matchAll(p)].map((m) => m[1]!)).filter((s) => !s.startsWith('.') && !s.startsWith('/'));
  const names = specifiers.filter((s) => !s.startsWith('node:') && !builtinModules.includes(s.split('/')[0]!)).map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!));
  return [...new Set(names)].sort();
}

describe('the compiled server', () => {
  const files = [...[...SERVER_COMMANDS, ...SERVER_WORKERS].map((name) => path.join(distDir, 'server', `${name}.js`)), path.join(distDir, 'ssr', 'entry-server.js')];

  it('imports only packages of dependencies, none of them TypeScript tooling', () => {
    for (const file of files) {
      const imported = packagesImported(file);
      expect(imported.length, file).toBeGreaterThan(0);
      expect(imported.filter((name) => !(name in packageJson.dependencies)), path.relative(projectRoot, file)).toEqual([]);
      expect(imported.filter((name) => ['tsx', 'typescript', 'esbuild', 'ts-node'].includes(name)), file).toEqual([]);
    }
    expect(packageJson.dependencies).not.toHaveProperty('tsx');
  });

  it('is what npm start and the operations commands run, with plain node', () => {
    for (const script of ['start', 'migrate', 'db:copy', 'backup', 'restore', 'validate', 'operator', 'quote', 'submissions', 'payment-pages:check']) {
      expect(packageJson.scripts[script], script).toMatch(/^node dist\/server\/[a-z-/]+\.js\b/);
    }
    expect(packageJson.scripts.dev).toBe('tsx server/cli.ts start');
  });
});
