import { useState } from 'react';
import type { ContentCardsBlock as ContentCardsDef } from '../../../schemas/blocks/cards.schema';
import type { BlockProps } from '../block-definition';
import { Lightbox } from '../gallery/Lightbox';
import { CardSlider } from '../sliders/CardSlider';
import { ContentCard, zoomImageOf } from './ContentCard';
import './cards.css';

export function ContentCardsBlock({ block }: BlockProps<ContentCardsDef>) {
  const [zoomAt, setZoomAt] = useState<number | null>(null);
  const columns = block.columns ?? 3;
  const zoomable = block.zoom ? block.items.map(zoomImageOf) : [];
  const images = zoomable.filter((z): z is NonNullable<typeof z> => z !== undefined);
  const cards = block.items.map((card, i) => {
    const zoom = zoomable[i];
    return <ContentCard key={i} card={card} {...(zoom ? { onZoom: () => setZoomAt(images.indexOf(zoom)) } : {})} />;
  });
  return (
    <section className="content-cards" id={block.id} aria-label={block.title ?? 'Cards'}>
      {block.title && <h2 className="content-cards__title">{block.title}</h2>}
      {block.description && <p className="content-cards__description">{block.description}</p>}
      {cards.length === 0 ? (
        <p className="empty">No items available</p>
      ) : block.layout === 'slider' ? (
        <CardSlider cards={cards} label={block.title ?? 'Cards'} columns={columns} />
      ) : (
        <ul className="content-cards__grid" style={{ ['--columns' as string]: columns }}>
          {cards.map((card, i) => (
            <li key={i}>{card}</li>
          ))}
        </ul>
      )}
      {zoomAt !== null && <Lightbox images={images} index={zoomAt} onClose={() => setZoomAt(null)} onIndexChange={setZoomAt} />}
    </section>
  );
}
