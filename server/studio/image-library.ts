/**
 * The image library: the images uploaded in the studio (tables content_image, content_image_file)
 * and those the content folder came with, each with the published definitions that show it ("used
 * on": a page by its title and address) and, for an image of the folder, the alt text the content
 * gives it most. Searched by every word, in the name, the alt text and the pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import { responsiveCopies } from '../../schemas/uploaded-images';
import type { Queries } from '../db/queries';
import { readTextOrNull } from '../content/content-files';
import { listDefinitionFiles, listImages, schemaOfPath } from './content-path';
import { ApiError } from '../http/api-error';
import { DEFAULT_IMAGE_LIMITS, quotaBytesMessage, quotaCountMessage, type ImageLimits } from './image-limits';
import type { PreparedImage } from './image-upload';

export interface LibraryImage {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
  mediaType: string;
  byteSize: number;
  uploadedBy: string | null;
  createdAt: string | null;
  copies: { src: string; width: number }[];
  usedOn: { file: string; title: string; address: string | null }[];
}

const MEDIA_TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif', gif: 'image/gif' };
const SRC_IN_TEXT = /\/images\/[^"'\s?#)<>]+/g;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Usage {
  usedOn: Map<string, LibraryImage['usedOn']>;
  /** The alt texts the content gives each image, with how often. */
  alts: Map<string, Map<string, number>>;
}

/** Where each image is used in the published definitions, and with which alt text. */
function usage(dir: string): Usage {
  const texts = new Map(listDefinitionFiles(dir).map((file) => [file, readTextOrNull(path.join(dir, file))]));
  const parse = (text: string | null | undefined): unknown => {
    try {
      return text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      return undefined;
    }
  };
  const routes = parse(texts.get('routes.json'));
  const addressOf = (page: string): string | null => {
    const list = isObject(routes) && Array.isArray(routes.routes) ? routes.routes : [];
    const route = list.find((r) => isObject(r) && r.page === page && typeof r.path === 'string' && !/[:*]/.test(r.path)) as { path: string } | undefined;
    return route?.path ?? null;
  };
  const usedOn = new Map<string, LibraryImage['usedOn']>();
  const alts = new Map<string, Map<string, number>>();
  for (const [file, text] of texts) {
    const value = parse(text);
    if (value === undefined) continue;
    const found = new Set<string>();
    const walk = (node: unknown): void => {
      if (typeof node === 'string') {
        if (node.includes('/images/')) for (const m of node.match(SRC_IN_TEXT) ?? []) found.add(m);
      } else if (Array.isArray(node)) node.forEach(walk);
      else if (isObject(node)) {
        const alt = typeof node.alt === 'string' ? node.alt : typeof node.altText === 'string' ? node.altText : undefined;
        if (typeof node.src === 'string' && alt?.trim()) {
          const counts = alts.get(node.src) ?? new Map<string, number>();
          counts.set(alt.trim(), (counts.get(alt.trim()) ?? 0) + 1);
          alts.set(node.src, counts);
        }
        Object.values(node).forEach(walk);
      }
    };
    walk(value);
    if (found.size === 0) continue;
    const page = /^pages\/(.+)\.json$/.exec(file)?.[1];
    const metadata = isObject(value) && isObject(value.metadata) ? value.metadata : undefined;
    const title =
      typeof metadata?.title === 'string' ? metadata.title : isObject(value) && typeof value.title === 'string' ? value.title : isObject(value) && typeof value.name === 'string' ? value.name : (schemaOfPath(file) ?? file);
    for (const src of found) {
      const list = usedOn.get(src) ?? [];
      list.push({ file, title, address: page ? addressOf(page) : null });
      usedOn.set(src, list);
    }
  }
  return { usedOn, alts };
}

function mostUsed(counts: Map<string, number> | undefined): string {
  let best = '';
  let n = 0;
  for (const [alt, count] of counts ?? []) if (count > n) [best, n] = [alt, count];
  return best;
}

function matches(image: LibraryImage, words: readonly string[]): boolean {
  const hay = `${image.src} ${image.alt} ${image.usedOn.map((u) => `${u.title} ${u.address ?? ''} ${u.file}`).join(' ')}`.toLowerCase();
  return words.every((w) => hay.includes(w));
}

export class ImageLibrary {
  constructor(
    private readonly q: Queries,
    private readonly dir: string,
  ) {}

