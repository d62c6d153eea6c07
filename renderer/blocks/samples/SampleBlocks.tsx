/**
 * The page blocks `order-samples` ({styleName}) and `sample-cart` (schemas/blocks/samples.schema.ts):
 * the very components of <showroom-order-samples> and <showroom-sample-cart>, as islands of the main
 * site. The API base is this site's origin and there is no dealer, so they use the main site's own
 * cart (cartStorageKey keeps the historical key), shared with the sample grid and the header's
 * count, and the cart links to this site's /checkout.
 *
 * The order-samples block's samples come with the page (selectOrderSamplesData), so the server draws
 * the whole form and the browser's first render is the same: nothing moves while the page loads (a
 * style the catalog does not have is left to the component, which asks the API and says so). Its
 * events start from the block's frame once the island has it (they bubble to document, as from an
 * element). The cart lives in this browser's storage: the server draws only its frame.
 */
import type { OrderSamplesBlock as OrderSamplesDef, SampleCartBlock as SampleCartDef } from '../../../schemas/blocks/samples.schema';
import { styleSamplesOf, type StyleSamples } from '../../../schemas/catalog/widget-samples';
import { createApiClient } from '../../../widgets/api-client';
import { OrderSamples } from '../../../widgets/order-samples/OrderSamples';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { catalogOf } from '../catalog-store';
import { useWidgetHost, WidgetFrame } from '../widget-frame';
import { SAMPLE_BLOCK_CSS } from './sample-block-css';
import { SampleCartPanel } from './SampleCartPanel';

/** This site's API by relative paths: what the form has before the island has its frame (it asks nothing then). */
const SAME_ORIGIN_API = createApiClient('');
/** The API base of the block: this site, by relative paths, so the images' addresses stay as the server wrote them. */
const SAME_ORIGIN = '';

export function selectOrderSamplesData(block: OrderSamplesDef, ctx: BlockDataContext): StyleSamples | null {
  const style = catalogOf(ctx.store).styles[block.styleName];
  return style ? styleSamplesOf(style) : null;
}

export function OrderSamplesBlock({ block, data }: BlockProps<OrderSamplesDef, StyleSamples | null>) {
  const { ref, host } = useWidgetHost();
  // The controls wait for the frame on the page: the showroom:* events start there and bubble to
  // document (a frame not yet on a page could not deliver them), so the server's form is disabled.
  const element = host?.element.isConnected ? host.element : null;
  return (
    <WidgetFrame css={SAMPLE_BLOCK_CSS} id={block.id} className={`sr-order-samples-block ${block.className ?? ''}`} frameRef={ref}>
      <OrderSamples
        element={element}
        api={host?.api ?? SAME_ORIGIN_API}
        apiBase={SAME_ORIGIN}
        styleName={block.styleName}
        heading={block.heading}
        {...(data ? { initial: data } : {})}
      />
    </WidgetFrame>
  );
}

export function SampleCartBlock({ block }: BlockProps<SampleCartDef>) {
  return <SampleCartPanel id={block.id} className={block.className} title={block.title} />;
}
