import type { PromotionsBlock } from '../../schemas/blocks/placeholder.schema';
import { usePage } from '../page-context';

/** The store-wide offers of the site settings (0% APR for 12 months; free shipping from $3500). */
export function Promotions({ block }: { block: PromotionsBlock }) {
  const { settings } = usePage();
  const all = settings.promotions ?? [];
  const shown = block.codes ? all.filter((p) => block.codes!.includes(p.code)) : all;
  if (shown.length === 0) return null;
  return (
    <section className="promotions" id={block.id} aria-label={block.title ?? 'Current offers'}>
      {block.title && <h2 className="promotions__title">{block.title}</h2>}
      <ul className="promotions__list">
        {shown.map((p) => (
          <li className="promotions__item" key={p.code}>
            <strong>{p.title}</strong>
            {p.description && <span className="promotions__description">{p.description}</span>}
            {p.path && (
              <a className="link" href={p.path}>
                Learn more<span className="visually-hidden"> about {p.title}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
