/**
 * <showroom-order-samples style-name="...">: the door samples of one style, read from the store
 * (GET /api/catalog/styles/{styleName}/samples), ticked and put in the sample cart with 'Order
 * Now'. With several samples at least one must be ticked ('Please select at least one sample.'); a
 * single sample is taken automatically. Messages stay 5 seconds.
 */
import { useEffect, useState } from 'react';
import { formatMoney } from '../../schemas/money';
import { ApiRequestError, type ApiClient } from '../api-client';
import { loadStyleSamples, sampleImageUrl, type StyleSamples } from '../sample-ordering/catalog-samples';
import { LOCAL_CART_EXPIRY_HOURS, SAMPLE_MESSAGES } from '../cart-store/sample-cart';
import { useCartFor } from '../cart-store/use-sample-cart';
import { emitShowroomEvent } from '../showroom-events';

export const SAMPLE_MESSAGE_MS = 5000;
export const NO_SAMPLES_TITLE = 'We are sorry, but we could not find any data.';
export const NO_SAMPLES_TEXT = 'No sample items available for this style.';
/** Below the store's sentence when `style-name` names no style: which name, and where to fix it. */
export const noStyleNamed = (styleName: string) => `No style named "${styleName}" was found. Check the style-name attribute.`;

export interface OrderSamplesProps {
  /** Where showroom:* events start; null while a page block is drawn before it has its element (nothing can be ordered then). */
  element: HTMLElement | null;
  api: ApiClient;
  apiBase: string;
  dealer?: string;
  styleName: string;
  heading?: string;
  /** LOCAL_CART_EXPIRY in hours. */
  expiryHours?: number;
  /** The style's samples when the page already has them (the main site's block, drawn by the server): shown at once, not fetched. */
  initial?: StyleSamples;
}

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'no-style' } | { state: 'ready'; data: StyleSamples };
type Message = { kind: 'success' | 'error'; text: string };

/**
 * Another style (or another store's or dealer's cart) is another form: its ticks and messages start
 * afresh, so 'Please select at least one sample.' or 'Sample added to your cart.' of the style before
 * never shows under the new one. The key remounts the form; `heading` and `expiry-hours` keep it.
 */
export function OrderSamples(props: OrderSamplesProps) {
  return <OrderSamplesOfStyle key={JSON.stringify([props.apiBase, props.dealer ?? null, props.styleName])} {...props} />;
}

function OrderSamplesOfStyle({ element, api, apiBase, dealer, styleName, heading, expiryHours = LOCAL_CART_EXPIRY_HOURS, initial }: OrderSamplesProps) {
  const given = initial?.style.name === styleName ? initial : undefined;
  const [load, setLoad] = useState<Load>(given ? { state: 'ready', data: given } : { state: 'loading' });
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [messages, setMessages] = useState<Message[]>([]);
  const cart = useCartFor(apiBase, dealer);

  useEffect(() => {
    if (given) {
      setLoad({ state: 'ready', data: given });
      return;
    }
    let current = true;
    setLoad({ state: 'loading' });
    loadStyleSamples(api, styleName).then(
      (data) => current && setLoad({ state: 'ready', data }),
      (err: Error) => current && setLoad(err instanceof ApiRequestError && err.code === 'style_not_found' ? { state: 'no-style' } : { state: 'error', message: err.message }),
    );
    return () => {
      current = false;
    };
  }, [api, styleName, given]);

  useEffect(() => {
    if (messages.length === 0) return;
    const timer = setTimeout(() => setMessages([]), SAMPLE_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [messages]);

  if (load.state === 'loading') return <p className="sr-status">Loading...</p>;
  if (load.state === 'error') {
    return (
      <p className="sr-error" role="alert">
        {load.message}
      </p>
    );
  }
  if (load.state === 'no-style') {
    return (
      <div part="empty" className="sr-samples sr-samples--empty" role="alert">
        <p className="sr-samples__empty-title">{NO_SAMPLES_TITLE}</p>
        <p>{noStyleNamed(styleName)}</p>
      </div>
    );
  }
  const { samples, style } = load.data;
  if (samples.length === 0) {
    return (
      <div part="empty" className="sr-samples sr-samples--empty">
        <p className="sr-samples__empty-title">{NO_SAMPLES_TITLE}</p>
        <p>{NO_SAMPLES_TEXT}</p>
      </div>
    );
  }

  const single = samples.length === 1;
  const order = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const chosen = single ? samples : samples.filter((s) => picked.has(s.sku));
    if (chosen.length === 0) {
      setMessages([{ kind: 'error', text: SAMPLE_MESSAGES.selectAtLeastOne }]);
      return;
    }
    const result = cart.add(
      chosen.map((s) => ({ name: s.name, sku: s.sku, finish: s.finish })),
      Date.now(),
      expiryHours,
    );
    setMessages([
      ...(result.added.length > 0 ? [{ kind: 'success' as const, text: SAMPLE_MESSAGES.added(result.added.length) }] : []),
      ...result.errors.map((text) => ({ kind: 'error' as const, text })),
    ]);
    if (result.added.length > 0 && element) {
      const items = cart.read();
      emitShowroomEvent(element, 'showroom:sample-added', { added: result.added, count: items.length });
      emitShowroomEvent(element, 'showroom:cart-changed', { items, count: items.length });
    }
  };
  const toggle = (sku: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(sku)) next.delete(sku);
      else next.add(sku);
      return next;
    });

  return (
    <form part="form" className="sr-samples" onSubmit={order} aria-label={heading ?? `Order ${style.title} door samples`}>
      <h2 className="sr-samples__heading">{heading ?? `Order ${style.title} door samples`}</h2>
      <ul className="sr-samples__items">
        {samples.map((s) => (
          <li key={s.sku}>
            <label part="item" className="sr-samples__item">
              {single ? <span /> : <input type="checkbox" checked={picked.has(s.sku)} disabled={!element} onChange={() => toggle(s.sku)} />}
              {s.image ? <img src={sampleImageUrl(s.image.src, apiBase)} alt="" width={40} height={40} loading="lazy" /> : <span />}
              <span className="sr-samples__name">
                {s.finishLabel}
                <span className="sr-samples__sku">SKU {s.sku}</span>
              </span>
              <span className="sr-samples__price">{formatMoney(s.price)}</span>
            </label>
          </li>
        ))}
      </ul>
      {/* The controls wait for the page block's element (its hydration): a tick before it would be lost, a press would submit the bare form. */}
      <button part="button" type="submit" className="sr-button" disabled={!element}>
        Order Now
      </button>
      <div part="messages" className="sr-samples__messages" role="status" aria-live="polite">
        {messages.map((m, i) => (
          <p key={i} className={m.kind === 'error' ? 'sr-error' : 'sr-success'}>
            {m.text}
          </p>
        ))}
      </div>
    </form>
  );
}
