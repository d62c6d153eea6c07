import { useState, type ReactNode } from 'react';
import { Lightbox, type LightboxImage } from './Lightbox';
import './masonry.css';

export interface MasonryImage extends LightboxImage {
  width: number;
  height: number;
  caption?: ReactNode;
  /** Where the image links to instead of opening the lightbox. */
  href?: string;
}

/** Images in masonry columns (CSS columns); clicking one opens the zoom lightbox, unless it links somewhere. */
export function Masonry({ images, label }: { images: readonly MasonryImage[]; label: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) return <p className="empty">No items available</p>;
  return (
    <>
      <ul className="masonry" aria-label={label}>
        {images.map((img, i) => (
          <li className="masonry__item" key={i}>
            {img.href ? (
              <a className="masonry__button" href={img.href}>
                <img src={img.src} alt={img.alt} width={img.width} height={img.height} loading={i < 3 ? 'eager' : 'lazy'} />
                {img.caption && <span className="masonry__caption">{img.caption}</span>}
              </a>
            ) : (
              <button type="button" className="masonry__button" aria-label={`Enlarge: ${img.alt}`} onClick={() => setOpen(i)}>
                <img src={img.src} alt="" width={img.width} height={img.height} loading={i < 3 ? 'eager' : 'lazy'} />
                {img.caption && <span className="masonry__caption">{img.caption}</span>}
              </button>
            )}
          </li>
        ))}
      </ul>
      {open !== null && <Lightbox images={images} index={open} onClose={() => setOpen(null)} onIndexChange={setOpen} />}
    </>
  );
}
