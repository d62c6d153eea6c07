import { useState, type KeyboardEvent } from 'react';
import type { BannerSliderBlock } from '../../schemas/blocks/banners.schema';
import { responsiveImageProps } from '../components/responsive-image';
import { ActionLink } from '../components/ActionLink';
import { titleLengthClass } from '../text/display-text';
import { DEFAULT_BANNER_HEIGHT, DEFAULT_BANNER_WIDTH } from './Banner';

/**
 * Several banners, one at a time. It does not turn by itself: moving content
 * fails people who read slowly (WCAG 2.2.2); arrows, dots and the arrow keys move it.
 */
export function BannerSlider({ block }: { block: BannerSliderBlock }) {
  const [current, setCurrent] = useState(0);
  const count = block.slides.length;
  const go = (i: number) => setCurrent(((i % count) + count) % count);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(current + 1);
    else if (e.key === 'ArrowLeft') go(current - 1);
  };
  return (
    <section className="banner-slider" id={block.id} aria-roledescription="carousel" aria-label={block.label ?? 'Featured'} onKeyDown={onKeyDown}>
      <div className="banner-slider__track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {block.slides.map((slide, i) => (
          <div
            className="banner banner-slider__slide"
            key={i}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== current}
            inert={i !== current}
          >
            <img
              className="banner__image"
              src={slide.image.src}
              {...responsiveImageProps(slide.image, '100vw')}
              alt={slide.image.alt}
              width={slide.image.width ?? DEFAULT_BANNER_WIDTH}
              height={slide.image.height ?? DEFAULT_BANNER_HEIGHT}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
            />
            <div className="banner__content">
              {i === 0 ? (
                <h1 className={`banner__title title--${titleLengthClass(slide.title)}`}>{slide.title}</h1>
              ) : (
                <h2 className={`banner__title title--${titleLengthClass(slide.title)}`}>{slide.title}</h2>
              )}
              {slide.subtitle && <p className="banner__subtitle">{slide.subtitle}</p>}
              {slide.action && <ActionLink action={slide.action} />}
            </div>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="banner-slider__controls">
          <button type="button" className="slider-arrow slider-arrow--prev" aria-label="Previous slide" onClick={() => go(current - 1)}>
            ‹
          </button>
          <div className="banner-slider__dots">
            {block.slides.map((slide, i) => (
              <button
                type="button"
                key={i}
                className={`slider-dot${i === current ? ' slider-dot--active' : ''}`}
                aria-label={`Show slide ${i + 1}: ${slide.title}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button type="button" className="slider-arrow slider-arrow--next" aria-label="Next slide" onClick={() => go(current + 1)}>
            ›
          </button>
        </div>
      )}
    </section>
  );
}
