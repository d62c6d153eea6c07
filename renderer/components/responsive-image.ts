/**
 * The `srcset` and `sizes` of a picture uploaded in the studio, whose smaller WebP copies were
 * made on upload (schemas/uploaded-images.ts): a phone fetches the 480 px copy of a hero photo,
 * not its 2400 px original. Other images (the folder's own, SVGs) get nothing added.
 */
import { responsiveSrcSet } from '../../schemas/uploaded-images';

export function responsiveImageProps(image: { src: string; width?: number }, sizes: string): { srcSet?: string; sizes?: string } {
  const srcSet = responsiveSrcSet(image.src, image.width);
  return srcSet ? { srcSet, sizes } : {};
}
