/**
 * The page blocks `quote-payment` and `split-payment` (schemas/blocks/payment-pages.schema.ts): the
 * very components of <showroom-quote-payment> and <showroom-split-payment>, as islands of the main
 * site, calling this site's API and going to this site's /order/success once paid.
 *
 * The quote's token and the split page's e-mail are the visitor's proof and live only in the
 * browser (the address bar, sessionStorage), so the server renders the block's frame and a loading
 * line; the component mounts once the island has its host element, also its events' origin.
 */
import { useMemo, useState } from 'react';
import type { QuotePaymentBlock as QuotePaymentDef, SplitPaymentBlock as SplitPaymentDef } from '../../../schemas/blocks/payment-pages.schema';
import { createApiClient, type ApiClient } from '../../../widgets/api-client';
import { paymentMethodsCss } from '../../../widgets/payment-methods/payment-methods.css';
import { paymentPageCss } from '../../../widgets/payment-summary/payment-page.css';
import { QuotePayment, QuotePaymentLoading } from '../../../widgets/quote-payment/QuotePayment';
import { SplitPayment, SplitPaymentLoading } from '../../../widgets/split-payment/SplitPayment';
import { themeCss } from '../../../widgets/theme.css';
import type { BlockProps } from '../block-definition';

/** The elements' sheet, the shadow root's `:host` rules applied to the block's frame instead. */
const BLOCK_CSS =
  themeCss.replace(':host', '.sr-widget-block') +
  paymentPageCss +
  paymentMethodsCss +
  // On the main site the block is the page: a readable width with the page's side margins.
  '.sr-payment-page-block { max-width: 1100px; margin: 0 auto; padding: 24px 16px 48px; box-sizing: border-box; }' +
  '.sr-payment-page-block__title { margin: 0 0 8px; } .sr-payment-page-block__intro { margin: 0 0 20px; color: var(--showroom-muted, #5b625e); }';

function useWidgetHost(): { ref: (el: HTMLElement | null) => void; host: { element: HTMLElement; api: ApiClient; apiBase: string } | null } {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const host = useMemo(() => {
    if (!element) return null;
    const apiBase = window.location.origin;
    return { element, api: createApiClient(apiBase), apiBase };
  }, [element]);
  return { ref: setElement, host };
}

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
    <section id={id} className={`sr-widget-block ${className}`.trim()}>
      {/* Our own constant sheet (the page's style-src allows inline styles; elements adopt it instead). */}
      <style dangerouslySetInnerHTML={{ __html: BLOCK_CSS }} />
      <h1 className="sr-payment-page-block__title">{title}</h1>
      {intro && <p className="sr-payment-page-block__intro">{intro}</p>}
      {/* The widget's host: its events start here and bubble to document, as from an element. */}
      <div ref={frameRef}>{children}</div>
    </section>
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
