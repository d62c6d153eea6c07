/** What every lint check reads: the parsed content folder and which files passed their schema. */
import type { DefinitionSchemaName } from '../../../schemas/index';
import type { DefinitionProblem } from '../definition-problem';

export interface LintInput {
  dir: string;
  /** Every parsed file, by path relative to the content folder. */
  files: ReadonlyMap<string, unknown>;
  /** Files that passed their schema check. */
  valid: ReadonlySet<string>;
  /** The schema each parsed file is checked against. */
  schemaOf: ReadonlyMap<string, DefinitionSchemaName>;
}

export type LintCheck = (input: LintInput) => DefinitionProblem[];

/** The files of one kind that passed their schema check, in path order. */
/** Takes a plain string so a check can name a kind whose schema another room has not landed yet. */
export function validFilesOf<T = unknown>(input: LintInput, schema: string): Array<[file: string, data: T]> {
  const out: Array<[string, T]> = [];
  for (const [file, data] of input.files) {
    if (input.schemaOf.get(file) === schema && input.valid.has(file)) out.push([file, data as T]);
  }
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}

