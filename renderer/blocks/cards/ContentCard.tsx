import type { ContentCard as ContentCardDef } from '../../../schemas/blocks/cards.schema';
import { ReadMore } from '../content/ReadMore';
import { DESCRIPTION_LIMIT } from '../content/truncate';
import './cards.css';

type CardImage = NonNullable<ContentCardDef['images']>[number];

function firstImage(card: ContentCardDef): CardImage | undefined {
  if (card.images?.[0]) return card.images[0];
  return card.image ? { ...card.image } : undefined;
}

function CardMedia({ image, onZoom }: { image: CardImage; onZoom?: () => void }) {
  const icon = image.type === 'icon' || (image.type === undefined && image.iconName !== undefined);
  if (icon) {
    const src = image.iconName ? `/images/icons/${image.iconName}.svg` : image.src;
    const hover = image.hoverIconName ? `/images/icons/${image.hoverIconName}.svg` : image.hoverSrc;
    return (
      <span className={`content-card__icon content-card__icon--${image.align ?? 'left'}`}>
        {src && <img src={src} alt={image.alt} width={56} height={56} />}
        {hover && <img className="content-card__hover" src={hover} alt="" width={56} height={56} />}
      </span>
    );
  }
  const shown = image.thumbnail ?? image.src;
  if (!shown) return null;
  const media = (
    <span className="content-card__media">
      <img src={shown} alt={onZoom ? '' : image.alt} width={image.width ?? 800} height={image.height ?? 600} loading="lazy" />
      {image.hoverSrc && <img className="content-card__hover" src={image.hoverSrc} alt="" width={image.width ?? 800} height={image.height ?? 600} loading="lazy" />}
      {image.label && <span className="content-card__label">{image.label}</span>}
    </span>
  );
  return onZoom ? (
    <button type="button" className="content-card__zoom" aria-label={`Enlarge: ${image.alt}`} onClick={onZoom}>
      {media}
    </button>
  ) : (
    media
  );
}

export function CardAction({ action }: { action: NonNullable<ContentCardDef['action']> }) {
  const button = action.displayAs === 'button';
  const className = button ? `button button--${action.variant === 'link' ? 'secondary' : (action.variant ?? 'primary')}` : 'content-card__link';
  const external = action.target === '_blank';
  return (
    <a className={className} href={action.path} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {action.text}
      {action.showIcon && <span aria-hidden="true"> →</span>}
      {external && <span className="visually-hidden"> (opens in a new tab)</span>}
    </a>
  );
}

/** A content card: first image or icon (with hover swap), title, description (220 with Read more), action. */
export function ContentCard({ card, onZoom }: { card: ContentCardDef; onZoom?: () => void }) {
  const image = firstImage(card);
  return (
    <article className="content-card">
      {image && <CardMedia image={image} {...(onZoom ? { onZoom } : {})} />}
      <div className="content-card__body">
        {/* card__title: the class the home page e2e test and older styles know */}
        <h3 className="content-card__title card__title">{card.title}</h3>
        {card.description && <ReadMore text={card.description} limit={DESCRIPTION_LIMIT} className="content-card__description" />}
        {card.action && <CardAction action={card.action} />}
      </div>
    </article>
  );
}

export function zoomImageOf(card: ContentCardDef): { src: string; alt: string; fullSize?: string } | undefined {
  const image = firstImage(card);
  if (!image?.src) return undefined;
  return { src: image.src, alt: image.alt, ...(image.fullSize ? { fullSize: image.fullSize } : {}) };
}
