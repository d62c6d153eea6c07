/**
 * How each payment method takes the card, and which PCI DSS self-assessment questionnaire (SAQ)
 * that choice puts the seller under. Shared by the payment methods' schema (the choices and their
 * titles, which the studio's editor shows), the server (which page policy and which browser client
 * a method gets) and the studio's payment pages screen.
 *
 * - SAQ A: the card is typed into the provider's own page or frames; the store's pages only load
 *   the provider's script or send the customer away. Since the January 2025 revision, an embedded
 *   form qualifies only if the site protects its payment pages from scripts (the store's script
 *   inventory, integrity and change detection: docs/payment-pages.md); a full redirect always does.
 * - SAQ A-EP: the card is typed into the store's own fields and tokenised in the browser (Accept.js):
 *   the store's page handles the card, so far more requirements apply. Only when chosen: Authorize.net's
 *   default is Accept Hosted by redirect (SAQ A), with Accept Hosted in a frame of the page (SAQ A
 *   too, an embedded form) as the other choice.
 */

export type PaymentGatewayName = 'test' | 'stripe' | 'paypal' | 'authorizenet';

export const PAYMENT_INTEGRATION_IDS = ['test-card-fields', 'stripe-payment-element', 'paypal-buttons', 'authorizenet-accept-hosted', 'authorizenet-accept-hosted-iframe', 'accept-js'] as const;
export type PaymentIntegration = (typeof PAYMENT_INTEGRATION_IDS)[number];

/** `none`: the offline test gateway, which must never see a real card. */
export type SaqType = 'A' | 'A-EP' | 'none';

export interface IntegrationInfo {
  gateway: PaymentGatewayName;
  /** What the operator chooses, as the studio shows it (with the SAQ beside it). */
  label: string;
  saq: SaqType;
  /** Why that SAQ, in a sentence for the seller. */
  why: string;
  /** Whether the customer leaves the store's page for the provider's (a redirect, or the provider's frame within the page). */
  cardEntry: 'store-fields' | 'provider-frames' | 'provider-page';
}

export const PAYMENT_INTEGRATIONS: Readonly<Record<PaymentIntegration, IntegrationInfo>> = {
  'test-card-fields': {
    gateway: 'test',
    label: 'Test gateway: test card numbers in the store’s fields',
    saq: 'none',
    why: 'Offline test payments only: no real card may be typed here, so no SAQ applies. It is off in production.',
    cardEntry: 'store-fields',
  },
  'stripe-payment-element': {
    gateway: 'stripe',
    label: 'Stripe Payment Element',
    saq: 'A',
    why: 'The card is typed into Stripe’s own frames, loaded from js.stripe.com; the store never sees it.',
    cardEntry: 'provider-frames',
  },
  'paypal-buttons': {
    gateway: 'paypal',
    label: 'PayPal buttons',
    saq: 'A',
    why: 'The buyer pays in PayPal’s own window; the store never sees a card.',
    cardEntry: 'provider-frames',
  },
  'authorizenet-accept-hosted': {
    gateway: 'authorizenet',
    label: 'Authorize.net Accept Hosted: the customer pays on Authorize.net’s page',
    saq: 'A',
    why: 'The customer is sent to Authorize.net’s own payment page and comes back once paid: no page of the store ever holds a card field.',
    cardEntry: 'provider-page',
  },
  'authorizenet-accept-hosted-iframe': {
    gateway: 'authorizenet',
    label: 'Authorize.net Accept Hosted in a frame: the customer pays in Authorize.net’s form inside the store’s page',
    saq: 'A',
    why: 'The card is typed into Authorize.net’s own form, shown in a frame of the store’s page; the store never sees it. An embedded form keeps SAQ A because the store’s payment pages are protected from scripts (inventory, integrity, change detection).',
    cardEntry: 'provider-frames',
  },
  'accept-js': {
    gateway: 'authorizenet',
    label: 'Authorize.net Accept.js with the store’s own card fields',
    saq: 'A-EP',
    why: 'The card is typed into the store’s own fields and tokenised in the browser by Accept.js: the store’s page handles the card.',
    cardEntry: 'store-fields',
  },
};

/** What a method gets when its definition names no integration: the SAQ A path of its gateway. */
export const DEFAULT_INTEGRATION: Readonly<Record<PaymentGatewayName, PaymentIntegration>> = {
  test: 'test-card-fields',
  stripe: 'stripe-payment-element',
  paypal: 'paypal-buttons',
  authorizenet: 'authorizenet-accept-hosted',
};

/** The integration a method uses: its own when it names one, else its gateway's default. */
export function integrationOf(method: { gateway: PaymentGatewayName; integration?: PaymentIntegration }): PaymentIntegration {
  return method.integration ?? DEFAULT_INTEGRATION[method.gateway];
}

/** How the studio and the editor write a choice: its label and its SAQ. */
export function integrationTitle(id: PaymentIntegration): string {
  const info = PAYMENT_INTEGRATIONS[id];
  return `${info.label} (${info.saq === 'none' ? 'test only, no SAQ' : `SAQ ${info.saq}`})`;
}

const SAQ_WEIGHT: Record<SaqType, number> = { none: 0, A: 1, 'A-EP': 2 };

/** The questionnaire a set of integrations puts the seller under: the heaviest of them (A-EP over A); `none` when only the test gateway is on. */
export function storeSaq(integrations: readonly PaymentIntegration[]): SaqType {
  return integrations.map((i) => PAYMENT_INTEGRATIONS[i].saq).reduce<SaqType>((worst, saq) => (SAQ_WEIGHT[saq] > SAQ_WEIGHT[worst] ? saq : worst), 'none');
}