  /** Every image: uploaded ones newest first, then the folder's by name; those matching every word of `search`. */
  async list(search = ''): Promise<LibraryImage[]> {
    const rows = await this.q.all(this.q.db.selectFrom('content_image').selectAll().orderBy('id', 'desc'));
    const { usedOn, alts } = usage(this.dir);
    // A page may show one of the smaller copies by its own name: that is a use of the image too.
    const usesOf = (srcs: string[]) => [...new Map(srcs.flatMap((src) => usedOn.get(src) ?? []).map((u) => [u.file, u])).values()];
    const uploaded = rows.map(
      (r): LibraryImage => ({
        src: r.src,
        alt: r.alt,
        width: r.width || null,
        height: r.height || null,
        mediaType: r.media_type,
        byteSize: r.byte_size,
        uploadedBy: r.uploaded_by,
        createdAt: new Date(r.created_at).toISOString(),
        copies: responsiveCopies(r.src, r.width),
        usedOn: usesOf([r.src, ...responsiveCopies(r.src, r.width).map((c) => c.src)]),
      }),
    );
    const known = new Set(uploaded.flatMap((i) => [i.src, ...i.copies.map((c) => c.src)]));
    const folder = listImages(this.dir)
      .filter((src) => !known.has(src))
      .map((src): LibraryImage => {
        const size = fs.statSync(path.join(this.dir, src), { throwIfNoEntry: false })?.size ?? 0;
        return {
          src,
          alt: mostUsed(alts.get(src)),
          width: null,
          height: null,
          mediaType: MEDIA_TYPES[src.slice(src.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream',
          byteSize: size,
          uploadedBy: null,
          createdAt: null,
          copies: [],
          usedOn: usedOn.get(src) ?? [],
        };
      });
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    return [...uploaded, ...folder].filter((i) => matches(i, words));
  }

  /** One image of the library, by its src. */
  async find(src: string): Promise<LibraryImage | undefined> {
    return (await this.list()).find((i) => i.src === src);
  }

  /**
   * Stores an uploaded image and its copies (the same image stored before: nothing new, `created`
   * false), then writes them into this server's folder; the other servers write them at their next
   * poll (../content/content-images.ts).
   */
  async add(image: PreparedImage, alt: string, by: string, limits: ImageLimits = DEFAULT_IMAGE_LIMITS): Promise<{ created: boolean }> {
    const created = await this.q.transaction(async (tx) => {
      // The uploader's lock first, then the image's: two uploads of one editor at once, on any
      // server, are counted one after the other, so together they never pass the quota.
      await tx.lockKey(`content-image-quota:${by}`);
      await tx.lockKey(`content-image:${image.src}`);
      if (await tx.first(tx.db.selectFrom('content_image').select('id').where('src', '=', image.src))) return false;
      const kept = await tx.first(
        tx.db
          .selectFrom('content_image')
          .select((eb) => [eb.fn.countAll().as('images'), eb.fn.sum('byte_size').as('bytes')])
          .where('uploaded_by', '=', by),
      );
      const images = Number(kept?.images ?? 0);
      const bytes = Number(kept?.bytes ?? 0);
      if (images >= limits.quotaCount) {
        const message = quotaCountMessage(limits);
        throw new ApiError(409, 'image_quota_reached', message, { file: message });
      }
      if (bytes + image.files[0]!.bytes.length > limits.quotaBytes) {
        const message = quotaBytesMessage(limits, bytes);
        throw new ApiError(409, 'image_quota_reached', message, { file: message });
      }
      const id = await tx.insertReturningId('content_image', {
        src: image.src,
        alt,
        width: image.width,
        height: image.height,
        media_type: image.mediaType,
        byte_size: image.files[0]!.bytes.length,
        uploaded_by: by,
        created_at: new Date().toISOString(),
      });
      for (const f of image.files) await tx.insert('content_image_file', { image_id: id, path: f.path, width: f.width, bytes: f.bytes });
      return true;
    });
    return { created };
  }

  /**
   * Where an uploaded image is still wanted: the changes waiting for review whose files name it (or
   * one of its copies). A draft does not hold an image: it is its editor's alone and may never be
   * submitted, and once the image is gone the draft's check names the missing picture before it
   * can be submitted.
   */
  async waitingChangesUsing(image: LibraryImage): Promise<{ id: number; files: string[] }[]> {
    const names = [image.src, ...image.copies.map((c) => c.src)];
    const rows = await this.q.all(
      this.q.db
        .selectFrom('studio_review_file')
        .innerJoin('studio_review', 'studio_review.id', 'studio_review_file.review_id')
        .select(['studio_review.id as id', 'studio_review_file.path as path'])
        .where('studio_review.status', '=', 'submitted')
        // The names are /images/uploads/ + [a-z0-9-] + a hash and an extension: no LIKE wildcard in them.
        .where((eb) => eb.or(names.map((name) => eb('studio_review_file.text', 'like', `%${name}%`))))
        .orderBy('studio_review.id'),
    );
    const byChange = new Map<number, string[]>();
    for (const row of rows) byChange.set(row.id, [...(byChange.get(row.id) ?? []), row.path]);
    return [...byChange].map(([id, files]) => ({ id, files }));
  }

  /**
   * Deletes an uploaded image: its rows, and a removal for each of its files, so this server and
   * every other takes them out of its folder (../content/content-images.ts). Answers the paths
   * removed; none when the image was not (or no longer) in the library.
   */
  async remove(src: string): Promise<string[]> {
    return this.q.transaction(async (tx) => {
      await tx.lockKey(`content-image:${src}`);
      const image = await tx.first(tx.db.selectFrom('content_image').select('id').where('src', '=', src));
      if (!image) return [];
      const files = (await tx.all(tx.db.selectFrom('content_image_file').select('path').where('image_id', '=', image.id))).map((f) => f.path);
      await tx.run(tx.db.deleteFrom('content_image_file').where('image_id', '=', image.id));
      await tx.run(tx.db.deleteFrom('content_image').where('id', '=', image.id));
      const at = new Date().toISOString();
      for (const path of files) await tx.insert('content_image_removed', { path, removed_at: at });
      return files;
    });
  }
}
