/** <showroom-quote-payment api-base dealer quote-id token success-url home-url contact-url>: a quote paid by its link. */
import { defineShowroomElement, type ShowroomElementContext } from '../element-base/define-showroom-element';
import { paymentMethodsCss } from '../payment-methods/payment-methods.css';
import { paymentCss } from '../payment/payment.css';
import { paymentPageCss } from '../payment-summary/payment-page.css';
import { QuotePayment } from '../quote-payment/QuotePayment';
import { quotePaymentSpec } from '../quote-payment/quote-payment.spec';

interface QuotePaymentAttributes {
  quoteId?: string;
  token?: string;
  successUrl?: string;
  homeUrl?: string;
  contactUrl?: string;
}

function QuotePaymentElement({ apiBase, homeUrl, contactUrl, ...props }: ShowroomElementContext & QuotePaymentAttributes) {
  const store = apiBase.replace(/\/$/, '');
  return <QuotePayment {...props} apiBase={apiBase} homeUrl={homeUrl ?? `${store}/`} contactUrl={contactUrl ?? `${store}/contact`} />;
}

defineShowroomElement(quotePaymentSpec, QuotePaymentElement, paymentPageCss + paymentMethodsCss + paymentCss);
