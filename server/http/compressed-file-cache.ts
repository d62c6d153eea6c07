/**
 * Brotli and gzip copies of static files that the build did not compress, made on first request
 * and kept in memory: the content images (CONTENT_DIR/images) and the playground.
 *
 * Why on request and not at build time like dist/: CONTENT_DIR is chosen when the server starts,
 * and a store edits its images without rebuilding. A build-time mirror would exist only for the
 * default content folder and go stale on the first edit; copies made on request work for any
 * folder and are never stale, because an entry belongs to one version of the file (its mtime and
 * size, checked on every request) and a changed file is compressed again. Each file costs one
 * compression per server process, off the event loop.
 *
 * Bounded: the copies of all files together stay under `maxBytes` (least recently used dropped
 * first), and a file larger than `maxFileBytes` is not compressed here at all (served as it is).
 */
import fs from 'node:fs/promises';
import { compressMax, type Compression } from './compression';

/** A file's copy in one coding, or null when that coding did not make it smaller. */
export type CompressedCopies = Record<Compression, Buffer | null>;

interface Entry {
  /** The file version the copies were made from: mtime and size. */
  version: string;
  copies: Promise<CompressedCopies | undefined>;
  /** Bytes held once the copies are made (0 while they are being made). */
  bytes: number;
}

export interface FileVersion {
  mtimeMs: number;
  size: number;
}

export class CompressedFileCache {
  private readonly entries = new Map<string, Entry>();
  private heldBytes = 0;

  constructor(
    readonly maxBytes = 16 * 1024 * 1024,
    readonly maxFileBytes = 2 * 1024 * 1024,
  ) {}

  /**
   * The compressed copies of `file` as it is now (`stat` from the caller's own fs.stat), or
   * undefined when it is too large to compress here, vanished or changed while being read.
   * Concurrent requests for the same file share one compression.
   */
  copiesOf(file: string, stat: FileVersion): Promise<CompressedCopies | undefined> {
    if (stat.size > this.maxFileBytes) return Promise.resolve(undefined);
    const version = `${stat.mtimeMs}:${stat.size}`;
    const hit = this.entries.get(file);
    if (hit && hit.version === version) {
      // Move to the newest end: Map keeps insertion order, so the first key is the least recently used.
      this.entries.delete(file);
      this.entries.set(file, hit);
      return hit.copies;
    }
    if (hit) this.drop(file);
    const entry: Entry = { version, bytes: 0, copies: Promise.resolve(undefined) };
    entry.copies = this.compress(file, stat.size).then(
      (copies) => {
        // Kept only if still the current entry (not replaced by a newer version meanwhile).
        if (this.entries.get(file) !== entry) return copies;
        if (!copies) {
          this.entries.delete(file);
          return undefined;
        }
        entry.bytes = (copies.br?.length ?? 0) + (copies.gzip?.length ?? 0);
        this.heldBytes += entry.bytes;
        this.evict();
        return copies;
      },
      () => {
        if (this.entries.get(file) === entry) this.entries.delete(file);
        return undefined;
      },
    );
    this.entries.set(file, entry);
    return entry.copies;
  }

  /** Bytes of compressed copies held now. */
  get size(): number {
    return this.heldBytes;
  }

  private async compress(file: string, expectedSize: number): Promise<CompressedCopies | undefined> {
    const raw = await fs.readFile(file);
    // Changed between the caller's stat and this read: the copies would not match the version.
    if (raw.length !== expectedSize) return undefined;
    const [br, gzip] = await Promise.all([compressMax(raw, 'br'), compressMax(raw, 'gzip')]);
    return { br: br.length < raw.length ? br : null, gzip: gzip.length < raw.length ? gzip : null };
  }

  private drop(file: string): void {
    const entry = this.entries.get(file);
    if (!entry) return;
    this.heldBytes -= entry.bytes;
    this.entries.delete(file);
  }

  private evict(): void {
    for (const file of this.entries.keys()) {
      if (this.heldBytes <= this.maxBytes) return;
      this.drop(file);
    }
  }
}
