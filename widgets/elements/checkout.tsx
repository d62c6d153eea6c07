/** <showroom-checkout api-base dealer continue-shopping-url heading success-url>: the sample cart's checkout. */
import { defineShowroomElement, type ShowroomElementContext } from '../element-base/define-showroom-element';
import { Checkout } from '../checkout/Checkout';
import { checkoutCss } from '../checkout/checkout.css';
import { checkoutSpec } from '../checkout/checkout.spec';
import { paymentMethodsCss } from '../payment-methods/payment-methods.css';
import { paymentCss } from '../payment/payment.css';

function CheckoutElement({ element, api, apiBase, dealer, continueShoppingUrl, heading, successUrl }: ShowroomElementContext & { continueShoppingUrl?: string; heading?: string; successUrl?: string }) {
  return (
    <Checkout
      element={element}
      api={api}
      apiBase={apiBase}
      dealer={dealer}
      continueShoppingUrl={continueShoppingUrl || `${apiBase.replace(/\/$/, '')}/order-samples`}
      heading={heading ?? undefined}
      successUrl={successUrl || undefined}
      // A payment that leaves the page comes back to the success page, whose <showroom-order-result>
      // verifies it with this tab's proof (the store's own verify page is another origin).
      paymentReturnUrl={successUrl || undefined}
    />
  );
}

defineShowroomElement(checkoutSpec, CheckoutElement, paymentMethodsCss + checkoutCss + paymentCss);
