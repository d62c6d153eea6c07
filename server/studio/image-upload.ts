/**
 * An image uploaded in the studio, made ready for the site: its type read from its bytes (never
 * from its name), the size limits, and then
 *
 * - a picture (JPEG, PNG, WebP, AVIF) is decoded by sharp (libvips) with a cap on its pixels,
 *   turned upright by its EXIF orientation, made at most MAX_IMAGE_WIDTH wide, and encoded again
 *   in its own format: what is kept carries no metadata (a phone's photo loses its GPS position).
 *   WebP copies at the RESPONSIVE_WIDTHS below its width are made for `srcset`;
 * - an SVG is cleaned by DOMPurify's SVG profile on a jsdom DOM: no script, no event handler, no
 *   foreign object, and no reference that leaves the file (links, images, styles that fetch
 *   another address), so neither a page that shows it nor a visitor who opens it runs or fetches
 *   anything.
 *
 * The name is made from the file's name and the hash of what is kept: the same image uploaded
 * twice is one image.
 */
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import {
  IMAGE_TYPES_IN_WORDS,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_WIDTH,
  MAX_SVG_BYTES,
  RESPONSIVE_WIDTHS,
  responsiveCopySrc,
  UPLOADS_SRC_PREFIX,
} from '../../schemas/uploaded-images';
import { ApiError } from '../http/api-error';

export const IMAGE_TYPE_MESSAGE = `Upload a ${IMAGE_TYPES_IN_WORDS} image.`;
export const IMAGE_TOO_LARGE = `The image is too large: at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB (an SVG ${MAX_SVG_BYTES / 1024 / 1024} MB).`;
export const IMAGE_UNREADABLE = 'This file could not be read as an image. Save it again as JPEG or PNG and upload that.';
export const IMAGE_TOO_MANY_PIXELS = `The image has too many pixels: at most ${MAX_IMAGE_PIXELS / 1_000_000} million.`;

export interface ImageFile {
  /** As the content folder names it: images/uploads/kitchen-3f9a2c1b.jpg */
  path: string;
  width: number;
  bytes: Buffer;
}

export interface PreparedImage {
  /** As a definition names it: /images/uploads/kitchen-3f9a2c1b.jpg */
  src: string;
  mediaType: string;
  width: number;
  height: number;
  /** The image, then its smaller copies. */
  files: ImageFile[];
}

type Raster = 'jpeg' | 'png' | 'webp' | 'avif';
const RASTER: Record<string, { format: Raster; ext: string }> = {
  'image/jpeg': { format: 'jpeg', ext: 'jpg' },
  'image/png': { format: 'png', ext: 'png' },
  'image/webp': { format: 'webp', ext: 'webp' },
  'image/avif': { format: 'avif', ext: 'avif' },
};

const unsupported = () => new ApiError(415, 'unsupported_image', IMAGE_TYPE_MESSAGE, { file: IMAGE_TYPE_MESSAGE });

/** "Austin Showroom (1).JPG" -> "austin-showroom-1"; "image" when nothing is left. */
export function slugOf(fileName: string): string {
  const base = fileName.replace(/\.[^.]*$/, '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const slug = base
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'image';
}

const hashOf = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 10);

/** Whether the bytes are an SVG document: optional XML declaration, comments and doctype, then <svg. */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '');
  return /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head);
}

type Purifier = { sanitize(dirty: string, config: Record<string, unknown>): string; addHook(name: string, hook: (node: Element, data: { attrName?: string; attrValue?: string; keepAttr?: boolean }) => void): void };
let purifier: Purifier | undefined;

/** A reference that stays inside the file (#id), or an embedded picture. */
const LOCAL_REFERENCE = /^\s*(?:#|data:image\/(?:png|jpe?g|gif|webp);base64,)/i;
/**
 * CSS that fetches another address: @import, url() of anything but #id, and the functions that
 * take an address as a plain string (image-set("…"), image(), src(), cross-fade()). And any CSS
 * escape (a backslash): `\75rl(` is `url(` to a browser, and an SVG drawn by a design tool has no
 * reason to escape anything, so a style with one is dropped rather than decoded here and hoped
 * right.
 */
const FETCHING_CSS = /\\|@import|url\s*\(\s*['"]?\s*(?!#)|(?:image-set|image|src|cross-fade|element)\s*\(/i;
/** What an XML parser leaves of a style: CSS comments could still split a word the browser joins again, so they go first. */
const fetches = (css: string): boolean => FETCHING_CSS.test(css) || FETCHING_CSS.test(css.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, ''));

/** DOMPurify on a jsdom window, made once, on the first SVG (jsdom is not loaded by a server that never takes one). */
function svgPurifier(): Purifier {
  if (purifier) return purifier;
  const require = createRequire(import.meta.url);
  const { JSDOM } = require('jsdom') as { JSDOM: new (html: string) => { window: unknown } };
  const createDOMPurify = require('dompurify') as (window: unknown) => Purifier;
  const made = createDOMPurify(new JSDOM('').window);
  made.addHook('uponSanitizeElement', (node) => {
    if (node.nodeName?.toLowerCase() === 'style' && fetches(node.textContent ?? '')) node.textContent = '';
  });
  made.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = (data.attrName ?? '').toLowerCase();
    const value = data.attrValue ?? '';
    if ((name === 'href' || name === 'xlink:href') && !LOCAL_REFERENCE.test(value)) data.keepAttr = false;
    if (name === 'style' && fetches(value)) data.keepAttr = false;
    if (/^(?:fill|stroke|filter|clip-path|mask|marker-(?:start|mid|end)|cursor)$/.test(name) && fetches(value)) data.keepAttr = false;
  });
  purifier = made;
  return made;
}

