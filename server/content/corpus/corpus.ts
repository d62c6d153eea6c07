/**
 * The broken-definitions corpus: each case in cases/ is the clean folder base/ plus fixtures/, with
 * one fault put in, and the one problem the validator must report for it (file, pointer, message).
 *
 * A case lists:
 * - `copy`: fixture files to add, { "path in the folder": "name in fixtures/" };
 * - `write`: files to write, { "path": JSON value, or a string written as is };
 * - `set`: [file, JSON pointer, value] changes (a pointer ending in "/-" appends to a list);
 * - `remove`: [file, JSON pointer] properties to delete; `deleteFiles`: files to delete;
 * - `cli`: true to also run it through `npm run validate` as a child process.
 *
 * A fixture's "$schema" is written for the place the cases copy it to (forms/contact.json, not
 * fixtures/form.json), the same way as base/'s: the lint holds a folder's "$schema" paths to one
 * another (lint/schema-references.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DefinitionProblem } from '../definition-problem';

export const corpusDir = path.dirname(fileURLToPath(import.meta.url));
export const baseDir = path.join(corpusDir, 'base');
export const fixturesDir = path.join(corpusDir, 'fixtures');

export interface CorpusCase {
  name: string;
  fault: string;
  copy?: Record<string, string>;
  write?: Record<string, unknown>;
  set?: Array<[file: string, pointer: string, value: unknown]>;
  remove?: Array<[file: string, pointer: string]>;
  deleteFiles?: string[];
  cli?: boolean;
  expected: DefinitionProblem;
}

export function loadCases(): CorpusCase[] {
  const dir = path.join(corpusDir, 'cases');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f.slice(0, -'.json'.length), ...(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Omit<CorpusCase, 'name'>) }));
}

function segments(pointer: string): string[] {
  return pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function edit(doc: unknown, pointer: string, change: (parent: Record<string, unknown> | unknown[], key: string) => void): void {
  const keys = segments(pointer);
  let node = doc as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    if (node[key] === undefined) throw new Error(`corpus: ${pointer} does not exist`);
    node = node[key] as Record<string, unknown>;
  }
  change(node, keys[keys.length - 1]!);
}

/** Builds the folder of a case in a fresh temporary directory and returns its path. */
export function buildCase(c: Pick<CorpusCase, 'copy' | 'write' | 'set' | 'remove' | 'deleteFiles'>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-corpus-'));
  fs.cpSync(baseDir, dir, { recursive: true });
  const put = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  for (const [file, fixture] of Object.entries(c.copy ?? {})) put(file, fs.readFileSync(path.join(fixturesDir, fixture), 'utf8'));
  for (const [file, value] of Object.entries(c.write ?? {})) put(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  const docs = new Map<string, unknown>();
  const doc = (file: string) => {
    if (!docs.has(file)) docs.set(file, JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
    return docs.get(file);
  };
  for (const [file, pointer, value] of c.set ?? []) {
    edit(doc(file), pointer, (parent, key) => {
      if (Array.isArray(parent) && key === '-') parent.push(value);
      else (parent as Record<string, unknown>)[key] = value;
    });
  }
  for (const [file, pointer] of c.remove ?? []) {
    edit(doc(file), pointer, (parent, key) => {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    });
  }
  for (const [file, data] of docs) put(file, JSON.stringify(data, null, 2));
  for (const file of c.deleteFiles ?? []) fs.rmSync(path.join(dir, file));
  return dir;
}
