/**
 * A problem's place in the words of the studio's form, a list's own name giving way to its item's:
 * `/blocks/1/items/0/title` of a page is "Block 2 (Cards) · Card 1 · Title". Pure: the browser's
 * problem list and the server's lint use the same words.
 */
import { childSchema, pointerSegments, stepLabel } from './definition-labels';
import { blockSchemas } from './page.schema';

/** The block types a page knows: a block of another type is "Block 2 (unknown type "bannr")", never the first type's name. */
const BLOCK_TYPES = new Set((blockSchemas as readonly { properties: { type: { const: string } } }[]).map((s) => s.properties.type.const));

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
export function problemSentence(p: { where?: string; message: string }): string {
  return p.where ? `${p.where}: ${p.message}` : p.message;
}
