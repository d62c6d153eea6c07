/**
 * `npm run validate`: checks a content folder as the server does at start and prints each problem as
 * FILE#POINTER MESSAGE. Given file names, it still reads and checks the whole folder (a route, a
 * form, a popup or an SKU is only right or wrong against the other files) but reports only what
 * concerns those files: their own problems, and another file's problem that names one of them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatProblem, type DefinitionProblem } from './definition-problem';
import { readDefinitions } from './load-content';

export const VALIDATE_USAGE = `Usage:
  npm run validate -- DIR             check every definition of the content folder DIR
  npm run validate -- DIR FILE...     check the whole folder, report only what concerns these files
                                      (FILE relative to DIR, or a path to a file inside it)
  npm run validate -- FILE...         the same, with the folder found by walking up from the first
                                      FILE to the folder that holds site.json
  npm run validate -- --help          this text

Each problem is one line: FILE#POINTER MESSAGE (POINTER is a JSON pointer into the file). Rules that
look across files (routes, forms, popups, styles, SKUs, links) still read the whole folder; a problem
of another file that names a named file (a repeated SKU: "already used at FILE") is reported too,
and the problems of files not named are counted. Exit code 1 when a problem is reported, 0 otherwise.
`;

export interface CommandResult {
  stdout: string;
  stderr: string;
  code: number;
}

const isDirectory = (p: string) => fs.existsSync(p) && fs.statSync(p).isDirectory();

/** The nearest folder at or above `from` that holds site.json. */
function contentFolderAbove(from: string): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'site.json'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** A named file as a path relative to the content folder (the form problems carry), or an error. */
function fileInFolder(dir: string, name: string, cwd: string): { file: string } | { error: string } {
  for (const candidate of [path.resolve(cwd, name), path.resolve(dir, name)]) {
    const relative = path.relative(path.resolve(dir), candidate);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) continue;
    if (fs.existsSync(candidate) && !isDirectory(candidate)) return { file: relative.split(path.sep).join('/') };
  }
  return { error: `${name} is not a file of the content folder ${dir}.` };
}

/** Whether a problem of another file names `file` ("already used at catalog/styles/a.json#/items/0/sku"). */
function namesFile(problem: DefinitionProblem, file: string): boolean {
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[\\s"'(])${escaped}(?=$|[#\\s"',;:)])`).test(problem.message);
}

export function runValidate(args: readonly string[], cwd = process.cwd()): CommandResult {
  if (args.includes('--help') || args.includes('-h')) return { stdout: VALIDATE_USAGE, stderr: '', code: 0 };
  const unknownOption = args.find((a) => a.startsWith('-'));
  if (unknownOption) return { stdout: '', stderr: `Unknown option ${unknownOption}.\n\n${VALIDATE_USAGE}`, code: 1 };
  if (args.length === 0) return { stdout: '', stderr: VALIDATE_USAGE, code: 1 };

  let dir: string;
  let names: readonly string[];
  if (isDirectory(path.resolve(cwd, args[0]!))) {
    dir = args[0]!;
    names = args.slice(1);
  } else {
    if (!fs.existsSync(path.resolve(cwd, args[0]!))) return { stdout: '', stderr: `${args[0]} is neither a folder nor a file.\n\n${VALIDATE_USAGE}`, code: 1 };
    const found = contentFolderAbove(path.dirname(path.resolve(cwd, args[0]!)));
    if (!found) return { stdout: '', stderr: `No folder above ${args[0]} holds site.json; name the content folder first: npm run validate -- DIR ${args.join(' ')}\n`, code: 1 };
    dir = path.relative(cwd, found) || '.';
    names = args;
  }

  const files: string[] = [];
  for (const name of names) {
    const result = fileInFolder(path.resolve(cwd, dir), name, cwd);
    if ('error' in result) return { stdout: '', stderr: `${result.error}\n`, code: 1 };
    files.push(result.file);
  }

  const { problems } = readDefinitions(path.resolve(cwd, dir));
  if (files.length === 0) {
    if (problems.length === 0) return { stdout: `${dir}: all definitions are valid.\n`, stderr: '', code: 0 };
    return { stdout: problems.map((p) => `${formatProblem(p)}\n`).join(''), stderr: `${problems.length} problem(s) found in ${dir}.\n`, code: 1 };
  }
  const shown = problems.filter((p) => files.includes(p.file) || files.some((f) => namesFile(p, f)));
  const others = problems.length - shown.length;
  const otherNote = others ? `${others} other problem(s) in ${dir}, in files not named; npm run validate -- ${dir} lists them.\n` : '';
  const list = files.join(', ');
  if (shown.length === 0) return { stdout: `${list}: valid (checked with the rest of ${dir}).\n`, stderr: otherNote, code: 0 };
  return { stdout: shown.map((p) => `${formatProblem(p)}\n`).join(''), stderr: `${shown.length} problem(s) found in ${list}.\n${otherNote}`, code: 1 };
}
