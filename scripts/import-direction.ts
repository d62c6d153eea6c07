/**
 * The house rule of imports (README "Layout"): `examples -> server | widgets | renderer -> schemas`.
 * The renderer mounts widgets as blocks, so it may import widgets/, never the other way: a widget
 * that reached into renderer/ would bundle the renderer into every custom element. schemas/ is the
 * definition language that browser and server share, so it imports nothing of ours and no Node
 * built-in. The studio is a browser app of its own that imports only schemas/. scripts/import-direction.test.ts
 * holds widgets/, studio/ and schemas/ to it; the renderer and the server are free to import downwards.
 *
 * Imports are read with a TypeScript parser (oxc-parser; the repo's TypeScript 7 has no JavaScript
 * API), not a regular expression, so an `import type`, a re-export, a literal `import()`, an
 * `import x = require()`, a `require()` and an `import('...')` type all count, and text in a comment
 * or a string never does. An `import()` of a computed URL (the widget loader's) names no module here.
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { parseSync, Visitor } from 'oxc-parser';

export interface ModuleImport {
  specifier: string;
  /** 1-based line of the import in its file. */
  line: number;
}

/** The layers the rule is about: the first folder of a repository path. */
export const CHECKED_LAYERS = ['widgets', 'studio', 'schemas'] as const;
export type CheckedLayer = (typeof CHECKED_LAYERS)[number];

/** What each checked layer may import of ours (its own folder included). */
const MAY_IMPORT: Record<CheckedLayer, readonly string[]> = {
  widgets: ['widgets', 'schemas'],
  studio: ['studio', 'schemas'],
  schemas: ['schemas'],
};

const WHY: Record<CheckedLayer, string> = {
  widgets: 'widgets import only widgets/ and schemas/ of ours (the renderer mounts widgets, never the other way)',
  studio: 'the studio imports only studio/ and schemas/ of ours (its own bundles; the preview is rendered by the server)',
  schemas: 'schemas/ imports nothing of ours and no Node built-in (it is shared by browser and server)',
};

const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/;
/** Tests may import anything (a test server, the renderer); `*.spec.ts` files are element specs, not tests. */
const TEST_FILE = /\.(?:test|e2e)\.[cm]?[jt]sx?$/;

function literalText(node: unknown): string | null {
  if (!node || typeof node !== 'object') return null;
  const n = node as { type?: string; value?: unknown; expressions?: unknown[]; quasis?: { value: { cooked?: string | null } }[]; literal?: unknown };
  if (n.type === 'Literal' && typeof n.value === 'string') return n.value;
  if (n.type === 'TemplateLiteral' && n.expressions?.length === 0) return n.quasis?.[0]?.value.cooked ?? null;
  if (n.type === 'TSLiteralType') return literalText(n.literal);
  return null;
}

/** Every module a source file names, in source order. Throws on a file the parser cannot read. */
export function moduleImports(fileName: string, source: string): ModuleImport[] {
  const parsed = parseSync(fileName, source);
  if (parsed.errors.length > 0) throw new Error(`${fileName}: cannot parse (${parsed.errors[0]!.message})`);
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') lineStarts.push(i + 1);
  const lineAt = (offset: number) => {
    let line = 0;
    while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= offset) line++;
    return line + 1;
  };
  const found: { specifier: string; start: number }[] = [];
  const add = (node: { start: number }, specifierNode: unknown) => {
    const specifier = literalText(specifierNode);
    if (specifier !== null) found.push({ specifier, start: node.start });
  };
  new Visitor({
    ImportDeclaration: (node) => add(node, node.source),
    ExportNamedDeclaration: (node) => node.source && add(node, node.source),
    ExportAllDeclaration: (node) => add(node, node.source),
    ImportExpression: (node) => add(node, node.source),
    TSImportType: (node) => add(node, node.source ?? (node as { argument?: unknown }).argument),
    TSExternalModuleReference: (node) => add(node, node.expression),
    CallExpression: (node) => {
      if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1) add(node, node.arguments[0]);
    },
  }).visit(parsed.program);
  return found.sort((a, b) => a.start - b.start).map(({ specifier, start }) => ({ specifier, line: lineAt(start) }));
}

function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(specifier) || builtinModules.includes(specifier.split('/')[0]!);
}

/**
 * What is wrong with one file's imports, one sentence each naming the file and line. `file` is the
 * repository path with forward slashes (widgets/estimator/Estimator.tsx); a file outside the
 * checked layers has nothing wrong.
 */
export function importDirectionProblems(file: string, imports: readonly ModuleImport[]): string[] {
  const layer = file.split('/')[0] as CheckedLayer;
  if (!CHECKED_LAYERS.includes(layer)) return [];
  const problems: string[] = [];
  for (const { specifier, line } of imports) {
    const where = `${file}:${line} imports '${specifier}'`;
    if (specifier.startsWith('.') || specifier.startsWith('/')) {
      const target = specifier.startsWith('/') ? specifier : path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const targetLayer = target.startsWith('../') || target.startsWith('/') ? null : target.split('/')[0]!;
      if (targetLayer === null) problems.push(`${where}, outside the repository: ${WHY[layer]}`);
      else if (!MAY_IMPORT[layer].includes(targetLayer)) problems.push(`${where} (${target}), of ${targetLayer}/: ${WHY[layer]}`);
    } else if (layer === 'schemas' && isNodeBuiltin(specifier)) {
      problems.push(`${where}, a Node built-in: ${WHY[layer]}`);
    }
  }
  return problems;
}

/** The non-test source files of one layer, repository paths with forward slashes, sorted. */
export function layerSourceFiles(root: string, layer: CheckedLayer): string[] {
  return fs
    .readdirSync(path.join(root, layer), { recursive: true, encoding: 'utf8' })
    .map((relative) => `${layer}/${relative.split(path.sep).join('/')}`)
    .filter((file) => SOURCE_FILE.test(file) && !TEST_FILE.test(file) && !file.split('/').includes('node_modules'))
    .sort();
}

/** Every problem of the checked layers under `root`. */
export function checkImportDirection(root: string): string[] {
  return CHECKED_LAYERS.flatMap((layer) =>
    layerSourceFiles(root, layer).flatMap((file) => importDirectionProblems(file, moduleImports(file, fs.readFileSync(path.join(root, file), 'utf8')))),
  );
}
