/**
 * The page blocks `quote-payment` and `split-payment` (schemas/blocks/payment-pages.schema.ts): the
 * very components of <showroom-quote-payment> and <showroom-split-payment>, as islands of the main
 * site, calling this site's API and going to this site's /order/success once paid.
 *
 * The quote's token and the split page's e-mail are the visitor's proof and live only in the
 * browser (the address bar, sessionStorage), so the server renders the block's frame and a loading
 * line; the component mounts once the island has its host element, also its events' origin.
 */
import type { QuotePaymentBlock as QuotePaymentDef, SplitPaymentBlock as SplitPaymentDef } from '../../../schemas/blocks/payment-pages.schema';
import { paymentMethodsCss } from '../../../widgets/payment-methods/payment-methods.css';
import { paymentCss } from '../../../widgets/payment/payment.css';
import { paymentPageCss } from '../../../widgets/payment-summary/payment-page.css';
import { QuotePayment, QuotePaymentLoading } from '../../../widgets/quote-payment/QuotePayment';
import { SplitPayment, SplitPaymentLoading } from '../../../widgets/split-payment/SplitPayment';
import type { BlockProps } from '../block-definition';
import { useWidgetHost, WidgetFrame, widgetBlockCss } from '../widget-frame';

const BLOCK_CSS = widgetBlockCss(
  paymentPageCss,
  paymentMethodsCss,
  paymentCss,
  // On the main site the block is the page: a readable width with the page's side margins.
  '.sr-payment-page-block { max-width: 1100px; margin: 0 auto; padding: 24px 16px 48px; box-sizing: border-box; }' +
    '.sr-payment-page-block__title { margin: 0 0 8px; } .sr-payment-page-block__intro { margin: 0 0 20px; color: var(--showroom-muted, #5b625e); }',
);

interface FrameProps {
  id?: string;
  className: string;
  /** The page's h1 and its intro: static, so the page has its heading before any script runs. */
  title: string;
  intro?: string;
  children: React.ReactNode;
  frameRef: (el: HTMLElement | null) => void;
}

function Frame({ id, className, title, intro, children, frameRef }: FrameProps) {
  return (
    <WidgetFrame id={id} className={className} css={BLOCK_CSS}>
      <h1 className="sr-payment-page-block__title">{title}</h1>
      {intro && <p className="sr-payment-page-block__intro">{intro}</p>}
      {/* The widget's host: its events start here and bubble to document, as from an element. */}
      <div ref={frameRef}>{children}</div>
    </WidgetFrame>
  );
}

export function QuotePaymentBlock({ block }: BlockProps<QuotePaymentDef>) {
  const { ref, host } = useWidgetHost();
  return (
    <Frame
      id={block.id}
      className={`sr-payment-page-block sr-quote-payment-block ${block.className ?? ''}`}
      title={block.title ?? 'Pay your quote'}
      intro={block.intro}
      frameRef={ref}
    >
      {host ? <QuotePayment {...host} successUrl={block.successPath ?? '/order/success'} contactUrl={block.contactPath ?? '/contact'} /> : <QuotePaymentLoading />}
    </Frame>
  );
}

export function SplitPaymentBlock({ block }: BlockProps<SplitPaymentDef>) {
  const { ref, host } = useWidgetHost();
  return (
    <Frame
      id={block.id}
      className={`sr-payment-page-block sr-split-payment-block ${block.className ?? ''}`}
      title={block.title ?? 'Pay toward your order'}
      intro={block.intro}
      frameRef={ref}
    >
      {host ? <SplitPayment {...host} successUrl={block.successPath ?? '/order/success'} /> : <SplitPaymentLoading />}
    </Frame>
  );
}
