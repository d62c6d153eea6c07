import { useEffect, useState } from 'react';
import { useIslandId } from '../../islands/use-island-id';
import type { VisualizerBlock as VisualizerDef } from '../../../schemas/blocks/gallery.schema';
import type { ProductStyle } from '../../../schemas/catalog/product-style.schema';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { catalogOf, categoryBase, orderedStyleNames } from '../catalog-store';
import { addSamples, SAMPLE_MESSAGES } from '../../../widgets/cart-store/sample-cart';
import { useCartExpiryHours } from './use-cart-expiry';
import { SAMPLE_MESSAGE_MS } from './SampleList';
import { stylePagePath } from './style-views';
import { Swatches, type FinishChoice, type SwatchGroupView } from './Swatches';
import './visualizer.css';

interface Img {
  src: string;
  altText: string;
}

type VisualizerFinish = SwatchGroupView['items'][number] & { door: Img; preview: Img };
interface VisualizerFinishGroup {
  name: string;
  title: string;
  items: VisualizerFinish[];
}

export interface VisualizerStyle {
  name: string;
  title: string;
  path: string;
  finishes: VisualizerFinishGroup[];
  samples: { sku: string; name: string; finish: FinishChoice }[];
}

export interface VisualizerData {
  styles: VisualizerStyle[];
  initial: { style: string; finish: FinishChoice } | null;
}

function visualizerStyle(style: ProductStyle, base: string): VisualizerStyle {
  return {
    name: style.name,
    title: style.title,
    path: stylePagePath(style, null, base),
    finishes: style.finishes.map((g) => ({
      name: g.name,
      title: g.title,
      items: g.items.map((f) => ({
        value: f.value,
        label: f.label,
        swatchImage: { src: f.swatchImage.src, altText: f.swatchImage.altText },
        door: { src: f.doorImage.src, altText: f.doorImage.altText },
        preview: { src: f.previewImage.src, altText: f.previewImage.altText },
      })),
    })),
    samples: style.items.map((i) => ({ sku: i.sku, name: i.name, finish: { type: i.finish.type, value: i.finish.value } })),
  };
}

export function selectVisualizerData(block: VisualizerDef, ctx: BlockDataContext): VisualizerData {
  const catalog = catalogOf(ctx.store);
  const names = block.styles ?? orderedStyleNames(catalog);
  const styles = names.flatMap((n) => (catalog.styles[n] ? [visualizerStyle(catalog.styles[n], categoryBase(ctx.settings))] : []));
  const wanted = styles.find((s) => s.name === ctx.query.get('style'));
  const type = ctx.query.get('type');
  const value = ctx.query.get('value');
  const hasFinish = wanted?.finishes.some((g) => g.name === type && g.items.some((f) => f.value === value));
  return { styles, initial: wanted && hasFinish && type && value ? { style: wanted.name, finish: { type, value } } : null };
}

function firstFinish(style: VisualizerStyle | undefined): FinishChoice | null {
  const g = style?.finishes[0];
  const f = g?.items[0];
  return g && f ? { type: g.name, value: f.value } : null;
}

/** Pick a style and a finish, see the door and a room in it, order that door sample. */
export function VisualizerBlock({ block, data }: BlockProps<VisualizerDef, VisualizerData>) {
  const [styleName, setStyleName] = useState(data.initial?.style ?? data.styles[0]?.name ?? '');
  const style = data.styles.find((s) => s.name === styleName);
  const [finish, setFinish] = useState<FinishChoice | null>(data.initial?.finish ?? firstFinish(style));
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const selectId = useIslandId();
  const expiryHours = useCartExpiryHours();
  useEffect(() => {
    if (!message) return;
    const t = setTimeout(() => setMessage(null), SAMPLE_MESSAGE_MS);
    return () => clearTimeout(t);
  }, [message]);

  if (!style) return <p className="empty">No Data Found</p>;
  const item = style.finishes.find((g) => g.name === finish?.type)?.items.find((f) => f.value === finish?.value);
  const sample = style.samples.find((s) => s.finish.type === finish?.type && s.finish.value === finish?.value);

  const remember = (name: string, choice: FinishChoice | null) => {
    const params = new URLSearchParams(window.location.search);
    params.set('style', name);
    if (choice) {
      params.set('type', choice.type);
      params.set('value', choice.value);
    }
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${params.toString()}`);
  };
  const chooseStyle = (name: string) => {
    const next = data.styles.find((s) => s.name === name);
    const choice = firstFinish(next);
    setStyleName(name);
    setFinish(choice);
    setMessage(null);
    remember(name, choice);
  };
  const chooseFinish = (choice: FinishChoice) => {
    setFinish(choice);
    setMessage(null);
    remember(style.name, choice);
  };
  const order = () => {
    if (!sample) {
      setMessage({ kind: 'error', text: SAMPLE_MESSAGES.selectAtLeastOne });
      return;
    }
    const result = addSamples([{ name: sample.name, sku: sample.sku, finish: sample.finish }], undefined, Date.now(), expiryHours);
    setMessage(result.errors[0] ? { kind: 'error', text: result.errors[0] } : { kind: 'success', text: SAMPLE_MESSAGES.added(1) });
  };

  return (
    <section className="visualizer" id={block.id} aria-label={block.title ?? 'Kitchen visualizer'}>
      <h2 className="visualizer__title">{block.title ?? 'Kitchen visualizer'}</h2>
      {block.description && <p className="visualizer__description">{block.description}</p>}
      <div className="visualizer__layout">
        <div className="visualizer__controls">
          <label htmlFor={selectId} className="visualizer__label">
            Door style
          </label>
          <select id={selectId} value={style.name} onChange={(e) => chooseStyle(e.target.value)}>
            {data.styles.map((s) => (
              <option key={s.name} value={s.name}>
                {s.title}
              </option>
            ))}
          </select>
          <p className="visualizer__label">Finish{item ? `: ${item.label}` : ''}</p>
          <Swatches groups={style.finishes} selected={finish} onSelect={chooseFinish} showGroupTitles label={`${style.title} finishes`} />
          <button type="button" className="button button--primary" onClick={order}>
            Order this sample
          </button>
          <div role="status" aria-live="polite" className="visualizer__status">
            {message && <p className={`sample-list__message sample-list__message--${message.kind}`}>{message.text}</p>}
          </div>
          <a href={item && finish ? `${style.path}?type=${encodeURIComponent(finish.type)}&value=${encodeURIComponent(finish.value)}` : style.path}>See {style.title} details</a>
        </div>
        <div className="visualizer__views" aria-live="polite">
          {item ? (
            <>
              <figure className="visualizer__preview">
                <img src={item.preview.src} alt={item.preview.altText} width={1200} height={800} />
                <figcaption>
                  {style.title} in {item.label}
                </figcaption>
              </figure>
              <figure className="visualizer__door">
                <img
                  src={item.door.src}
                  alt={item.door.altText}
                  width={300}
                  height={400}
                  // A failed door image hides its frame rather than showing a broken picture.
                  onError={(e) => {
                    (e.currentTarget.parentElement as HTMLElement).hidden = true;
                  }}
                />
                <figcaption>Door</figcaption>
              </figure>
            </>
          ) : (
            <p className="empty">No Data Found</p>
          )}
        </div>
      </div>
    </section>
  );
}
