/** <showroom-order-result api-base dealer method heading content partial-content action-text action-href checkout-href>: the order result after checkout. */
import { defineShowroomElement } from '../element-base/define-showroom-element';
import { OrderResult } from '../payment-result/OrderResult';
import { orderResultSpec } from '../payment-result/order-result.spec';
import { paymentResultCss } from '../payment-result/payment-result.css';

defineShowroomElement(orderResultSpec, OrderResult, paymentResultCss);
