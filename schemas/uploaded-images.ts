/**
 * Images uploaded in the studio: where they go, the sizes kept, and the smaller copies made on
 * upload for responsive pages. The server makes the copies (server/studio/image-upload.ts), the
 * renderer names them in `srcset` (renderer/components/responsive-image.ts), the studio shows the
 * limits: all from here, so the three agree.
 */

/** Uploaded images live under this folder of the content folder, and are named from it as /images/uploads/…. */
export const UPLOADS_FOLDER = 'images/uploads';
export const UPLOADS_SRC_PREFIX = '/images/uploads/';

/** The widths of the WebP copies made of a picture wider than each (pixels). */
export const RESPONSIVE_WIDTHS = [480, 960, 1600] as const;

/** A picture wider than this is made this wide on upload (no page shows more). */
export const MAX_IMAGE_WIDTH = 2400;
/** Largest file taken: a photo straight from a phone fits. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** Largest SVG taken: drawings, not photos. */
export const MAX_SVG_BYTES = 1024 * 1024;
/** More pixels than this is refused before decoding (a 24000 x 24000 "image" of a few kB would take gigabytes). */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_ALT_LENGTH = 300;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/svg+xml'] as const;
export const IMAGE_TYPES_IN_WORDS = 'JPEG, PNG, WebP, AVIF or SVG';

/** /images/uploads/kitchen-3f9a2c1b.jpg at 960 px -> /images/uploads/kitchen-3f9a2c1b-960w.webp */
export function responsiveCopySrc(src: string, width: number): string {
  return `${src.replace(/\.[a-z0-9]+$/i, '')}-${width}w.webp`;
}

/** The copies an uploaded picture of this width has (none for an SVG or another image). */
export function responsiveCopies(src: string, width: number | undefined): { src: string; width: number }[] {
  if (!src.startsWith(UPLOADS_SRC_PREFIX) || /\.svg$/i.test(src) || !width) return [];
  return RESPONSIVE_WIDTHS.filter((w) => w < width).map((w) => ({ src: responsiveCopySrc(src, w), width: w }));
}

/** The `srcset` of an uploaded picture with its copies, or undefined when it has none. */
export function responsiveSrcSet(src: string, width: number | undefined): string | undefined {
  const copies = responsiveCopies(src, width);
  if (copies.length === 0) return undefined;
  return [...copies.map((c) => `${c.src} ${c.width}w`), `${src} ${width}w`].join(', ');
}
