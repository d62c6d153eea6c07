/**
 * The sheet of the main site's sample blocks and of the header's cart drawer: the sample elements'
 * own sheet on the block's frame, kept off the screen's edges and at the page's width.
 */
import { sampleWidgetsCss } from '../../../widgets/sample-ordering/sample-widgets.css';
import { widgetBlockCss } from '../widget-frame';

export const SAMPLE_BLOCK_CSS = widgetBlockCss(
  sampleWidgetsCss,
  `.sr-order-samples-block, .sr-sample-cart-block { max-width: 1200px; margin: 0 auto; padding: 24px clamp(16px, 4vw, 32px); box-sizing: border-box; }
.sr-sample-cart-block__title { margin: 0 0 12px; }
.sr-cart__actions .sr-button { padding: 8px 20px; }`,
);
