/**
 * A problem's place in the words of the studio's form: `pages/about.json#/blocks/1/html` is
 * "Block 2 (Rich text) · Text". Every list of problems (the studio's field, block, panel and publish
 * bar) leads with it; the JSON pointer stays beside it for the CLI and developers.
 */
import { definitionSchemas, type DefinitionSchemaName } from '../../schemas/index';
import { childSchema, pointerSegments, stepLabel } from '../../schemas/definition-labels';
import { blockSchemas } from '../../schemas/page.schema';
import type { DefinitionProblem } from './definition-problem';

/** The block types a page knows: a block of another type is "Block 2 (unknown type "bannr")", never the first type's name. */
const BLOCK_TYPES = new Set((blockSchemas as readonly { properties: { type: { const: string } } }[]).map((s) => s.properties.type.const));

/** The problems with `where` set for those inside a parsed file of a known kind. */
export function placeProblems(problems: DefinitionProblem[], files: ReadonlyMap<string, unknown>, schemaOf: ReadonlyMap<string, DefinitionSchemaName>): DefinitionProblem[] {
  return problems.map((p) => {
    const kind = schemaOf.get(p.file);
    if (!p.pointer || !kind || !files.has(p.file)) return p;
    const where = placeOf(definitionSchemas[kind] as unknown as Schema, files.get(p.file), p.pointer);
    return where ? { ...p, where } : p;
  });
}

type Schema = Record<string, unknown>;

/**
 * The place a pointer names, a list's own name giving way to its item's: "Block 2 (Cards) · Card 1 ·
 * Title", not "Blocks · Block 2 (Cards) · Items · Card 1 · Title".
 */
export function placeOf(root: Schema, value: unknown, pointer: string): string {
  const labels: string[] = [];
  let schema: Schema | undefined = root;
  let node: unknown = value;
  let label = '';
  for (const key of pointerSegments(pointer)) {
    const isList = Array.isArray(node);
    const child: unknown = isList ? (node as unknown[])[Number(key)] : typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
    label = stepLabel(root, schema, label, node, key, child);
    const type = typeof child === 'object' && child !== null ? (child as { type?: unknown }).type : undefined;
    if (/^Block \d+ \(/.test(label) && !BLOCK_TYPES.has(String(type))) label = `Block ${Number(key) + 1}${typeof type === 'string' ? ` (unknown type "${type}")` : ''}`;
    if (isList) labels.pop();
    labels.push(label);
    schema = childSchema(root, schema, node, key);
    node = child;
  }
  return labels.join(' · ');
}

/** "Block 2 (Rich text) · Text: the link /x goes to no page": the sentence an editor reads. */
export function problemSentence(p: Pick<DefinitionProblem, 'where' | 'message'>): string {
  return p.where ? `${p.where}: ${p.message}` : p.message;
}
