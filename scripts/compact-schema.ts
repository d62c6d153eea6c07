/**
 * Prepares a definition schema for ajv standalone code that ships to browsers. The TypeScript schemas
 * inline shared pieces (a form field appears in a form's fields, in its groups and in every step),
 * and ajv generates code once per appearance: the form validator came to 1.4 MB. Hoisting every
 * repeated object schema into `definitions` behind a `$ref` makes ajv generate it once. Titles and
 * descriptions are annotations, dropped here because validation does not read them.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

const isObject = (v: Json | undefined): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords whose value is a schema, a list of schemas, or a map of schemas. */
const ONE_SCHEMA = ['additionalProperties', 'items', 'if', 'then', 'else', 'not'];
const SCHEMA_LIST = ['oneOf', 'anyOf', 'allOf'];
const SCHEMA_MAP = ['properties', 'definitions'];

/** Calls `visit` with every subschema (not the root) and a function that replaces it. */
function eachSubschema(schema: Schema, visit: (sub: Schema, replace: (next: Schema) => void) => void): void {
  for (const key of ONE_SCHEMA) {
    const v = schema[key];
    if (isObject(v)) visit(v, (next) => (schema[key] = next));
  }
  for (const key of SCHEMA_LIST) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((v, i) => isObject(v) && visit(v, (next) => (list[i] = next)));
  }
  for (const key of SCHEMA_MAP) {
    const map = schema[key];
    if (isObject(map)) for (const [k, v] of Object.entries(map)) if (isObject(v)) visit(v, (next) => (map[k] = next));
  }
}

function walk(schema: Schema, visit: (sub: Schema, replace: (next: Schema) => void) => void): void {
  eachSubschema(schema, (sub, replace) => {
    visit(sub, replace);
    walk(sub, visit);
  });
}

function stripAnnotations(schema: Schema): void {
  for (const key of ['title', 'description', '$comment']) if (typeof schema[key] === 'string') delete schema[key];
  eachSubschema(schema, (sub) => stripAnnotations(sub));
}

export function compactSchema(input: object): Schema {
  const root = JSON.parse(JSON.stringify(input)) as Schema;
  stripAnnotations(root);
  const definitions: Schema = isObject(root.definitions) ? root.definitions : {};
  root.definitions = definitions;
  for (let n = 0; ; n++) {
    const counts = new Map<string, number>();
    walk(root, (sub) => {
      if (sub.type !== 'object') return;
      const key = JSON.stringify(sub);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    });
    const repeated = [...counts].filter(([, c]) => c > 1).sort((a, b) => b[0].length - a[0].length)[0];
    if (!repeated) break;
    const name = `shared${n}`;
    definitions[name] = JSON.parse(repeated[0]) as Schema;
    const ref: Schema = { $ref: `#/definitions/${name}` };
    walk(root, (sub, replace) => {
      if (sub !== definitions[name] && JSON.stringify(sub) === repeated[0]) replace({ ...ref });
    });
  }
  if (Object.keys(definitions).length === 0) delete root.definitions;
  return root;
}
