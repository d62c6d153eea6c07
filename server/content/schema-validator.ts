/** Compiles every published schema once; the server may compile at run time, browsers never do. */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { definitionSchemas, type DefinitionSchemaName } from '../../schemas/index';
import type { DefinitionProblem } from './definition-problem';

let validators: Map<DefinitionSchemaName, ValidateFunction> | undefined;

function compileAll(): Map<DefinitionSchemaName, ValidateFunction> {
  const ajv = new Ajv({ allErrors: true, discriminator: true, strict: true, allowUnionTypes: true });
  const map = new Map<DefinitionSchemaName, ValidateFunction>();
  for (const [name, schema] of Object.entries(definitionSchemas)) {
    map.set(name as DefinitionSchemaName, ajv.compile(schema));
  }
  return map;
}

/** Turns ajv's terse errors into sentences an operator understands. */
export function describeError(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `is missing the required property "${String(p.missingProperty)}"`;
    case 'additionalProperties':
      return `has a property "${String(p.additionalProperty)}" that this definition does not know (check its spelling)`;
    case 'type':
      return `should be ${String(p.type)}`;
    case 'enum':
      return `should be one of: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `should be ${JSON.stringify(p.allowedValue)}`;
    case 'minLength':
      return Number(p.limit) === 1 ? 'should not be empty' : `should have at least ${String(p.limit)} characters`;
    case 'pattern':
      return `does not have the expected form (${String(p.pattern)})`;
    case 'discriminator':
      return p.error === 'mapping'
        ? `has an unknown block type "${String(p.tagValue)}"`
        : `is missing its "${String(p.tag)}"`;
    default:
      return e.message ?? 'is not valid';
  }
}

export function validateDefinition(schema: DefinitionSchemaName, file: string, data: unknown): DefinitionProblem[] {
  validators ??= compileAll();
  const validate = validators.get(schema)!;
  if (validate(data)) return [];
  return (validate.errors ?? []).map((e) => ({ file, pointer: e.instancePath, message: describeError(e) }));
}
