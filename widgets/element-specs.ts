/**
 * The table of every element the kit ships, for the manifest (dist/widgets/custom-elements.json).
 * Add an element's spec here and its module to element-names.ts (the loader's table).
 */
import type { ElementSpec } from './element-base/element-spec';
import { cartCountSpec } from './cart-count/cart-count.spec';
import { orderSamplesSpec } from './order-samples/order-samples.spec';
import { estimatorSpec } from './estimator/estimator.spec';
// Payment result
import { orderResultSpec } from './payment-result/order-result.spec';
import { paymentMethodsSpec } from './payment-methods/payment-methods.spec';
import { sampleCartSpec } from './sample-cart/sample-cart.spec';
import { quotePaymentSpec } from './quote-payment/quote-payment.spec';
import { splitPaymentSpec } from './split-payment/split-payment.spec';
import { checkoutSpec } from './checkout/checkout.spec';

export const elementSpecs: readonly ElementSpec[] = [
  paymentMethodsSpec,
  orderSamplesSpec,
  sampleCartSpec,
  cartCountSpec,
  estimatorSpec,
  // Payment result
  orderResultSpec,
  // Quote payment and split payment
  quotePaymentSpec,
  splitPaymentSpec,
  // Checkout
  checkoutSpec,
];
