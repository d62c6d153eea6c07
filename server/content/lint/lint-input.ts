/**
 * What every lint check reads: the parsed content folder and which files passed their schema.
 *
 * A check reads the folder through the helpers below, so a save can check only what it changed
 * (../site-check.ts): the files a check walks for problems of their own come from
 * `parsedFilesOf` and `walkedValidFiles` (with `walk` set, only those files), and the other files
 * it looks things up in come from `validFilesOf` and `presentFilesOf` (one kind at a time) or by name.
 * `reads` records which: a check that iterates the maps itself is run whole on every change.
 */
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
  /** Only these files are walked for problems of their own (an incremental check); all when absent. */
  walk?: ReadonlySet<string>;
  /** What the check read, when it is being recorded (./lint-reads.ts). */
  reads?: LintReads;
  /** The maps themselves, for the helpers, when `files`, `valid`, `schemaOf` and `unparsed` record what is read. */
  untracked?: LintInput;
}

/** What one run of a check read of the folder: the ground an incremental check stands on. */
export interface LintReads {
  /** Kinds of definition whose files were read as a whole (validFilesOf, presentFilesOf). */
  kinds: Set<string>;
  /** Files read by name (a map's get or has). */
  files: Set<string>;
  /** Files walked for problems of their own (parsedFilesOf, walkedValidFiles). */
  walked: Set<string>;
  /** Whether the check walked files at all. */
  walks: boolean;
  /** Whether it iterated a map itself: then any change may change any of its problems. */
  everything: boolean;
}

export type LintCheck = (input: LintInput) => DefinitionProblem[];

/** The files of one kind that passed their schema check, in path order. */
/** Takes a plain string so a check can name a kind whose schema another room has not landed yet. */
export function validFilesOf<T = unknown>(tracked: LintInput, schema: string): Array<[file: string, data: T]> {
  tracked.reads?.kinds.add(schema);
  const input = tracked.untracked ?? tracked;
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
export function presentFilesOf(tracked: LintInput, schema: string): string[] {
  tracked.reads?.kinds.add(schema);
  const input = tracked.untracked ?? tracked;
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
  return walked(input, [...(input.untracked ?? input).files.keys()].sort(comparePaths));
}

/** Every file that passed its schema, with its data, in path order: for the checks that walk valid files of any kind. */
export function walkedValidFiles(input: LintInput): Array<[file: string, data: unknown]> {
  const { files, valid } = input.untracked ?? input;
  return walked(input, [...valid].sort(comparePaths)).map((file) => [file, files.get(file)]);
}

function walked(input: LintInput, files: string[]): string[] {
  const out = input.walk ? files.filter((f) => input.walk!.has(f)) : files;
  if (input.reads) {
    input.reads.walks = true;
    for (const f of out) input.reads.walked.add(f);
  }
  return out;
}

/** A file's name without its folder and `.json`: the name a page, form, popup or style is known by. */
export function fileStem(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1).replace(/\.json$/, '');
}

/** Path order as the content loader lists files (by UTF-16 code units, not the locale's collation). */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
