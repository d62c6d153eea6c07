import { truncateAtWord } from '../content/truncate';
import { StarRating } from '../reviews/StarRating';
import { SWATCH_LIMITS } from './swatch-limits';
import { Swatches, type SwatchGroupView } from './Swatches';
import './style-card.css';

export interface StyleCardView {
  name: string;
  title: string;
  description: string;
  label?: string;
  path: string;
  image: { src: string; altText: string; width?: number; height?: number };
  finishes: SwatchGroupView[];
  rating?: { avgRating: number; reviewCount: number };
  /** For sorting by Newest / Oldest: not in the catalog, so the catalog order stands in (see docs). */
  order: number;
  /** Finish families (Paint, Stain...) and category slugs, for filter tabs. */
  families: string[];
  categories: string[];
}

/** Card descriptions are short: 150 characters on a word boundary. */
const CARD_DESCRIPTION_LIMIT = 150;

/**
 * A style as a card: image, label, title, stars, description and its finish swatches (9 visible, '+N').
 * Its title is one level under the heading the cards sit beneath (axe heading-order): an h2 under a
 * page's h1, an h3 under a section's h2. The first card of a list loads its picture at once: on a
 * phone it is on screen, the page's largest paint, which a lazy image would hold back.
 */
export function StyleCard({ style, swatchLimit = SWATCH_LIMITS.styleCard, headingLevel = 3, first = false }: { style: StyleCardView; swatchLimit?: number; headingLevel?: 2 | 3; first?: boolean }) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="style-card">
      <a className="style-card__image" href={style.path} tabIndex={-1} aria-hidden="true">
        <img src={style.image.src} alt="" width={style.image.width ?? 1200} height={style.image.height ?? 800} loading={first ? 'eager' : 'lazy'} />
        {style.label && <span className="style-card__label">{style.label}</span>}
      </a>
      <div className="style-card__body">
        <Title className="style-card__title">
          <a href={style.path}>{style.title}</a>
        </Title>
        {style.rating && style.rating.reviewCount > 0 && (
          <p className="style-card__rating">
            <StarRating rating={style.rating.avgRating} size={14} /> <span>({style.rating.reviewCount})</span>
          </p>
        )}
        <p className="style-card__description">{truncateAtWord(style.description, CARD_DESCRIPTION_LIMIT).text}</p>
        <Swatches
          groups={style.finishes}
          selected={null}
          limit={swatchLimit}
          label={`${style.title} finishes`}
          hrefFor={(c) => `${style.path}?type=${encodeURIComponent(c.type)}&value=${encodeURIComponent(c.value)}`}
        />
        <a className="button button--secondary style-card__action" href={style.path}>
          View {style.title}
        </a>
      </div>
    </article>
  );
}
