/** Every custom element of the kit and the ESM module that defines it (dist/widgets/esm/{module}.js). */
export const elementModules = {
  'showroom-payment-methods': 'payment-methods',
  'showroom-estimator': 'estimator',
} as const;

export type ElementName = keyof typeof elementModules;
