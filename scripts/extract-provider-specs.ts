/**
 * Extracts, from Stripe's and PayPal's full OpenAPI documents, the operations our gateway adapters
 * call and every component they reference (the $ref closure), into server/gateways/fakes/providers/,
 * with the providers' licences and a NOTICE. The contract tests read only those extracts, so they
 * run from a bare clone; the full documents (4 MB for Stripe alone) stay outside the repository.
 *
 *   npm run providers:extract            writes the files
 *   npm run providers:extract -- --check exits 1 if a written file differs from a fresh extract
 *
 * The full documents are read from ../shared/providers beside the work tree, or SHOWROOM_PROVIDERS_DIR.
 * Which operations: VENDORED_DOCUMENTS in server/gateways/fakes/providers/vendored-operations.ts.
 * The output is deterministic (source order, one path or component a line) so a re-extract diffs well.
 */
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../server/build-output';
import {
  licenceFile,
  PROVIDER_SOURCES,
  VENDORED_DOCUMENTS,
  VENDORED_FIXTURES,
  vendoredDir,
  type VendoredDocument,
} from '../server/gateways/fakes/providers/vendored-operations';

type Json = Record<string, unknown>;

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

export function providersSourceDir(): string {
  return process.env.SHOWROOM_PROVIDERS_DIR ?? path.resolve(projectRoot, '..', 'shared', 'providers');
}

/** Every `$ref` string under a node, in document order. */
export function collectRefs(node: unknown, into: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) collectRefs(item, into);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') into.push(value);
      else collectRefs(value, into);
    }
  }
  return into;
}

/** The segments of a local JSON pointer ('#/components/schemas/a~1b' -> ['components', 'schemas', 'a/b']); null for any other reference. */
export function pointerSegments(ref: string): string[] | null {
  if (!ref.startsWith('#/')) return null;
  return ref.slice(2).split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** What a local reference points at in `doc`, or undefined when it points at nothing. */
export function resolveRef(doc: unknown, ref: string): unknown {
  const segments = pointerSegments(ref);
  if (!segments) return undefined;
  let node = doc;
  for (const part of segments) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Json)[part];
  }
  return node;
}

/** Splits 'post /v1/payment_intents' into its method and path template. */
export function parseOperation(operation: string): { method: string; template: string } {
  const m = /^([a-z]+) (\/\S*)$/.exec(operation);
  if (!m || !HTTP_METHODS.has(m[1]!)) throw new Error(`"${operation}" is not "method /path" (method in lower case)`);
  return { method: m[1]!, template: m[2]! };
}

/**
 * The part of `full` that `operations` need: those operations (nothing else of their path items),
 * every component they reference directly or through other components, and the security schemes
 * they name. Top-level fields other than openapi, info, servers and security are left out.
 */
export function extractOperations(full: Json, operations: readonly string[], note: Json): Json {
  const fullPaths = (full.paths ?? {}) as Record<string, Json>;
  const fullComponents = (full.components ?? {}) as Record<string, Json>;
  const wanted = new Map<string, Set<string>>();
  for (const operation of operations) {
    const { method, template } = parseOperation(operation);
    if (!fullPaths[template]?.[method]) throw new Error(`${operation}: no such operation in the full document`);
    if (!wanted.has(template)) wanted.set(template, new Set());
    wanted.get(template)!.add(method);
  }

  // Paths in the full document's order, methods in each path item's order.
  const paths: Record<string, Json> = {};
  for (const [template, item] of Object.entries(fullPaths)) {
    const methods = wanted.get(template);
    if (!methods) continue;
    paths[template] = Object.fromEntries(Object.entries(item).filter(([key]) => methods.has(key)));
  }

  // The $ref closure, by whole component (a reference into a component's inside keeps all of it).
  const included = new Map<string, Set<string>>();
  const pending = collectRefs(paths);
  while (pending.length) {
    const ref = pending.pop()!;
    const segments = pointerSegments(ref);
    if (!segments || segments[0] !== 'components' || segments.length < 3) throw new Error(`${ref}: only references to #/components/... can be extracted`);
    const [, kind, name] = segments as [string, string, string];
    const component = fullComponents[kind]?.[name];
    if (component === undefined) throw new Error(`${ref}: points at nothing in the full document`);
    if (!included.has(kind)) included.set(kind, new Set());
    if (included.get(kind)!.has(name)) continue;
    included.get(kind)!.add(name);
    pending.push(...collectRefs(component));
  }

  // Security schemes are named, not referenced: keep those the document or the operations use.
  const security = [...(Array.isArray(full.security) ? full.security : [])] as Json[];
  for (const methods of Object.values(paths)) {
    for (const operation of Object.values(methods)) security.push(...(((operation as Json).security ?? []) as Json[]));
  }
  for (const requirement of security) {
    for (const name of Object.keys(requirement)) {
      if (fullComponents.securitySchemes?.[name] === undefined) continue;
      if (!included.has('securitySchemes')) included.set('securitySchemes', new Set());
      included.get('securitySchemes')!.add(name);
    }
  }

  const components: Record<string, Json> = {};
  for (const [kind, entries] of Object.entries(fullComponents)) {
    const names = included.get(kind);
    if (!names) continue;
    components[kind] = Object.fromEntries(Object.entries(entries).filter(([name]) => names.has(name)));
  }

  const out: Json = { openapi: full.openapi, info: full.info, 'x-showroom-extract': note };
  if (full.servers !== undefined) out.servers = full.servers;
  if (full.security !== undefined) out.security = full.security;
  out.paths = paths;
  out.components = components;
  const dangling = collectRefs(out).filter((ref) => resolveRef(out, ref) === undefined);
  if (dangling.length) throw new Error(`the extract has unresolved references: ${[...new Set(dangling)].join(', ')}`);
  return out;
}

