/**
 * The payment result blocks (schemas/blocks/payment-result.schema.ts): `payment-verify`,
 * `order-success` and `payment-failure`, the pages /payment/verify/{paymentMethod}, /order/success
 * and /payment/fail of the main site. They render the very views of <showroom-order-result>
 * (widgets/payment-result/) on this site's API (same origin) and this site's own sample cart.
 *
 * What they show depends on this browser tab (the pending payment, the stored order number, the
 * failure note), so the server renders the frame (the progress state, the title, the page's own
 * text) and the island fills in the rest at once ('load'). Their showroom:* events start at the
 * block's frame and bubble to document, as from an element.
 */
import { useState } from 'react';
import type { OrderSuccessBlock as OrderSuccessDef, PaymentFailureBlock as PaymentFailureDef, PaymentVerifyBlock as PaymentVerifyDef } from '../../../schemas/blocks/payment-result.schema';
import { createApiClient } from '../../../widgets/api-client';
import { SAMPLE_CART_KEY } from '../../../widgets/cart-store/sample-cart';
import { OrderSuccessView } from '../../../widgets/payment-result/OrderSuccessView';
import { paymentResultCss } from '../../../widgets/payment-result/payment-result.css';
import { PENDING_PAYMENT_TITLE, PaymentFailureNoteView, useTakenPaymentFailure } from '../../../widgets/payment-result/PaymentFailureNoteView';
import { ResultActions } from '../../../widgets/payment-result/result-actions';
import { emitRedirectedPaymentEvent } from '../../../widgets/payment-result/result-events';
import { VerifyProgress } from '../../../widgets/payment-result/VerifyProgress';
import { themeCss } from '../../../widgets/theme.css';
import type { BlockDataContext, BlockProps } from '../block-definition';

/** The views' sheet, the shadow root's `:host` rules applied to the block's frame instead. */
const BLOCK_CSS = themeCss.replace(':host', '.sr-result-block') + paymentResultCss;

function Frame({ id, className, children, frameRef }: { id?: string; className: string; children: React.ReactNode; frameRef?: (el: HTMLElement | null) => void }) {
  return (
    <section ref={frameRef} id={id} className={`sr-result-block ${className}`.trim()}>
      {/* Our own constant sheet (the page's style-src allows inline styles; the element adopts it instead). */}
      <style dangerouslySetInnerHTML={{ __html: BLOCK_CSS }} />
      {children}
    </section>
  );
}

export interface PaymentVerifyData {
  /** The route's {paymentMethod}: the verify call's method. */
  method: string;
}

export function selectPaymentVerifyData(_block: PaymentVerifyDef, ctx: BlockDataContext): PaymentVerifyData {
  return { method: ctx.params.paymentMethod ?? '' };
}

// Same origin: a relative API base works in the browser, and nothing is called during SSR.
const siteApi = createApiClient('');

export function PaymentVerifyBlock({ block, data }: BlockProps<PaymentVerifyDef, PaymentVerifyData>) {
  const [frame, setFrame] = useState<HTMLElement | null>(null);
  return (
    <Frame id={block.id} className={`sr-payment-verify-block ${block.className ?? ''}`} frameRef={setFrame}>
      <VerifyProgress
        title={block.title ?? 'Confirming your payment'}
        api={siteApi}
        method={data.method}
        search={typeof window === 'undefined' ? '' : window.location.search}
        onResult={(result) => emitRedirectedPaymentEvent(frame, result)}
      />
    </Frame>
  );
}

export function OrderSuccessBlock({ block }: BlockProps<OrderSuccessDef>) {
  return (
    <Frame id={block.id} className={`sr-order-success-block ${block.className ?? ''}`}>
      <OrderSuccessView
        title={block.title}
        content={block.content}
        partialContent={block.partialContent}
        image={block.image}
        actions={block.actions}
        cartKey={SAMPLE_CART_KEY}
      />
    </Frame>
  );
}

export function PaymentFailureBlock({ block }: BlockProps<PaymentFailureDef>) {
  const note = useTakenPaymentFailure();
  return (
    <Frame id={block.id} className={`sr-payment-failure-block ${block.className ?? ''}`}>
      <div className="sr-result sr-result--failure">
        <h1 className="sr-result__title">{note?.pending ? (block.pendingTitle ?? PENDING_PAYMENT_TITLE) : block.title}</h1>
        <PaymentFailureNoteView note={note} />
        <div className="sr-result__content">
          {block.content.map((text, i) => (
            <p key={i}>{text}</p>
          ))}
        </div>
        <ResultActions actions={block.actions ?? []} />
      </div>
    </Frame>
  );
}
