/** <showroom-split-payment api-base dealer order-id email success-url>: an order paid in parts. */
import { defineShowroomElement } from '../element-base/define-showroom-element';
import { paymentMethodsCss } from '../payment-methods/payment-methods.css';
import { paymentCss } from '../payment/payment.css';
import { paymentPageCss } from '../payment-summary/payment-page.css';
import { SplitPayment } from '../split-payment/SplitPayment';
import { splitPaymentSpec } from '../split-payment/split-payment.spec';

defineShowroomElement(splitPaymentSpec, SplitPayment, paymentPageCss + paymentMethodsCss + paymentCss);