/**
 * JSON with one path, one component or one fixture a line and everything inside them minified:
 * compact, yet a re-extract shows in a diff which operation or schema changed.
 */
export function formatDocument(doc: Json): string {
  const expand = (at: string[]): boolean =>
    at.length === 0 || (at.length === 1 && ['paths', 'components', 'resources'].includes(at[0]!)) || (at.length === 2 && at[0] === 'components');
  const write = (value: unknown, at: string[], indent: string): string => {
    if (!expand(at) || typeof value !== 'object' || value === null || Array.isArray(value)) return JSON.stringify(value);
    const inner = indent + '  ';
    const entries = Object.entries(value).map(([key, child]) => `${inner}${JSON.stringify(key)}: ${write(child, [...at, key], inner)}`);
    return entries.length ? `{\n${entries.join(',\n')}\n${indent}}` : '{}';
  };
  return write(doc, [], '') + '\n';
}

function extractNote(document: VendoredDocument): Json {
  const source = PROVIDER_SOURCES[document.provider];
  return {
    description: `An extract of ${document.source} made by scripts/extract-provider-specs.ts: only the operations Showroom's gateway adapters call and the components they reference; nothing else changed.`,
    origin: `${source.repository}, ${document.origin}`,
    licence: `${source.licence}, see ${licenceFile(document.provider)}`,
    operations: document.operations,
  };
}

/** NOTICE.md: what each vendored file is an extract of, under which licence. */
export function noticeText(): string {
  const lines = [
    '# Vendored extracts of the payment providers\' API descriptions',
    '',
    'Written by `scripts/extract-provider-specs.ts` (`npm run providers:extract`); do not edit by hand.',
    'Each OpenAPI file below is an extract of the provider\'s published document: only the operations',
    'listed in `vendored-operations.ts` and the components they reference. The extracts are modified',
    'copies in that sense only; nothing inside an operation or component is changed. Each file says so',
    'in its `x-showroom-extract` field.',
    '',
    '| file | extract of | licence | source |',
    '| --- | --- | --- | --- |',
  ];
  for (const document of Object.values(VENDORED_DOCUMENTS)) {
    const source = PROVIDER_SOURCES[document.provider];
    const count = `${document.operations.length} operation${document.operations.length === 1 ? '' : 's'}`;
    lines.push(`| ${document.file} | ${document.source} (${count}) | ${source.licence} (${licenceFile(document.provider)}) | ${source.repository}, ${document.origin} |`);
  }
  const fixtures = PROVIDER_SOURCES[VENDORED_FIXTURES.provider];
  lines.push(`| ${VENDORED_FIXTURES.file} | ${VENDORED_FIXTURES.source} (resources ${VENDORED_FIXTURES.resources.join(', ')}) | ${fixtures.licence} (${licenceFile(VENDORED_FIXTURES.provider)}) | ${fixtures.repository}, ${VENDORED_FIXTURES.origin} |`);
  lines.push(
    '',
    'Stripe\'s documents: Copyright (c) 2011- Stripe, Inc., under the MIT License (LICENSE-stripe).',
    'PayPal\'s documents: Copyright 2023 PayPal, under the Apache License, Version 2.0 (LICENSE-paypal).',
    '',
  );
  return lines.join('\n');
}

function readJson(sourceDir: string, relative: string): Json {
  const file = path.join(sourceDir, relative);
  if (!fs.existsSync(file)) throw new Error(`${file} not found: point SHOWROOM_PROVIDERS_DIR at the providers folder`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Json;
}

/** Every file the extract writes into the vendored folder, by name, with its full text. */
export function extractedFiles(sourceDir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const document of Object.values(VENDORED_DOCUMENTS)) {
    files[document.file] = formatDocument(extractOperations(readJson(sourceDir, document.source), document.operations, extractNote(document)));
  }
  const all = readJson(sourceDir, VENDORED_FIXTURES.source).resources as Json;
  const resources: Json = {};
  for (const name of VENDORED_FIXTURES.resources) {
    if (all[name] === undefined) throw new Error(`${VENDORED_FIXTURES.source} has no resource ${name}`);
    resources[name] = all[name];
  }
  files[VENDORED_FIXTURES.file] = formatDocument({ resources });
  for (const provider of Object.keys(PROVIDER_SOURCES) as Array<keyof typeof PROVIDER_SOURCES>) {
    files[licenceFile(provider)] = fs.readFileSync(path.join(sourceDir, PROVIDER_SOURCES[provider].folder, 'LICENSE'), 'utf8');
  }
  files['NOTICE.md'] = noticeText();
  return files;
}

function main(): void {
  const check = process.argv.includes('--check');
  const sourceDir = providersSourceDir();
  const stale: string[] = [];
  for (const [name, text] of Object.entries(extractedFiles(sourceDir))) {
    const target = path.join(vendoredDir, name);
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
    if (current === text) continue;
    if (check) stale.push(name);
    else {
      fs.writeFileSync(target, text);
      console.log(`wrote ${path.relative(projectRoot, target)} (${Math.round(text.length / 1024)} kB)`);
    }
  }
  if (check && stale.length) {
    console.error(`Out of date with ${sourceDir}: ${stale.join(', ')} (run npm run providers:extract)`);
    process.exit(1);
  }
  if (!stale.length && check) console.log('The vendored provider documents are up to date.');
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) main();
