/** What every lint check reads: the parsed content folder and which files passed their schema. */
import type { DefinitionSchemaName } from '../../../schemas/index';
import { contentLayout, matchesPattern } from '../content-layout';
import type { DefinitionProblem } from '../definition-problem';

export interface LintInput {
  dir: string;
  /** Every parsed file, by path relative to the content folder. */
  files: ReadonlyMap<string, unknown>;
  /** Files that passed their schema check. */
  valid: ReadonlySet<string>;
  /** The schema each parsed file is checked against. */
  schemaOf: ReadonlyMap<string, DefinitionSchemaName>;
  /**
   * Definition files that are in the folder but are not JSON (reported once, by the syntax check).
   * A reference to one is not "missing": the file exists, it is broken.
   */
  unparsed?: ReadonlySet<string>;
}

export type LintCheck = (input: LintInput) => DefinitionProblem[];

/** The files of one kind that passed their schema check, in path order. */
/** Takes a plain string so a check can name a kind whose schema another room has not landed yet. */
export function validFilesOf<T = unknown>(input: LintInput, schema: string): Array<[file: string, data: T]> {
  const out: Array<[string, T]> = [];
  for (const [file, data] of input.files) {
    if (input.schemaOf.get(file) === schema && input.valid.has(file)) out.push([file, data as T]);
  }
  return out.sort((a, b) => comparePaths(a[0], b[0]));
}

/**
 * The files of one kind that are in the folder, whatever their state: valid, failing their schema or
 * not JSON at all, in path order. A reference to any of them is a reference to something that exists;
 * what is wrong inside the file is reported at the file, once.
 */
export function presentFilesOf(input: LintInput, schema: string): string[] {
  const out = new Set<string>();
  for (const file of input.files.keys()) if (input.schemaOf.get(file) === schema) out.add(file);
  for (const file of input.unparsed ?? []) {
    if (contentLayout.some((entry) => entry.schema === schema && matchesPattern(entry.pattern, file))) out.add(file);
  }
  return [...out].sort(comparePaths);
}

/**
 * Every parsed file, those failing their schema too, in path order: for the checks that walk a file
 * and test each value's shape themselves (links, images, references to forms and popups, rich
 * text), so that a schema problem in one block hides no problem of another.
 */
export function parsedFilesOf(input: LintInput): string[] {
  return [...input.files.keys()].sort(comparePaths);
}

/** A file's name without its folder and `.json`: the name a page, form, popup or style is known by. */
export function fileStem(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1).replace(/\.json$/, '');
}

/** Path order as the content loader lists files (by UTF-16 code units, not the locale's collation). */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
