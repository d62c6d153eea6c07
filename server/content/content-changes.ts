/**
 * A content folder "with changes in place", written nowhere: what the studio checks and previews
 * before a publish. The definition files (the JSON of content-layout.ts) are read from the changes
 * in memory. Some checks look at the disk itself (blog bodies, images, a pricing file named by a
 * template, a file that must not exist any more); for changes that touch anything but a definition's
 * text, the whole read runs on a throwaway copy of the folder made of hard links to the real files,
 * with the changes written into it as new files. The copy is a hidden sibling of the folder, so a
 * path that climbs out of the folder (a "$schema" such as ../../../schemas/json/page.schema.json,
 * which lint/schema-references.ts resolves) still resolves the same. (Cleaner, later: the checks
 * that read the disk could read through LintInput, and the copy would go.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentLayout, matchesPattern } from './content-layout';
import { contentFilePath } from './content-files';

/** Files of the content folder by path relative to it: the new text, or null to remove the file. */
export type ContentChanges = ReadonlyMap<string, string | null>;

/** The `.json` files of a listing as they would be with the changes: added ones in, removed ones out, sorted. */
export function listedWithChanges(listed: readonly string[], changes: ContentChanges | undefined): string[] {
  if (!changes?.size) return [...listed];
  const out = new Set(listed);
  for (const [file, text] of changes) {
    if (text === null) out.delete(file);
    else if (file.endsWith('.json')) out.add(file);
  }
  return [...out].sort();
}

/** Whether the changes can be read from memory alone: each is the text of a definition file. */
export function changesInMemoryOnly(changes: ContentChanges): boolean {
  for (const [file, text] of changes) {
    if (text === null || !contentLayout.some((entry) => matchesPattern(entry.pattern, file))) return false;
  }
  return true;
}

/**
 * Makes every folder of `from` in `to` and links every file into it: a hard link, which a reader
 * cannot tell from the file (a listing that keeps only files keeps it), or a copy where a link
 * cannot be made (another file system).
 */
function mirror(from: string, to: string): void {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      fs.mkdirSync(target);
      mirror(source, target);
    } else if (entry.isFile() || entry.isSymbolicLink()) {
      try {
        fs.linkSync(source, target);
      } catch {
        fs.cpSync(source, target, { recursive: true, dereference: true });
      }
    }
  }
}

/**
 * Runs `read` on a copy of `dir` with the changes written into it, and removes the copy (removing
 * a hard link leaves the real file as it was). `read` must be synchronous and must not write.
 */
export function onCopyWithChanges<T>(dir: string, changes: ContentChanges, read: (copy: string) => T): T {
  const root = path.resolve(dir);
  let copy: string;
  try {
    copy = fs.mkdtempSync(path.join(path.dirname(root), `.${path.basename(root)}-check-`));
  } catch {
    // A folder whose parent cannot be written: a copy elsewhere (paths out of the folder then differ).
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-content-check-'));
  }
  try {
    mirror(root, copy);
    for (const [file, text] of changes) {
      const target = path.join(copy, ...contentFilePath(file).split('/'));
      // Removed first: a write must make a new file, never write through the link into the real one.
      fs.rmSync(target, { force: true });
      if (text !== null) {
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, text);
      }
    }
    return read(copy);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}
