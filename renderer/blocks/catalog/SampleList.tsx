import { useEffect, useState } from 'react';
import { useIslandId } from '../../islands/use-island-id';
import { formatMoney } from '../../../schemas/money';
import { addSamples, SAMPLE_MESSAGES } from '../../../widgets/cart-store/sample-cart';
import { useCartExpiryHours } from './use-cart-expiry';
import './sample-list.css';

export interface SampleView {
  sku: string;
  name: string;
  price: number;
  finish: { type: string; value: string };
  finishLabel?: string;
  image?: { src: string; altText: string };
}

/** Result messages stay 5 seconds. */
export const SAMPLE_MESSAGE_MS = 5000;
export const SAMPLE_EMPTY_TITLE = 'We are sorry, but we could not find any data.';
export const SAMPLE_EMPTY_TEXT = 'No sample items available for this style.';

interface Props {
  samples: readonly SampleView[];
  styleTitle: string;
  /** SKU to tick first (the finish chosen on the page). */
  preselect?: string;
  heading?: string;
  /** The form's id, where the style's 'Order samples' link leads. */
  id?: string;
}

type Message = { kind: 'success' | 'error'; text: string };

/**
 * The sample form: tick door samples and press 'Order Now' to put them in the sample cart
 * (localStorage, qty 1 each). With several samples at least one must be ticked; a single sample is
 * taken automatically. Messages show for 5 seconds.
 */
export function SampleList({ samples, styleTitle, preselect, heading = 'Order door samples', id }: Props) {
  const [picked, setPicked] = useState<Set<string>>(() => new Set(preselect && samples.some((s) => s.sku === preselect) ? [preselect] : []));
  const [messages, setMessages] = useState<Message[]>([]);
  const headingId = useIslandId();
  const expiryHours = useCartExpiryHours();

  useEffect(() => {
    if (preselect && samples.some((s) => s.sku === preselect)) setPicked(new Set([preselect]));
  }, [preselect, samples]);

  useEffect(() => {
    if (messages.length === 0) return;
    const timer = setTimeout(() => setMessages([]), SAMPLE_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [messages]);

  if (samples.length === 0) {
    return (
      <div className="sample-list sample-list--empty">
        <p className="sample-list__empty-title">{SAMPLE_EMPTY_TITLE}</p>
        <p>{SAMPLE_EMPTY_TEXT}</p>
      </div>
    );
  }

  const single = samples.length === 1;
  const order = (e: React.FormEvent) => {
    e.preventDefault();
    const chosen = single ? samples : samples.filter((s) => picked.has(s.sku));
    if (chosen.length === 0) {
      setMessages([{ kind: 'error', text: SAMPLE_MESSAGES.selectAtLeastOne }]);
      return;
    }
    const result = addSamples(chosen.map((s) => ({ name: s.name, sku: s.sku, finish: s.finish })), undefined, Date.now(), expiryHours);
    setMessages([
      ...(result.added.length > 0 ? [{ kind: 'success' as const, text: SAMPLE_MESSAGES.added(result.added.length) }] : []),
      ...result.errors.map((text) => ({ kind: 'error' as const, text })),
    ]);
  };
  const toggle = (sku: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(sku)) next.delete(sku);
      else next.add(sku);
      return next;
    });

  return (
    // tabIndex -1: the 'Order samples' link moves focus here, so the next Tab reaches the first sample.
    <form className="sample-list" onSubmit={order} aria-labelledby={headingId} id={id} tabIndex={id ? -1 : undefined}>
      <h3 id={headingId} className="sample-list__heading">
        {heading}
      </h3>
      <ul className="sample-list__items">
        {samples.map((s) => (
          <li key={s.sku}>
            <label className="sample-list__item">
              {single ? null : <input type="checkbox" checked={picked.has(s.sku)} onChange={() => toggle(s.sku)} />}
              {s.image && <img src={s.image.src} alt="" width={40} height={52} loading="lazy" />}
              <span className="sample-list__name">
                {s.finishLabel ?? s.name}
                <span className="sample-list__sku">SKU {s.sku}</span>
              </span>
              <span className="sample-list__price">{formatMoney(s.price)}</span>
            </label>
          </li>
        ))}
      </ul>
      <button type="submit" className="button button--primary">
        Order Now
      </button>
      <div className="sample-list__messages" role="status" aria-live="polite">
        {messages.map((m, i) => (
          <p key={i} className={`sample-list__message sample-list__message--${m.kind}`}>
            {m.text}
          </p>
        ))}
      </div>
      <p className="sample-list__note">Samples of {styleTitle} ship in 3-5 business days. One of each finish per order.</p>
    </form>
  );
}
