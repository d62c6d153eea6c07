import type { BannerBlock } from '../../schemas/blocks/banners.schema';
import { ActionLink } from '../components/ActionLink';
import { responsiveImageProps } from '../components/responsive-image';
import { titleLengthClass } from '../text/display-text';

/** Default banner size: 1920 by 787. */
export const DEFAULT_BANNER_WIDTH = 1920;
export const DEFAULT_BANNER_HEIGHT = 787;

export function Banner({ block }: { block: BannerBlock }) {
  const { image } = block;
  return (
    <section className="banner" id={block.id} aria-labelledby={block.id ? `${block.id}-title` : undefined}>
      <img
        className="banner__image"
        src={image.src}
        {...responsiveImageProps(image, '100vw')}
        alt={image.alt}
        width={image.width ?? DEFAULT_BANNER_WIDTH}
        height={image.height ?? DEFAULT_BANNER_HEIGHT}
        fetchPriority="high"
      />
      <div className="banner__content">
        <h1 className={`banner__title title--${titleLengthClass(block.title)}`} id={block.id ? `${block.id}-title` : undefined}>
          {block.title}
        </h1>
        {block.subtitle && <p className="banner__subtitle">{block.subtitle}</p>}
        {(block.action || block.secondaryAction) && (
          <div className="banner__actions">
            {block.action && <ActionLink action={block.action} />}
            {block.secondaryAction && <ActionLink action={{ variant: 'secondary', ...block.secondaryAction }} />}
          </div>
        )}
      </div>
    </section>
  );
}
