/** Every custom element of the kit and the ESM module that defines it (dist/widgets/esm/{module}.js). */
export const elementModules = {
  'showroom-payment-methods': 'payment-methods',
  'showroom-order-samples': 'order-samples',
  'showroom-sample-cart': 'sample-cart',
  'showroom-cart-count': 'cart-count',
  'showroom-estimator': 'estimator',
  // Payment result
  'showroom-order-result': 'order-result',
  // Quote payment and split payment
  'showroom-quote-payment': 'quote-payment',
  'showroom-split-payment': 'split-payment',
  // Checkout
  'showroom-checkout': 'checkout',
} as const;

export type ElementName = keyof typeof elementModules;
