/**
 * The check a studio save makes: the problems the whole folder would have with the operator's
 * drafts in place, exactly as readDefinitions finds them, for the cost of what changed.
 *
 * It keeps the published folder as last checked (the base): each file's text, its parse and schema
 * check, and for each lint check its problems and what it read (lint/lint-input.ts `LintReads`).
 * With changes, only the changed files are parsed and schema-checked again; then each lint check
 *
 * - that read the folder wholesale, or a changed file by name, or a kind of file one of them is,
 *   runs again in full (a route added changes which links of every page go somewhere);
 * - that only walks files for problems of their own runs on the changed files alone, and its
 *   problems in the others stay those of the base;
 * - that read nothing changed keeps its problems.
 *
 * The base is read again when a definition file on disk is not what it holds, and its lint when any
 * other file of the folder changed (an image uploaded, a blog body): the checks look at the disk.
 * Changes that are not definitions' texts (a removal, a blog body) are checked in full, on a copy
 * (./content-changes.ts), as readDefinitions does.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DefinitionSchemaName } from '../../schemas/index';
import { changesInMemoryOnly, type ContentChanges } from './content-changes';
import { contentLayout, matchesPattern } from './content-layout';
import type { DefinitionProblem } from './definition-problem';
import { lintChecks } from './lint/lint-definitions';
import type { LintCheck, LintInput, LintReads } from './lint/lint-input';
import { folderProblems, readDefinitionFile, readDefinitions, readFolder, type FileRead, type FolderRead } from './load-content';

interface CheckRun {
  problems: DefinitionProblem[];
  reads: LintReads;
}

interface Base {
  folder: FolderRead;
  /** The folder's other files (images, blog bodies): path, size and time of change. */
  stamp: string;
  runs: CheckRun[];
  problems: DefinitionProblem[];
}

export class SiteCheck {
  private base: Base | undefined;
  /** Each file's last read, so a file whose text did not change is not parsed or checked again. */
  private readonly reads = new Map<string, { text: string; schema: DefinitionSchemaName; read: FileRead }>();

  constructor(readonly dir: string) {}

  /** The problems of the folder with the changes in place (the same list as `readDefinitions(dir, changes).problems`). */
  check(changes: ContentChanges = new Map()): DefinitionProblem[] {
    if (changes.size && !changesInMemoryOnly(changes)) return readDefinitions(this.dir, changes).problems;
    const folder = readFolder(this.dir, changes, this.memoRead);
    if (!folder) return readDefinitions(this.dir, changes).problems;
    const base = this.baseFor(folder, changes);
    const changed = [...folder.texts.keys()].filter((file) => base.folder.texts.get(file) !== folder.texts.get(file));
    if (changed.length === 0) return base.problems;
    const walk = new Set(changed);
    const kinds = new Set<string>(changed.flatMap((file) => contentLayout.filter((e) => matchesPattern(e.pattern, file)).map((e) => e.schema)));
    const lint = lintChecks.flatMap((check, i) => {
      const { problems, reads } = base.runs[i]!;
      const touched = reads.everything || changed.some((f) => reads.files.has(f)) || [...reads.kinds].some((k) => kinds.has(k));
      if (touched) return check(folder);
      if (!reads.walks) return problems;
      const mine = check({ ...folder, walk }).filter((p) => walk.has(p.file));
      return [...problems.filter((p) => !walk.has(p.file)), ...mine];
    });
    return folderProblems(folder, lint);
  }

  private readonly memoRead = (file: string, text: string, schema: DefinitionSchemaName): FileRead => {
    const known = this.reads.get(file);
    if (known && known.text === text && known.schema === schema) return known.read;
    const read = readDefinitionFile(file, text, schema);
    this.reads.set(file, { text, schema, read });
    return read;
  };

  /**
   * The base for a folder read with changes: kept while every other file is as the base read it
   * (none added or removed, the same texts, the other files unchanged), else read again from disk.
   */
  private baseFor(folder: FolderRead, changes: ContentChanges): Base {
    const stamp = otherFilesStamp(this.dir);
    const base = this.base;
    if (base && base.stamp === stamp && unchangedBesides(base.folder.texts, folder.texts, changes)) return base;
    const disk = changes.size ? readFolder(this.dir, undefined, this.memoRead)! : folder;
    for (const file of this.reads.keys()) if (!disk.texts.has(file) && !changes.has(file)) this.reads.delete(file);
    const runs = lintChecks.map((check) => recorded(check, disk));
    this.base = { folder: disk, stamp, runs, problems: folderProblems(disk, runs.flatMap((r) => r.problems)) };
    return this.base;
  }
}

/** Whether the files not named by the changes are the base's, with the same texts. */
function unchangedBesides(base: ReadonlyMap<string, string>, now: ReadonlyMap<string, string>, changes: ContentChanges): boolean {
  for (const [file, text] of base) if (!changes.has(file) && now.get(file) !== text) return false;
  for (const file of now.keys()) if (!base.has(file) && !changes.has(file)) return false;
  return true;
}

/** Runs a check on the whole folder, recording what it read. */
function recorded(check: LintCheck, folder: FolderRead): CheckRun {
  const reads: LintReads = { kinds: new Set(), files: new Set(), walked: new Set(), walks: false, everything: false };
  const input: LintInput = {
    dir: folder.dir,
    files: watched(folder.files, reads),
    valid: watched(folder.valid, reads),
    schemaOf: watched(folder.schemaOf, reads),
    unparsed: watched(folder.unparsed, reads),
    reads,
    untracked: folder,
  };
  const problems = check(input);
  // A walked file read by name is its own data: its problems are walked again when it changes.
  for (const file of reads.walked) reads.files.delete(file);
  return { problems, reads };
}

/** A map or set whose lookups by name are recorded, and whose iteration marks the check as reading everything. */
function watched<M extends ReadonlyMap<string, unknown> | ReadonlySet<string>>(target: M, reads: LintReads): M {
  return new Proxy(target, {
    get(t, key) {
      if (key === 'get' || key === 'has') {
        return (file: string) => {
          reads.files.add(file);
          return (t as ReadonlyMap<string, unknown>)[key](file);
        };
      }
      if (key === 'size' || key === Symbol.iterator || key === 'keys' || key === 'values' || key === 'entries' || key === 'forEach') reads.everything = true;
      const value = Reflect.get(t, key, t) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(t) : value;
    },
  });
}

/** The folder's files that are not definitions, with their sizes and times of change: what the checks read from disk besides the definitions. */
function otherFilesStamp(dir: string): string {
  const out: string[] = [];
  const walk = (folder: string, prefix: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full, rel);
      else if (!entry.name.endsWith('.json')) {
        const stat = fs.statSync(full, { throwIfNoEntry: false });
        out.push(`${rel}:${stat?.size}:${stat?.mtimeMs}`);
      }
    }
  };
  walk(dir, '');
  return out.join('\n');
}
