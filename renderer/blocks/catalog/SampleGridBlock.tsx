import { useEffect, useState } from 'react';
import type { SampleGridBlock as SampleGridDef } from '../../../schemas/blocks/gallery.schema';
import { formatMoney } from '../../../schemas/money';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { catalogOf, categoryBase, orderedStyleNames } from '../catalog-store';
import { routeValue } from '../route-value';
import { useExternalStore } from '../../islands/external-store';
import { addSamples, SAMPLE_MESSAGES } from '../../../widgets/cart-store/sample-cart';
import { sampleCartCount } from './sample-cart-store';
import { useCartExpiryHours } from './use-cart-expiry';
import { SAMPLE_MESSAGE_MS } from './SampleList';
import { stylePagePath } from './style-views';
import { SWATCH_LIMITS } from './swatch-limits';
import { Swatches, type FinishChoice, type SwatchGroupView } from './Swatches';
import './visualizer.css';
import './style-card.css';

export interface SampleGridStyle {
  name: string;
  title: string;
  path: string;
  image: { src: string; altText: string };
  finishes: SwatchGroupView[];
  samples: { sku: string; name: string; price: number; finish: FinishChoice }[];
}

export interface SampleGridData {
  styles: SampleGridStyle[];
}

export function selectSampleGridData(block: SampleGridDef, ctx: BlockDataContext): SampleGridData {
  const catalog = catalogOf(ctx.store);
  const slug = routeValue(block.category, ctx.params);
  const category = slug ? catalog.categories.find((c) => c.slug === slug) : undefined;
  const names = category ? category.styles : orderedStyleNames(catalog);
  return {
    styles: names.flatMap((n) => {
      const s = catalog.styles[n];
      if (!s) return [];
      const cover = s.images.find((i) => i.type === 'sample' || i.type === 'door') ?? s.images[0]!;
      return [
        {
          name: s.name,
          title: s.title,
          path: stylePagePath(s, null, categoryBase(ctx.settings)),
          image: { src: cover.src, altText: cover.altText },
          finishes: s.finishes.map((g) => ({ name: g.name, title: g.title, items: g.items.map((f) => ({ value: f.value, label: f.label, swatchImage: { src: f.swatchImage.src, altText: f.swatchImage.altText } })) })),
          samples: s.items.map((i) => ({ sku: i.sku, name: i.name, price: i.price, finish: { type: i.finish.type, value: i.finish.value } })),
        },
      ];
    }),
  };
}

/**
 * One style of the sample grid: pick a finish swatch and press 'Order Now'. With several samples a
 * finish must be picked ('Please select at least one sample.'); a single sample is taken
 * automatically. Messages show for 5 seconds.
 */
export function SampleCard({ style, swatchLimit }: { style: SampleGridStyle; swatchLimit: number }) {
  const [finish, setFinish] = useState<FinishChoice | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const expiryHours = useCartExpiryHours();
  useEffect(() => {
    if (!message) return;
    const t = setTimeout(() => setMessage(null), SAMPLE_MESSAGE_MS);
    return () => clearTimeout(t);
  }, [message]);
  const prices = style.samples.map((s) => s.price);
  const order = () => {
    const chosen = style.samples.length === 1 ? style.samples[0] : style.samples.find((s) => s.finish.type === finish?.type && s.finish.value === finish?.value);
    if (!chosen) {
      setMessage({ kind: 'error', text: SAMPLE_MESSAGES.selectAtLeastOne });
      return;
    }
    const result = addSamples([{ name: chosen.name, sku: chosen.sku, finish: chosen.finish }], undefined, Date.now(), expiryHours);
    setMessage(result.errors[0] ? { kind: 'error', text: result.errors[0] } : { kind: 'success', text: SAMPLE_MESSAGES.added(1) });
  };
  return (
    <article className="sample-card">
      <img className="sample-card__door" src={style.image.src} alt="" width={1200} height={800} loading="lazy" />
      <div className="sample-card__body">
        <h3 className="sample-card__title">
          <a href={style.path}>{style.title}</a>
        </h3>
        {prices.length > 0 && <p className="sample-card__price">Door samples from {formatMoney(Math.min(...prices))}</p>}
        <Swatches groups={style.finishes} selected={finish} onSelect={setFinish} limit={swatchLimit} label={`${style.title} finishes`} />
        {style.samples.length === 0 ? (
          <p className="empty">No sample items available for this style.</p>
        ) : (
          <button type="button" className="button button--primary" onClick={order}>
            Order Now
          </button>
        )}
        <div role="status" aria-live="polite" className="sample-card__status">
          {message && <p className={`sample-list__message sample-list__message--${message.kind}`}>{message.text}</p>}
        </div>
      </div>
    </article>
  );
}

/** How many samples the cart holds (the same store as the header's cart link). */
function CartCount() {
  const count = useExternalStore(sampleCartCount);
  if (count === 0) return null;
  return <p className="sample-grid__cart">{count === 1 ? '1 sample in your cart.' : `${count} samples in your cart.`}</p>;
}

export function SampleGridBlock({ block, data }: BlockProps<SampleGridDef, SampleGridData>) {
  return (
    <section className="sample-grid" id={block.id} aria-label={block.title ?? 'Door samples'}>
      {block.title && <h2 className="visualizer__title">{block.title}</h2>}
      {block.description && <p className="visualizer__description">{block.description}</p>}
      <CartCount />
      {data.styles.length === 0 ? (
        <p className="empty">No Data Found</p>
      ) : (
        <ul className="card-grid">
          {data.styles.map((s) => (
            <li key={s.name}>
              <SampleCard style={s} swatchLimit={block.swatchLimit ?? SWATCH_LIMITS.default} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
