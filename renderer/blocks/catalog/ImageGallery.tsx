import { useEffect, useState, type KeyboardEvent } from 'react';
import { Lightbox } from '../gallery/Lightbox';
import './image-gallery.css';

/** The thumbnail strip shows up to 3 at a time. */
export const THUMBNAILS_VISIBLE = 3;

export interface GalleryImageView {
  src: string;
  altText: string;
  width?: number;
  height?: number;
}

/**
 * The style page's image slider: the main image (click or Enter opens the zoom lightbox), Left/Right
 * arrows on it move between images, and a strip of up to 3 thumbnails with previous/next buttons.
 */
export function ImageGallery({ images, label }: { images: readonly GalleryImageView[]; label: string }) {
  const [index, setIndex] = useState(0);
  const [start, setStart] = useState(0);
  const [zoom, setZoom] = useState(false);
  useEffect(() => {
    setIndex(0);
    setStart(0);
  }, [images]);
  const current = images[index];
  if (!current) return null;
  const select = (i: number) => {
    const next = (i + images.length) % images.length;
    setIndex(next);
    if (next < start) setStart(next);
    else if (next >= start + THUMBNAILS_VISIBLE) setStart(next - THUMBNAILS_VISIBLE + 1);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      select(index + 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      select(index - 1);
    }
  };
  const strip = images.slice(start, start + THUMBNAILS_VISIBLE);
  return (
    <div className="image-gallery" role="region" aria-roledescription="carousel" aria-label={label}>
      <button type="button" className="image-gallery__main" onClick={() => setZoom(true)} onKeyDown={onKeyDown} aria-label={`Enlarge image ${index + 1} of ${images.length}: ${current.altText}`}>
        <img src={current.src} alt="" width={current.width ?? 1200} height={current.height ?? 800} fetchPriority="high" />
      </button>
      {images.length > 1 && (
        <div className="image-gallery__strip">
          <button type="button" className="image-gallery__step" aria-label="Previous image" onClick={() => select(index - 1)}>
            ‹
          </button>
          <ul className="image-gallery__thumbs">
            {strip.map((img, i) => {
              const at = start + i;
              return (
                <li key={`${img.src}-${at}`}>
                  <button type="button" className={`image-gallery__thumb${at === index ? ' image-gallery__thumb--active' : ''}`} aria-label={`Show image ${at + 1}: ${img.altText}`} aria-current={at === index ? 'true' : undefined} onClick={() => select(at)}>
                    <img src={img.src} alt="" width={120} height={80} loading="lazy" />
                  </button>
                </li>
              );
            })}
          </ul>
          <button type="button" className="image-gallery__step" aria-label="Next image" onClick={() => select(index + 1)}>
            ›
          </button>
        </div>
      )}
      {zoom && <Lightbox images={images.map((i) => ({ src: i.src, alt: i.altText }))} index={index} onClose={() => setZoom(false)} onIndexChange={select} />}
    </div>
  );
}
