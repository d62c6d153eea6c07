/**
 * A place in a definition in the words of the studio's form, not of JSON: `/blocks/1/slides/0/title`
 * of a page is "Block 2 (Banner slider) · Banner slide 1 · Title". Lists count from one; a block is
 * named by its number and its type; a property by its schema's title, or its name in words. The
 * history and the review read changes with it; the JSON pointer stays beside it for developers.
 *
 * Pure: the schemas and a value in, words out (browser and server alike).
 */

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** "showTitle" -> "Show title", "secondary_action" -> "Secondary action". */
export function wordsOf(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** "Rich text block" -> "Rich text". */
export function withoutBlockSuffix(title: string): string {
  return title.replace(/\s+block$/i, '');
}

/** A list's name for one of its items: "Routes" -> "Route", "Categories" -> "Category". */
function singular(label: string): string {
  if (/ies$/i.test(label)) return label.slice(0, -3) + 'y';
  if (/(ss|us)$/i.test(label)) return label;
  if (/s$/i.test(label)) return label.slice(0, -1);
  return label;
}

/** Follows a local `$ref` (`#/definitions/x`) of the root schema. */
function resolve(root: Schema, schema: unknown): Schema | undefined {
  let s = schema;
  for (let i = 0; i < 8 && isObject(s) && typeof s.$ref === 'string'; i++) {
    const parts = s.$ref.replace(/^#\//, '').split('/');
    let target: unknown = root;
    for (const p of parts) target = isObject(target) ? target[p] : undefined;
    s = target;
  }
  return isObject(s) ? s : undefined;
}

/** The branch of a oneOf / anyOf the value takes: by its `type` const when there is one, else the first that names the key. */
function branch(root: Schema, schema: Schema, value: unknown, key?: string): Schema {
  const options = (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : null) as unknown[] | null;
  if (!options) return schema;
  const resolved = options.map((o) => resolve(root, o)).filter((o): o is Schema => o !== undefined);
  const type = isObject(value) ? value.type : undefined;
  const byType = resolved.find((o) => isObject(o.properties) && isObject(o.properties.type) && (o.properties.type as Schema).const === type);
  if (byType) return byType;
  if (key !== undefined) {
    const naming = resolved.find((o) => isObject(o.properties) && key in o.properties);
    if (naming) return naming;
  }
  return resolved[0] ?? schema;
}

/** The schema of a child (a property, or an item of a list); undefined where the schema says nothing. */
export function childSchema(root: Schema, schema: Schema | undefined, value: unknown, key: string): Schema | undefined {
  if (!schema) return undefined;
  const here = branch(root, resolve(root, schema) ?? schema, value, key);
  if (Array.isArray(value)) return resolve(root, here.items);
  const props = isObject(here.properties) ? here.properties : undefined;
  if (props && key in props) return resolve(root, props[key]);
  if (isObject(here.additionalProperties)) return resolve(root, here.additionalProperties);
  return undefined;
}

/** The words for one step: a property, or an item of a list (its number from one, a block's type). */
export function stepLabel(root: Schema, parentSchema: Schema | undefined, parentLabel: string, parentValue: unknown, key: string, childValue: unknown): string {
  const schema = childSchema(root, parentSchema, parentValue, key);
  if (Array.isArray(parentValue)) {
    const n = Number(key) + 1;
    const item = schema ? branch(root, schema, childValue) : undefined;
    const type = isObject(childValue) && typeof childValue.type === 'string' ? childValue.type : undefined;
    // A block of a page: "Block 2 (Rich text)".
    if (type && item && typeof item.title === 'string' && /\sblock$/i.test(item.title)) return `Block ${n} (${withoutBlockSuffix(item.title)})`;
    const listItemTitle = schema && typeof schema.title === 'string' ? schema.title : undefined;
    return `${listItemTitle ?? singular(parentLabel || 'Item')} ${n}`;
  }
  return schema && typeof schema.title === 'string' && !/\sblock$/i.test(schema.title) ? schema.title : wordsOf(key);
}

/** A JSON pointer's segments ("/blocks/1/title" -> ["blocks", "1", "title"]). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The place a pointer names, in words, joined by " · " ("" for the whole file). The value is the
 * definition, so a block's type and a oneOf's branch are known; past where the value ends (a
 * property that is missing), the schema alone names the rest.
 */
export function pointerLabel(root: Schema, value: unknown, pointer: string): string {
  const labels: string[] = [];
  let schema: Schema | undefined = root;
  let node: unknown = value;
  let label = '';
  for (const key of pointerSegments(pointer)) {
    const child = Array.isArray(node) ? node[Number(key)] : isObject(node) ? node[key] : undefined;
    label = stepLabel(root, schema, label, node, key, child);
    labels.push(label);
    schema = childSchema(root, schema, node, key);
    node = child;
  }
  return labels.join(' · ');
}
