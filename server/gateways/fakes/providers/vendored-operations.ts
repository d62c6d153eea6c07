/**
 * The one list of what the fake providers check requests against: for each provider document, the
 * operations (method and path) our gateway adapters call. The documents in this folder hold exactly
 * these operations and the components they reference, extracted from the providers' full published
 * documents by scripts/extract-provider-specs.ts (`npm run providers:extract`). When an adapter
 * starts calling another operation, add it here and run the script; a unit test checks the files
 * match this list, so a forgotten extract fails the tests instead of the fake answering 404.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This folder: the vendored documents, fixtures and licences sit beside this file. */
export const vendoredDir = path.dirname(fileURLToPath(import.meta.url));

export interface ProviderSource {
  /** The folder in ../shared/providers, and the licence file copied from it. */
  folder: 'stripe' | 'paypal';
  licence: string;
  /** The provider's repository the providers folder took its documents from. */
  repository: string;
}

export const PROVIDER_SOURCES: Record<'stripe' | 'paypal', ProviderSource> = {
  stripe: { folder: 'stripe', licence: 'MIT', repository: 'https://github.com/stripe/openapi' },
  paypal: { folder: 'paypal', licence: 'Apache-2.0', repository: 'https://github.com/paypal/paypal-rest-api-specifications' },
};

export interface VendoredDocument {
  provider: keyof typeof PROVIDER_SOURCES;
  /** The full document, relative to the providers folder. */
  source: string;
  /** The file in the provider's repository and its commit, as ../shared/providers/README.md records them. */
  origin: string;
  /** The extract, in this folder. */
  file: string;
  /** `method /path` exactly as the document writes the path template, method in lower case. */
  operations: readonly string[];
}

export const VENDORED_DOCUMENTS = {
  // StripeGateway (server/gateways/stripe-gateway.ts) through the official client.
  stripe: {
    provider: 'stripe',
    source: 'stripe/spec3.json',
    origin: 'openapi/spec3.json at commit e0123a38 (2022-04-12)',
    file: 'stripe.openapi.json',
    operations: [
      'post /v1/payment_intents', // createIntent
      'get /v1/payment_intents/{intent}', // retrieve, with expand[]=payment_method
      'post /v1/payment_intents/{intent}', // updateIntent
      'post /v1/payment_intents/{intent}/confirm', // confirmIntent
      'post /v1/payment_intents/{intent}/capture', // captureIntent
      'post /v1/payment_intents/{intent}/cancel', // cancelIntent ("Pay another way", a superseded intent; refund's void)
      'post /v1/refunds', // refund
      'get /v1/refunds/{refund}', // retrieveRefund (a pending refund read again)
    ],
  },
  // PayPalGateway (server/gateways/paypal-gateway.ts): Orders v2.
  'paypal-orders': {
    provider: 'paypal',
    source: 'paypal/checkout_orders_v2.json',
    origin: 'openapi/checkout_orders_v2.json at commit ec4d8f3',
    file: 'paypal-orders.openapi.json',
    operations: [
      'post /v2/checkout/orders', // createOrder
      'get /v2/checkout/orders/{id}', // getOrder
      'patch /v2/checkout/orders/{id}', // updateOrder
      'post /v2/checkout/orders/{id}/capture', // captureOrder
    ],
  },
  // PayPalGateway.refund, refundOf and getRefund: Payments v2.
  'paypal-payments': {
    provider: 'paypal',
    source: 'paypal/payments_payment_v2.json',
    origin: 'openapi/payments_payment_v2.json at commit ec4d8f3',
    file: 'paypal-payments.openapi.json',
    operations: [
      'get /v2/payments/captures/{capture_id}', // refundOf: the order a refunded capture belongs to
      'post /v2/payments/captures/{capture_id}/refund', // refund
      'get /v2/payments/refunds/{refund_id}', // getRefund (a pending refund read again)
    ],
  },
  // PayPalGateway.verifyWebhook: Notifications v1. (/v1/oauth2/token is in no published document; the fake checks it by hand.)
  'paypal-webhooks': {
    provider: 'paypal',
    source: 'paypal/notifications_webhooks_v1.json',
    origin: 'openapi/notifications_webhooks_v1.json at commit ec4d8f3',
    file: 'paypal-webhooks.openapi.json',
    operations: ['post /v1/notifications/verify-webhook-signature'],
  },
} as const satisfies Record<string, VendoredDocument>;

export type VendoredDocumentName = keyof typeof VENDORED_DOCUMENTS;

/** Stripe's example objects the fake Stripe answers with (fixtures3.json `resources`). */
export const VENDORED_FIXTURES = {
  provider: 'stripe',
  source: 'stripe/fixtures3.json',
  origin: 'openapi/fixtures3.json at commit f6c2a48f',
  file: 'stripe.fixtures.json',
  resources: ['event', 'payment_intent', 'payment_method', 'charge', 'refund'],
} as const;

/** The provider's licence text, copied verbatim from its folder. */
export function licenceFile(provider: keyof typeof PROVIDER_SOURCES): string {
  return `LICENSE-${provider}`;
}
