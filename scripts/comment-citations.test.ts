/**
 * Code comments say the rule they stand for, in words: none cites an issue or a section of the
 * specification by its number, which a reader of the code does not have. A comment that cites one
 * fails here with its file and line; the fix is to write what the issue or section says.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const ROOMS = ['schemas', 'renderer', 'widgets', 'studio', 'server', 'e2e', 'bench', 'scripts'];
const CITATION = /\b[Ii]ssues? \d+|\b00[0-2] ?§|§ ?\d+(\.\d+)* of 00[0-2]/;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'generated') sourceFiles(full, out);
    } else if (/\.(ts|tsx|mjs)$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The comments of a source citing an issue or a section, as `line: text`. */
function citingComments(fileName: string, source: string): string[] {
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  return parseSync(fileName, source)
    .comments.filter((c) => CITATION.test(c.value))
    .map((c) => `${lineOf(c.start)}: ${c.value.trim().split('\n').find((l) => CITATION.test(l))!.trim()}`);
}

describe('comments say their rule in words', () => {
  it('no code comment cites an issue or a section of the specification', () => {
    const found: string[] = [];
    for (const room of ROOMS) {
      for (const file of sourceFiles(path.join(root, room))) {
        for (const hit of citingComments(file, fs.readFileSync(file, 'utf8'))) found.push(`${path.relative(root, file)}:${hit}`);
      }
    }
    expect(found, 'Comments that cite an issue or a section: write what it says instead').toEqual([]);
  });

  it('finds a citation in a comment, and leaves strings and public standards alone', () => {
    const source = ['// issue 12: the money pages', 'const s = "issue 13 in a string";', '/** As 002 §4 says */', '// RFC 9110 §12.5.3 on Accept-Encoding'].join('\n');
    expect(citingComments('a.ts', source)).toEqual(['1: issue 12: the money pages', '3: * As 002 §4 says']);
  });
});
