/**
 * A path the studio may read or write: a file of the content folder where a kind of definition
 * lives (../content/content-layout.ts), relative to the folder and never leaving it. The contract's
 * pattern already refuses `..`, a leading `/`, a backslash and `%`; this checks the rest, by the
 * folder's layout and on disk (a symbolic link inside the folder that points out of it).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DefinitionSchemaName } from '../../schemas/index';
import { contentLayout, matchesPattern } from '../content/content-layout';
import { ApiError } from '../http/api-error';

export const NOT_A_DEFINITION_PATH = 'Name a .json file of the content folder where a kind of definition lives, such as pages/home.json.';

/** The schema of the definitions at this place, or undefined where none lives. */
export function schemaOfPath(file: string): DefinitionSchemaName | undefined {
  return contentLayout.find((entry) => matchesPattern(entry.pattern, file))?.schema;
}

/** Whether the text of the path is a plain relative path: no empty, `.` or `..` segment, nothing absolute or encoded. */
function isPlainRelative(file: string): boolean {
  if (file.length === 0 || file.length > 200) return false;
  if (/[\\%\0:]/.test(file) || file.startsWith('/') || path.isAbsolute(file)) return false;
  return file.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/**
 * Whether the path stays inside the folder on disk: every part of it that exists, resolved through
 * any symbolic link, is inside the folder's own real path.
 */
function staysInside(dir: string, file: string): boolean {
  let root: string;
  try {
    root = fs.realpathSync(dir);
  } catch {
    return false;
  }
  // The deepest part of the path that exists decides: a link there (a folder or the file itself) is followed.
  let probe = path.join(root, file);
  for (;;) {
    let real: string | undefined;
    try {
      real = fs.realpathSync(probe);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // A dangling link is a link that leads somewhere unknown: refused.
      if (code === 'ENOENT' && isLink(probe)) return false;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return false;
    }
    if (real !== undefined) return real === root || real.startsWith(root + path.sep);
    const parent = path.dirname(probe);
    if (parent === probe || !(parent === root || parent.startsWith(root + path.sep))) return false;
    probe = parent;
  }
}

function isLink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

export interface DefinitionPath {
  path: string;
  schema: DefinitionSchemaName;
}

/** The path checked, or a 400 naming the field (`path`, `paths.2`). */
export function definitionPath(dir: string, value: unknown, field: string): DefinitionPath {
  const file = typeof value === 'string' ? value : '';
  const schema = isPlainRelative(file) ? schemaOfPath(file) : undefined;
  if (!schema || !staysInside(dir, file)) throw new ApiError(400, 'validation_failed', NOT_A_DEFINITION_PATH, { [field]: NOT_A_DEFINITION_PATH });
  return { path: file, schema };
}

/** Every definition file of the folder that the studio may open, in path order. */
export function listDefinitionFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string, rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (childRel !== 'images') walk(path.join(abs, entry.name), childRel);
      } else if ((entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith('.json') && isPlainRelative(childRel) && schemaOfPath(childRel) && staysInside(dir, childRel)) {
        out.push(childRel);
      }
    }
  };
  walk(dir, '');
  return out.sort();
}

const IMAGE_EXTENSIONS = /\.(svg|png|jpe?g|webp|gif|avif)$/i;

/** The images of the folder's images/, as a definition names them (/images/…), in path order. */
export function listImages(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string, rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const childRel = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(path.join(abs, entry.name), childRel);
      else if (entry.isFile() && IMAGE_EXTENSIONS.test(entry.name)) out.push(childRel);
    }
  };
  walk(path.join(dir, 'images'), '/images');
  return out.sort();
}
