/** Compiles every published schema once; the server may compile at run time, browsers never do. */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { definitionSchemas, type DefinitionSchemaName } from '../../schemas/index';
import type { DefinitionProblem } from './definition-problem';
import { closestName, didYouMean } from '../../schemas/evaluators/closest-name';

export { closestName } from '../../schemas/evaluators/closest-name';

let validators: Map<DefinitionSchemaName, ValidateFunction> | undefined;

function compileAll(): Map<DefinitionSchemaName, ValidateFunction> {
  // verbose: errors carry their schema, so a pattern error can quote the property's description.
  const ajv = new Ajv({ allErrors: true, discriminator: true, strict: true, allowUnionTypes: true, verbose: true });
  const map = new Map<DefinitionSchemaName, ValidateFunction>();
  for (const [name, schema] of Object.entries(definitionSchemas)) {
    map.set(name as DefinitionSchemaName, ajv.compile(schema));
  }
  return map;
}

/** JSON type names in the words of someone who writes the files, not of a programmer. */
const TYPE_WORDS: Record<string, string> = {
  string: 'text in quotes',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list in [ ]',
  object: 'a group of properties in { }',
  null: 'null',
};

function typeWords(type: unknown): string {
  const types = Array.isArray(type) ? type : String(type).split(',');
  return types.map((t) => TYPE_WORDS[String(t)] ?? String(t)).join(' or ');
}

/** Follows a local "#/definitions/x" reference of the root schema; any other schema is itself. */
function resolveLocal(schema: unknown, root: unknown): unknown {
  const ref = (schema as { $ref?: unknown } | undefined)?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], root);
}

/** The values a discriminator knows: each alternative's const or enum of the tag property. */
export function discriminatorValues(parentSchema: unknown, tag: string, root?: unknown): string[] {
  const alternatives = (parentSchema as { oneOf?: unknown[] } | undefined)?.oneOf ?? [];
  return alternatives.flatMap((alternative) => {
    const property = (resolveLocal(alternative, root) as { properties?: Record<string, { const?: unknown; enum?: unknown[] }> } | undefined)?.properties?.[tag];
    const values = property?.const !== undefined ? [property.const] : (property?.enum ?? []);
    return values.filter((v): v is string => typeof v === 'string');
  });
}

/** Turns ajv's terse errors into sentences an operator understands; `root` is the schema checked (for "did you mean" across references). */
export function describeError(e: ErrorObject, root?: unknown): string {
  const p = e.params as Record<string, unknown>;
  const parent = (e.parentSchema ?? {}) as { description?: string };
  switch (e.keyword) {
    case 'required':
      // Said at the missing property itself (see `pointerOf`), so the field names it.
      return 'must be filled in';
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      const properties = (e.parentSchema as { properties?: Record<string, { title?: unknown }> } | undefined)?.properties ?? {};
      const guess = closestName(name, Object.keys(properties));
      // The guess by the name the file holds and the label the form shows.
      const label = guess && typeof properties[guess]?.title === 'string' ? ` (${String(properties[guess].title)})` : '';
      return `is not a setting this definition knows (check its spelling${guess ? `: did you mean "${guess}"${label}?` : ''})`;
    }
    case 'type':
      return `should be ${typeWords(p.type)}`;
    case 'enum':
      return `should be one of: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `should be ${JSON.stringify(p.allowedValue)}`;
    case 'minLength':
      return Number(p.limit) === 1 ? 'should not be empty' : `should have at least ${String(p.limit)} characters`;
    case 'pattern':
      return parent.description ? `is not in the expected form: ${parent.description}` : `does not have the expected form (${String(p.pattern)})`;
    case 'minimum':
      return `should be ${String(p.limit)} or more`;
    case 'maximum':
      return `should be ${String(p.limit)} or less`;
    case 'exclusiveMinimum':
      return `should be more than ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `should be less than ${String(p.limit)}`;
    case 'minItems':
      return Number(p.limit) === 1 ? 'should list at least one entry' : `should list at least ${String(p.limit)} entries`;
    case 'maxItems':
      return `should list at most ${String(p.limit)} entries`;
    case 'maxLength':
      return `should have at most ${String(p.limit)} characters`;
    case 'uniqueItems':
      return `lists the same entry twice (entries ${String(p.j)} and ${String(p.i)})`;
    case 'minProperties':
      return 'should not be empty';
    case 'oneOf':
      return 'matches none of the allowed forms (or more than one); check the properties against the documentation';
    case 'anyOf':
      return 'matches none of the allowed forms; check the value against the documentation';
    case 'discriminator': {
      // The list an entry sits in says what its "type" means: blocks of a page, fields of a form...
      const container = e.instancePath.split('/').slice(-2, -1)[0];
      const kinds: Record<string, string> = { blocks: 'block type', fields: 'field type', components: 'component type' };
      const kind = (container && kinds[container]) ?? `"${String(p.tag)}"`;
      if (p.error !== 'mapping') return `is missing its "${String(p.tag)}"`;
      return `has an unknown ${kind} "${String(p.tagValue)}"${didYouMean(String(p.tagValue), discriminatorValues(e.parentSchema, String(p.tag), root))}`;
    }
    default:
      return e.message ?? 'is not valid';
  }
}

export function validateDefinition(schema: DefinitionSchemaName, file: string, data: unknown): DefinitionProblem[] {
  validators ??= compileAll();
  const validate = validators.get(schema)!;
  if (validate(data)) return [];
  return readableErrors(validate.errors ?? []).map((e) => ({ file, pointer: pointerOf(e), message: describeError(e, definitionSchemas[schema]) }));
}

/** Where an error is: a missing required property, or one the schema does not know, at the property, so only that field is marked. */
function pointerOf(e: ErrorObject): string {
  const params = e.params as { missingProperty?: unknown; additionalProperty?: unknown };
  if (e.keyword !== 'required' && e.keyword !== 'additionalProperties') return e.instancePath;
  const name = String(e.keyword === 'required' ? params.missingProperty : params.additionalProperty);
  return `${e.instancePath}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/**
 * Keeps the errors a person can act on: an "if" error only repeats the error inside its "then"; the
 * errors of each alternative of an anyOf / oneOf contradict one another ("should be text", "should
 * be a list"), so only the anyOf / oneOf error itself is kept. Duplicates are dropped.
 */
export function readableErrors(errors: ErrorObject[]): ErrorObject[] {
  const alternatives = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  const insideAlternative = (e: ErrorObject) =>
    alternatives.some((a) => a !== e && e.schemaPath.startsWith(`${a.schemaPath}/`) && e.instancePath.startsWith(a.instancePath));
  // A misspelt required property is one mistake, not two: keep "did you mean", drop "is missing".
  const misspelt = new Set(
    errors
      .filter((e) => e.keyword === 'additionalProperties')
      .map((e) => {
        const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
        return `${e.instancePath} ${closestName(String((e.params as { additionalProperty: unknown }).additionalProperty), known) ?? ''}`;
      }),
  );
  const seen = new Set<string>();
  return errors.filter((e) => {
    if (e.keyword === 'if' || insideAlternative(e)) return false;
    if (e.keyword === 'required' && misspelt.has(`${e.instancePath} ${String((e.params as { missingProperty: unknown }).missingProperty)}`)) return false;
    const key = `${e.instancePath} ${e.keyword} ${JSON.stringify(e.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
