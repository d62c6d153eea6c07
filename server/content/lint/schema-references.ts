/**
 * A file's "$schema" is how an editor finds the schema that completes and checks the file. Two
 * things can go wrong, and each passes the server's own check silently while the editor loses its
 * completion:
 * - it names the schema of another kind (the editor then checks the file against the wrong schema);
 * - its path does not lead to the published schema (schemas/json/{kind}.schema.json), relative to
 *   the file, as editors resolve it: a folder level too many or too few, a misspelt folder.
 * A URL (the schema's $id, https://showroom.dev/schemas/{kind}.schema.json, or a store's
 * /schemas/...) is not looked up; its name is checked.
 *
 * Where the folder is a copy made away from the schemas (a test's temporary folder, a deployed copy),
 * no path can lead to them; the paths are then held to what the folder's other files agree on, so a
 * file that climbs one level too few is still found. Which of the two applies is decided by the
 * files themselves: when any path leads to a published schema, the folder is at home and each path
 * must lead to one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { schemaId } from '../../../schemas/schema-id';
import { projectRoot } from '../../build-output';
import type { DefinitionProblem } from '../definition-problem';
import { isRecord } from './json-pointer';
import { comparePaths, type LintInput } from './lint-input';

/** The published schemas, as `npm run schemas` writes them. */
export const publishedSchemaDir = path.join(projectRoot, 'schemas', 'json');

const URL_LIKE = /^[a-z][a-z0-9+.-]*:/i;

interface Reference {
  file: string;
  kind: string;
  /** Where the path leads, relative to the content folder ("../../schemas/json/page.schema.json"). */
  target: string;
  /** Whether a published schema of the file's kind is there. */
  leads: boolean;
}

/** `to` (relative to the content folder) as a path relative to the folder of `file`, as a file would write it. */
function pathFromFile(file: string, to: string): string {
  // Both are relative to the content folder and may climb out of it: resolve them under a root deep
  // enough that climbing never reaches the top, so the relative path between them is exact.
  const base = `/${'d/'.repeat(64)}`;
  return path.posix.relative(path.posix.join(base, path.posix.dirname(file)), path.posix.join(base, to));
}

function mostCommon(values: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | undefined;
  for (const [v, n] of counts) if (best === undefined || n > counts.get(best)!) best = v;
  return best;
}

export function checkSchemaReferences(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const published = new Map<string, boolean>();
  const isPublished = (target: string, kind: string): boolean => {
    const full = path.resolve(input.dir, target);
    let found = published.get(full);
    if (found === undefined) {
      try {
        found = (JSON.parse(fs.readFileSync(full, 'utf8')) as { $id?: unknown }).$id === schemaId(kind);
      } catch {
        found = false;
      }
      published.set(full, found);
    }
    return found;
  };

  const references: Reference[] = [];
  for (const file of [...input.files.keys()].sort(comparePaths)) {
    const data = input.files.get(file);
    const kind = input.schemaOf.get(file);
    if (!kind || !isRecord(data) || typeof data.$schema !== 'string') continue;
    const written = data.$schema;
    const bare = written.split(/[?#]/, 1)[0]!;
    const named = bare.slice(bare.lastIndexOf('/') + 1);
    const expected = `${kind}.schema.json`;
    if (named !== expected) {
      problems.push({
        file,
        pointer: '/$schema',
        message: `names the schema "${named}", but this file is checked as a ${kind} definition: point "$schema" at schemas/json/${expected}`,
      });
      continue;
    }
    if (URL_LIKE.test(written)) continue;
    const target = path.isAbsolute(written)
      ? path.relative(input.dir, written).split(path.sep).join('/')
      : path.posix.normalize(path.posix.join(path.posix.dirname(file), written));
    references.push({ file, kind, target, leads: isPublished(target, kind) });
  }

  const leading = references.filter((r) => r.leads);
  // At home: the folder the paths that work lead to. Away from the schemas: the folder most paths name.
  const schemaDir = mostCommon((leading.length ? leading : references).map((r) => path.posix.dirname(r.target)));
  if (schemaDir === undefined) return problems;
  for (const r of references) {
    if (leading.length ? r.leads : path.posix.dirname(r.target) === schemaDir) continue;
    const right = pathFromFile(r.file, path.posix.join(schemaDir, `${r.kind}.schema.json`));
    problems.push({
      file: r.file,
      pointer: '/$schema',
      message: leading.length
        ? `does not lead to the published schema (there is no such file, counting from this file's folder): write "${right}", or editors cannot complete and check this file`
        : `does not lead where the "$schema" of the other files leads: write "${right}" like them, or editors cannot complete and check this file`,
    });
  }
  return problems;
}
