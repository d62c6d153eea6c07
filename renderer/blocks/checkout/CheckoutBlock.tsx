/**
 * The page block `checkout` (schemas/blocks/checkout.schema.ts): the very component of
 * <showroom-checkout>, as an island of the main site (hydrated at load: it is the page). The API
 * base is this site's origin and there is no dealer, so it uses the main site's own cart, shared with
 * the sample blocks and the header's count. It asks for the signed-in customer's prefill (the
 * session cookie travels with calls to this origin) only when the account pages' hint
 * (`showroom:signed-in`) says a customer may be signed in: a guest's checkout makes no call that is
 * sure to answer 401. The server still decides: a 401 there means a guest, and clears the stale hint.
 *
 * The cart lives in the browser, so the server renders the block's frame with 'Loading cart...'; the
 * component mounts once the island has its host element, where its showroom:* events start.
 */
import { useMemo } from 'react';
import type { CheckoutBlock as CheckoutDef } from '../../../schemas/blocks/checkout.schema';
import { Checkout } from '../../../widgets/checkout/Checkout';
import { checkoutCss } from '../../../widgets/checkout/checkout.css';
import { paymentMethodsCss } from '../../../widgets/payment-methods/payment-methods.css';
import { paymentCss } from '../../../widgets/payment/payment.css';
import { setSignedInHint, signedInHint } from '../account/signed-in-hint';
import type { BlockProps } from '../block-definition';
import { useWidgetHost, WidgetFrame, widgetBlockCss } from '../widget-frame';

const BLOCK_CSS = widgetBlockCss(paymentMethodsCss, checkoutCss, paymentCss, '.sr-checkout-block { max-width: 1200px; margin: 0 auto; padding: 16px; box-sizing: border-box; }');

export const CHECKOUT_LOADING_TEXT = 'Loading cart...';

const clearSignedInHint = () => setSignedInHint(false);

export function CheckoutBlock({ block }: BlockProps<CheckoutDef>) {
  const { ref, host } = useWidgetHost();
  // Read once, in the browser, when the component mounts.
  const prefill = useMemo(() => host !== null && signedInHint.getSnapshot(), [host]);
  return (
    <WidgetFrame frameRef={ref} id={block.id} className={`sr-checkout-block ${block.className ?? ''}`} css={BLOCK_CSS}>
      <h1 className="sr-checkout-block__title">{block.title ?? 'Checkout'}</h1>
      {block.intro && <p className="sr-checkout-block__intro">{block.intro}</p>}
      {host ? (
        <Checkout {...host} prefill={prefill} onGuest={clearSignedInHint} showTitle={false} continueShoppingUrl={block.continueShoppingUrl ?? '/order-samples'} successUrl={block.successUrl ?? '/order/success'} />
      ) : (
        <p className="sr-status" role="status">
          {CHECKOUT_LOADING_TEXT}
        </p>
      )}
    </WidgetFrame>
  );
}
