import type { CardsBlock } from '../../schemas/page.schema';
import { ActionLink } from '../components/ActionLink';

export function Cards({ block }: { block: CardsBlock }) {
  const columns = block.columns ?? 3;
  return (
    <section className="cards" id={block.id} aria-label={block.title}>
      {block.title && <h2 className="cards__title">{block.title}</h2>}
      {block.items.length === 0 ? (
        <p className="empty">No items available</p>
      ) : (
        <ul className="cards__grid" style={{ ['--columns' as string]: columns }}>
          {block.items.map((card, i) => (
            <li className="card" key={i}>
              {card.image && (
                <img className="card__image" src={card.image.src} alt={card.image.alt} width={card.image.width} height={card.image.height} loading="lazy" />
              )}
              <h3 className="card__title">{card.title}</h3>
              {card.description && <p className="card__description">{card.description}</p>}
              {card.action && <ActionLink action={card.action} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
