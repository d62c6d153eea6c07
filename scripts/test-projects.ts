/**
 * Which Vitest project runs each test file (vitest.config.ts reads this; docs/development.md,
 * "Where a test runs", says the same in words; scripts/test-projects.test.ts holds it):
 *
 * - A test that starts a process of the store (a command, a server process, kill -9) runs in the
 *   `slow` lane, whatever its room: it is found by what it imports (node:child_process, directly or
 *   through a test helper), so nobody has to remember.
 * - A test of server/ that reaches a database says on which engines it means something, with a tag
 *   in its opening comment, `@engines sqlite postgres: why` or `@engines sqlite: why`
 *   (`@engines postgres` for what only PostgreSQL has: several servers on one database). What the
 *   engine decides (queries, locks, races, transactions, migrations, shared limits, sessions,
 *   idempotency, the mail queue, several servers) runs on both; what it cannot change (headers,
 *   input parsing, e-mail rules, rendering, the property checks of pure code) runs on SQLite only.
 *   A file that reaches a database without the tag fails the holding test, which says this.
 * - Unit tests that replace modules (vi.mock) run isolated; every other project shares one module
 *   graph per worker, so the code, the compiled schemas and the checked demo content load once per
 *   worker, not once per file.
 */
import fs from 'node:fs';
import path from 'node:path';

export type Engine = 'sqlite' | 'postgres';

export interface TestFile {
  /** Relative to the repository, with forward slashes. */
  file: string;
  /** Starts a process of the store. */
  startsProcesses: boolean;
  /** Reaches a database (server tests), through the test kit or directly. */
  reachesDatabase: boolean;
  /** The engines of its `@engines` tag; null without one. */
  engines: Engine[] | null;
  /** Replaces modules with vi.mock. */
  mocksModules: boolean;
}

const TEST_FILE = /\.(test\.tsx?|e2e\.ts)$/;
const ROOMS = ['schemas', 'renderer', 'widgets', 'studio', 'scripts', 'server', 'e2e'];
/** Test helpers whose imports count as the test's own (they are followed); production code is not. */
const HELPER = /(^e2e\/|\/testing\/|-kit\.tsx?$|-harness\.ts$|scripted-shop\.ts$|payments-test-app\.ts$|-fixture\.tsx?$)/;
const TEST_DATABASE = 'server/testing/test-database.ts';

function walk(root: string, dir: string, out: string[]): void {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) walk(root, rel, out);
    else if (TEST_FILE.test(entry.name)) out.push(rel);
  }
}

/** Every test file of the repository, sorted. */
export function testFiles(root: string): string[] {
  const out: string[] = [];
  for (const room of ROOMS) if (fs.existsSync(path.join(root, room))) walk(root, room, out);
  return out.sort();
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The specifiers a source imports (static, re-exports, side effects, dynamic with a literal). */
export function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

function resolveLocal(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile()) return candidate;
  }
  return undefined;
}

/** The file and the test helpers it imports, followed through helpers only. */
function helperClosure(root: string, file: string): { files: string[]; specifiers: Set<string> } {
  const seen = new Set<string>([file]);
  const specifiers = new Set<string>();
  const queue = [file];
  while (queue.length) {
    const current = queue.pop()!;
    for (const specifier of importsOf(fs.readFileSync(path.join(root, current), 'utf8'))) {
      specifiers.add(specifier);
      const local = resolveLocal(root, current, specifier);
      if (!local || seen.has(local)) continue;
      seen.add(local);
      if (HELPER.test(local)) queue.push(local);
    }
  }
  return { files: [...seen], specifiers };
}

const ENGINES_TAG = /@engines\s+((?:sqlite|postgres)(?:\s+(?:sqlite|postgres))*)\b/;

export function describeTestFile(root: string, file: string): TestFile {
  const source = fs.readFileSync(path.join(root, file), 'utf8');
  const closure = helperClosure(root, file);
  // Only the opening comment speaks for the file (a test may hold a tag in a string).
  const tag = ENGINES_TAG.exec(/^\s*\/\*[\s\S]*?\*\//.exec(source)?.[0] ?? '');
  return {
    file,
    startsProcesses: closure.specifiers.has('node:child_process') || closure.specifiers.has('child_process'),
    reachesDatabase: file.startsWith('server/') && closure.files.includes(TEST_DATABASE),
    engines: tag ? ([...new Set(tag[1]!.split(/\s+/))] as Engine[]) : null,
    mocksModules: /\bvi\.mock\(/.test(source),
  };
}

export type ProjectName = 'unit' | 'unit-isolated' | 'server' | 'server-postgres' | 'e2e' | 'slow' | 'slow-postgres';

/** The projects a file runs in (one per engine where it runs on both). */
export function projectsOf(t: TestFile): ProjectName[] {
  const onPostgres = t.engines?.includes('postgres') ?? false;
  const onSqlite = t.engines === null || t.engines.includes('sqlite');
  if (t.startsProcesses) return [...(onSqlite ? (['slow'] as const) : []), ...(onPostgres ? (['slow-postgres'] as const) : [])];
  if (t.file.startsWith('e2e/')) return ['e2e'];
  if (t.file.startsWith('server/')) return [...(onSqlite ? (['server'] as const) : []), ...(onPostgres ? (['server-postgres'] as const) : [])];
  return [t.mocksModules ? 'unit-isolated' : 'unit'];
}

/** Every project's files. */
export function projectFiles(root: string): Record<ProjectName, string[]> {
  const projects: Record<ProjectName, string[]> = { unit: [], 'unit-isolated': [], server: [], 'server-postgres': [], e2e: [], slow: [], 'slow-postgres': [] };
  for (const file of testFiles(root)) for (const project of projectsOf(describeTestFile(root, file))) projects[project].push(file);
  return projects;
}
