import type { BannerBlock } from '../../schemas/page.schema';
import { ActionLink } from '../components/ActionLink';

/** Default banner size of the spec (000 §9): 1920 by 787. */
const DEFAULT_WIDTH = 1920;
const DEFAULT_HEIGHT = 787;

export function Banner({ block }: { block: BannerBlock }) {
  const { image } = block;
  return (
    <section className="banner" id={block.id}>
      <img
        className="banner__image"
        src={image.src}
        alt={image.alt}
        width={image.width ?? DEFAULT_WIDTH}
        height={image.height ?? DEFAULT_HEIGHT}
        fetchPriority="high"
      />
      <div className="banner__content">
        <h1 className="banner__title">{block.title}</h1>
        {block.subtitle && <p className="banner__subtitle">{block.subtitle}</p>}
        {block.action && <ActionLink action={block.action} />}
      </div>
    </section>
  );
}
