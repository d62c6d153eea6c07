/**
 * The page blocks `order-samples` ({styleName}) and `sample-cart` (schemas/blocks/samples.schema.ts):
 * the very components of <showroom-order-samples> and <showroom-sample-cart>, as islands of the main
 * site. The API base is this site's origin and there is no dealer, so they use the main site's own
 * cart (cartStorageKey keeps the historical key), shared with the sample grid and the header's
 * count, and the cart links to this site's /checkout.
 *
 * Both read the catalog and the cart in the browser, so the server renders only the block's frame;
 * the component mounts once the island has a host element, which is also where their showroom:*
 * events start (they bubble to document, as from an element).
 */
import { useMemo, useState } from 'react';
import type { OrderSamplesBlock as OrderSamplesDef, SampleCartBlock as SampleCartDef } from '../../../schemas/blocks/samples.schema';
import { createApiClient, type ApiClient } from '../../../widgets/api-client';
import { OrderSamples } from '../../../widgets/order-samples/OrderSamples';
import { SampleCartView } from '../../../widgets/sample-cart/SampleCartView';
import { sampleWidgetsCss } from '../../../widgets/sample-ordering/sample-widgets.css';
import { themeCss } from '../../../widgets/theme.css';
import type { BlockProps } from '../block-definition';

/** The elements' sheet, the shadow root's `:host` rules applied to the block's frame instead. */
const BLOCK_CSS = themeCss.replace(':host', '.sr-widget-block') + sampleWidgetsCss;

/** The block's frame element (its events' origin) and a client of this site's API, once in the browser. */
function useWidgetHost(): { ref: (el: HTMLElement | null) => void; host: { element: HTMLElement; api: ApiClient; apiBase: string } | null } {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const host = useMemo(() => {
    if (!element) return null;
    const apiBase = window.location.origin;
    return { element, api: createApiClient(apiBase), apiBase };
  }, [element]);
  return { ref: setElement, host };
}

function Frame({ id, className, children, frameRef }: { id?: string; className?: string; children: React.ReactNode; frameRef: (el: HTMLElement | null) => void }) {
  return (
    <section ref={frameRef} id={id} className={`sr-widget-block ${className ?? ''}`.trim()}>
      {/* Our own constant sheet (the page's style-src allows inline styles; elements adopt it instead). */}
      <style dangerouslySetInnerHTML={{ __html: BLOCK_CSS }} />
      {children}
    </section>
  );
}

export function OrderSamplesBlock({ block }: BlockProps<OrderSamplesDef>) {
  const { ref, host } = useWidgetHost();
  return (
    <Frame id={block.id} className={`sr-order-samples-block ${block.className ?? ''}`} frameRef={ref}>
      {host ? <OrderSamples {...host} styleName={block.styleName} heading={block.heading} /> : <p className="sr-status">Loading...</p>}
    </Frame>
  );
}

export function SampleCartBlock({ block }: BlockProps<SampleCartDef>) {
  const { ref, host } = useWidgetHost();
  return (
    <Frame id={block.id} className={`sr-sample-cart-block ${block.className ?? ''}`} frameRef={ref}>
      {block.title && <h2 className="sr-sample-cart-block__title">{block.title}</h2>}
      {host ? <SampleCartView {...host} /> : <p className="sr-status">Loading...</p>}
    </Frame>
  );
}
