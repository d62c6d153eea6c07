/**
 * The checks a schema cannot make: they look across files (a route naming a missing page, a link to
 * a path no route answers, ...). Each check family lives in its own file and reads only files that
 * passed their schema check, so a broken file is reported once, by the schema.
 */
import type { DefinitionProblem } from '../definition-problem';

export interface LintInput {
  dir: string;
  files: ReadonlyMap<string, unknown>;
  valid: ReadonlySet<string>;
}

export type LintCheck = (input: LintInput) => DefinitionProblem[];

export const lintChecks: LintCheck[] = [];

export function lintDefinitions(input: LintInput): DefinitionProblem[] {
  return lintChecks.flatMap((check) => check(input));
}
