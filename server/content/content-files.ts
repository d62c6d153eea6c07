/**
 * The files of a content folder as the studio, a publish and the version sync name them: a path
 * relative to the folder that never leaves it, read as text, and written atomically (a temporary
 * file in the same folder, flushed to disk, then renamed over the file), so a reader (this server,
 * another one sharing the folder, an editor) sees the old text or the new one, never half of one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export class ContentPathError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'ContentPathError';
  }
}

/**
 * The normalised form of a path inside the content folder (forward slashes, no "." segments), or a
 * ContentPathError: an absolute path, "..", a hidden name (".git", the temporary files written
 * here), a back slash or a control character are never a content file.
 */
export function contentFilePath(file: string): string {
  const refuse = (reason: string) => new ContentPathError(file, reason);
  if (typeof file !== 'string' || file === '') throw refuse('is not a file name');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(file)) throw refuse('has a character a content file name cannot have');
  if (file.startsWith('/') || /^[a-zA-Z]:/.test(file)) throw refuse('is an absolute path; name a file relative to the content folder');
  const segments = file.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.length === 0) throw refuse('is not a file name');
  if (segments.some((s) => s === '..')) throw refuse('leaves the content folder');
  if (segments.some((s) => s.startsWith('.'))) throw refuse('names a hidden file, which is never content');
  return segments.join('/');
}

/**
 * The absolute path of a content file, refusing any that would resolve outside `dir`, also through
 * a symbolic link inside the folder that points elsewhere.
 */
export function resolveContentFile(dir: string, file: string): string {
  const relative = contentFilePath(file);
  const root = path.resolve(dir);
  const target = path.resolve(root, ...relative.split('/'));
  if (!target.startsWith(root + path.sep)) throw new ContentPathError(file, 'leaves the content folder');
  // The nearest folder on the way that exists must really be inside the folder. (The file itself is
  // replaced by a rename, which never follows a link.)
  let existing = path.dirname(target);
  while (existing !== root && !fs.existsSync(existing)) existing = path.dirname(existing);
  if (existing !== root) {
    const realRoot = fs.realpathSync(root);
    const real = fs.realpathSync(existing);
    if (real !== realRoot && !real.startsWith(realRoot + path.sep)) throw new ContentPathError(file, 'leaves the content folder (through a link)');
  }
  return target;
}

/** The text of a file, or null when there is none. */
export function readTextOrNull(absolute: string): string | null {
  try {
    return fs.readFileSync(absolute, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw err;
  }
}

function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Not every file system lets a folder be flushed; the rename itself is still atomic.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Writes `text` (or an image's bytes) to `absolute` atomically, or removes the file for null. Folders are made as
 * needed. The temporary file is a hidden name in the same folder (so the rename never crosses a
 * file system), and it is removed when anything fails.
 */
export function writeFileAtomically(absolute: string, text: string | Uint8Array | null): void {
  const folder = path.dirname(absolute);
  if (text === null) {
    fs.rmSync(absolute, { force: true });
    fsyncDir(folder);
    return;
  }
  fs.mkdirSync(folder, { recursive: true });
  const temporary = path.join(folder, `.${path.basename(absolute)}.${crypto.randomBytes(6).toString('hex')}.tmp`);
  // The file keeps its permissions; a new one gets the usual rw-r--r--.
  let mode = 0o644;
  try {
    mode = fs.statSync(absolute).mode & 0o777;
  } catch {
    // a new file
  }
  const fd = fs.openSync(temporary, 'wx', mode);
  try {
    try {
      if (typeof text === 'string') fs.writeFileSync(fd, text, 'utf8');
      else fs.writeFileSync(fd, text);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, absolute);
  } catch (err) {
    fs.rmSync(temporary, { force: true });
    throw err;
  }
  fsyncDir(folder);
}
