import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import './lightbox.css';

/** The default zoom ratio. */
export const ZOOM_RATIO = 2;

export interface LightboxImage {
  src: string;
  alt: string;
  /** A larger original, preferred in the lightbox when given. */
  fullSize?: string;
}

interface Props {
  images: readonly LightboxImage[];
  index: number;
  onClose(): void;
  onIndexChange?(index: number): void;
  zoomRatio?: number;
}

/**
 * A modal image viewer: the full-size image, click (or Enter/Space) to zoom by the ratio around the
 * pointer, Left/Right for previous/next, Esc to close. Focus moves into the dialog, Tab stays inside
 * it, and on close focus returns to the element that opened it.
 */
export function Lightbox({ images, index, onClose, onIndexChange, zoomRatio = ZOOM_RATIO }: Props) {
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [zoomed, setZoomed] = useState(false);
  const [origin, setOrigin] = useState('50% 50%');
  const image = images[index];

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);

  useEffect(() => setZoomed(false), [index]);

  if (!image) return null;
  const many = images.length > 1;
  const go = (delta: number) => onIndexChange?.((index + delta + images.length) % images.length);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'ArrowRight' && many) go(1);
    else if (e.key === 'ArrowLeft' && many) go(-1);
    else if (e.key === 'Tab') {
      const focusable = dialog.current?.querySelectorAll<HTMLElement>('button');
      if (!focusable || focusable.length === 0) return;
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  const onMove = (e: MouseEvent<HTMLElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return;
    setOrigin(`${((e.clientX - rect.left) / rect.width) * 100}% ${((e.clientY - rect.top) / rect.height) * 100}%`);
  };

  return (
    <div className="lightbox" role="dialog" aria-modal="true" aria-label={image.alt || 'Image viewer'} ref={dialog} onKeyDown={onKeyDown}>
      <div className="lightbox__backdrop" onClick={onClose} />
      <div className="lightbox__frame">
        <button
          type="button"
          className={`lightbox__zoom${zoomed ? ' lightbox__zoom--on' : ''}`}
          aria-pressed={zoomed}
          aria-label={zoomed ? 'Zoom out' : 'Zoom in'}
          onClick={() => setZoomed(!zoomed)}
          onMouseMove={onMove}
        >
          <img
            src={image.fullSize ?? image.src}
            alt={image.alt}
            style={{ transform: zoomed ? `scale(${zoomRatio})` : undefined, transformOrigin: origin }}
          />
        </button>
        {many && (
          <>
            <button type="button" className="lightbox__nav lightbox__nav--prev" aria-label="Previous image" onClick={() => go(-1)}>
              ‹
            </button>
            <button type="button" className="lightbox__nav lightbox__nav--next" aria-label="Next image" onClick={() => go(1)}>
              ›
            </button>
          </>
        )}
        <button type="button" className="lightbox__close" aria-label="Close" ref={closeButton} onClick={onClose}>
          ×
        </button>
        {many && (
          <p className="lightbox__count" aria-live="polite">
            {index + 1} / {images.length}
          </p>
        )}
      </div>
    </div>
  );
}
