import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './slider.css';

/** Slider defaults: 500 ms, 1 slide; arrows switch to dots at 767 px (480 for the card slider). */
export const SLIDER_SPEED_MS = 500;
export const SLIDER_SLIDES_TO_SHOW = 1;
export type DotsBreakpoint = 767 | 480;

interface Props {
  slides: readonly ReactNode[];
  /** Accessible name of the carousel. */
  label: string;
  speedMs?: number;
  /** Width (px) at and below which the arrows give way to dots. */
  dotsBreakpoint?: DotsBreakpoint;
  /** When false, the slides are laid out by CSS (e.g. a grid) and the controls are hidden. */
  active?: boolean;
  className?: string;
  initialIndex?: number;
  onChange?(index: number): void;
}

const SWIPE_MIN_PX = 40;

/**
 * A carousel of one slide at a time: previous/next arrows on wide screens, dots on narrow ones (CSS
 * media queries, so server and browser render the same markup). Left/Right arrow keys move when the
 * carousel has focus; swipes move on touch screens. Slides out of view are inert (not focusable, not
 * read), as the WAI-ARIA carousel pattern asks.
 */
export function Slider({ slides, label, speedMs = SLIDER_SPEED_MS, dotsBreakpoint = 767, active = true, className, initialIndex = 0, onChange }: Props) {
  const count = slides.length;
  const [index, setIndex] = useState(Math.min(Math.max(initialIndex, 0), Math.max(count - 1, 0)));
  const touchStart = useRef<number | null>(null);

  const go = (next: number) => {
    const wrapped = ((next % count) + count) % count;
    setIndex(wrapped);
    onChange?.(wrapped);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!active || count < 2) return;
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(index + 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(index - 1);
    }
  };

  const controls = active && count > 1;
  return (
    <div
      className={`slider slider--dots-${dotsBreakpoint}${active ? ' slider--active' : ''}${className ? ` ${className}` : ''}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      tabIndex={controls ? 0 : undefined}
      onKeyDown={onKeyDown}
      onTouchStart={(e) => {
        touchStart.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        const start = touchStart.current;
        const end = e.changedTouches[0]?.clientX;
        touchStart.current = null;
        if (!controls || start === null || end === undefined || Math.abs(end - start) < SWIPE_MIN_PX) return;
        go(end < start ? index + 1 : index - 1);
      }}
    >
      <div className="slider__viewport">
        <div
          className="slider__track"
          style={active ? { transform: `translateX(-${index * 100}%)`, transitionDuration: `${speedMs}ms` } : undefined}
        >
          {slides.map((slide, i) => (
            <div
              className="slider__slide"
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              inert={active && i !== index ? true : undefined}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {controls && (
        <>
          <button type="button" className="slider__arrow slider__arrow--prev" aria-label="Previous slide" onClick={() => go(index - 1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="slider__arrow slider__arrow--next" aria-label="Next slide" onClick={() => go(index + 1)}>
            <span aria-hidden="true">›</span>
          </button>
          <div className="slider__dots">
            {slides.map((_, i) => (
              <button
                key={i}
                type="button"
                className={`slider__dot${i === index ? ' slider__dot--active' : ''}`}
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
