/**
 * A file's "$schema" must name the schema its place in the folder is checked with; otherwise the
 * editor checks it against one schema and the server against another, and the operator trusts the
 * wrong one.
 */
import type { DefinitionProblem } from '../definition-problem';
import { isRecord } from './json-pointer';
import type { LintInput } from './lint-input';

export function checkSchemaReferences(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const [file, data] of input.files) {
    const schema = input.schemaOf.get(file);
    if (!schema || !isRecord(data) || typeof data.$schema !== 'string') continue;
    const named = data.$schema.slice(data.$schema.lastIndexOf('/') + 1);
    const expected = `${schema}.schema.json`;
    if (named !== expected) {
      problems.push({
        file,
        pointer: '/$schema',
        message: `names the schema "${named}", but this file is checked as a ${schema} definition: point "$schema" at schemas/json/${expected}`,
      });
    }
  }
  return problems;
}