/** The SVG without anything that runs or fetches; a 415 when nothing of an SVG is left. */
export function cleanSvg(text: string): string {
  const clean = svgPurifier().sanitize(text, { USE_PROFILES: { svg: true, svgFilters: true }, FORBID_TAGS: ['foreignObject', 'a'], KEEP_CONTENT: true });
  if (!/^<svg[\s>]/i.test(clean.trim())) throw unsupported();
  // A file of its own needs the namespace a page's inline SVG can do without.
  const namespaced = /^<svg[^>]*\sxmlns=/i.test(clean) ? clean : clean.replace(/^<svg/i, '<svg xmlns="http://www.w3.org/2000/svg"');
  return `${namespaced.trim()}\n`;
}

async function prepareSvg(bytes: Buffer, fileName: string): Promise<PreparedImage> {
  if (bytes.length > MAX_SVG_BYTES) throw new ApiError(413, 'image_too_large', IMAGE_TOO_LARGE, { file: IMAGE_TOO_LARGE });
  const clean = Buffer.from(cleanSvg(bytes.toString('utf8')), 'utf8');
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(clean, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    throw new ApiError(422, 'unreadable_image', IMAGE_UNREADABLE, { file: IMAGE_UNREADABLE });
  }
  const src = `${UPLOADS_SRC_PREFIX}${slugOf(fileName)}-${hashOf(clean)}.svg`;
  return { src, mediaType: 'image/svg+xml', width, height, files: [{ path: src.slice(1), width, bytes: clean }] };
}

async function prepareRaster(bytes: Buffer, fileName: string, kind: { format: Raster; ext: string }, mediaType: string): Promise<PreparedImage> {
  let image: Sharp;
  let width: number;
  let height: number;
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: false }).rotate();
    const meta = await source.metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    // EXIF orientations 5 to 8 turn the picture a quarter: its width is its height.
    const turned = (meta.orientation ?? 1) >= 5;
    const [w, h] = turned ? [meta.height, meta.width] : [meta.width, meta.height];
    width = Math.min(w, MAX_IMAGE_WIDTH);
    height = Math.round((h * width) / w);
    image = source.resize({ width, withoutEnlargement: true });
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) throw new ApiError(413, 'image_too_large', IMAGE_TOO_MANY_PIXELS, { file: IMAGE_TOO_MANY_PIXELS });
    throw new ApiError(422, 'unreadable_image', IMAGE_UNREADABLE, { file: IMAGE_UNREADABLE });
  }
  let kept: Buffer;
  try {
    const encoder = image.clone();
    kept = await (kind.format === 'jpeg'
      ? encoder.jpeg({ quality: 82, mozjpeg: true })
      : kind.format === 'png'
        ? encoder.png({ compressionLevel: 9, palette: false })
        : kind.format === 'webp'
          ? encoder.webp({ quality: 80 })
          : encoder.avif({ quality: 55 })
    ).toBuffer();
  } catch {
    throw new ApiError(422, 'unreadable_image', IMAGE_UNREADABLE, { file: IMAGE_UNREADABLE });
  }
  const src = `${UPLOADS_SRC_PREFIX}${slugOf(fileName)}-${hashOf(kept)}.${kind.ext}`;
  const files: ImageFile[] = [{ path: src.slice(1), width, bytes: kept }];
  for (const w of RESPONSIVE_WIDTHS.filter((r) => r < width)) {
    const copy = await image.clone().resize({ width: w }).webp({ quality: 78 }).toBuffer();
    files.push({ path: responsiveCopySrc(src, w).slice(1), width: w, bytes: copy });
  }
  return { src, mediaType, width, height, files };
}

/** The image ready for the content folder, or a 4xx that says what is wrong with it. */
export async function prepareImage(bytes: Buffer, fileName: string): Promise<PreparedImage> {
  if (bytes.length === 0) throw new ApiError(400, 'validation_failed', IMAGE_TYPE_MESSAGE, { file: IMAGE_TYPE_MESSAGE });
  if (bytes.length > MAX_IMAGE_BYTES) throw new ApiError(413, 'image_too_large', IMAGE_TOO_LARGE, { file: IMAGE_TOO_LARGE });
  const detected = await fileTypeFromBuffer(bytes);
  if (detected && RASTER[detected.mime]) return prepareRaster(bytes, fileName, RASTER[detected.mime]!, detected.mime);
  if ((!detected || detected.mime === 'application/xml') && looksLikeSvg(bytes)) return prepareSvg(bytes, fileName);
  throw unsupported();
}
