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
import type { OrderSamplesBlock as OrderSamplesDef, SampleCartBlock as SampleCartDef } from '../../../schemas/blocks/samples.schema';
import { OrderSamples } from '../../../widgets/order-samples/OrderSamples';
import { SampleCartView } from '../../../widgets/sample-cart/SampleCartView';
import { sampleWidgetsCss } from '../../../widgets/sample-ordering/sample-widgets.css';
import type { BlockProps } from '../block-definition';
import { useWidgetHost, WidgetFrame, widgetBlockCss } from '../widget-frame';

const BLOCK_CSS = widgetBlockCss(sampleWidgetsCss);

export function OrderSamplesBlock({ block }: BlockProps<OrderSamplesDef>) {
  const { ref, host } = useWidgetHost();
  return (
    <WidgetFrame css={BLOCK_CSS} id={block.id} className={`sr-order-samples-block ${block.className ?? ''}`} frameRef={ref}>
      {host ? <OrderSamples {...host} styleName={block.styleName} heading={block.heading} /> : <p className="sr-status">Loading...</p>}
    </WidgetFrame>
  );
}

export function SampleCartBlock({ block }: BlockProps<SampleCartDef>) {
  const { ref, host } = useWidgetHost();
  return (
    <WidgetFrame css={BLOCK_CSS} id={block.id} className={`sr-sample-cart-block ${block.className ?? ''}`} frameRef={ref}>
      {block.title && <h2 className="sr-sample-cart-block__title">{block.title}</h2>}
      {host ? <SampleCartView {...host} /> : <p className="sr-status">Loading...</p>}
    </WidgetFrame>
  );
}
