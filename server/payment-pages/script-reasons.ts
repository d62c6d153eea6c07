/**
 * Why each script of the payment pages is there: the reviewed half of the script inventory
 * (./script-inventory.ts; PCI DSS 4.0.1 requirement 6.4.3 asks for "a written justification" of
 * every script a payment page loads). `npm run build` refuses a payment page script missing here,
 * and a reason left for a script the pages no longer load, so a new chunk (a new import, a renamed
 * shared module) reaches the pages only after someone wrote down why. Change this file in a
 * reviewed commit; the build's evidence page quotes it word for word.
 *
 * First-party scripts are named by their source file (an island, an entry, a gateway client) or, for
 * a chunk Vite shares between several of them, `shared:` and the chunk's name.
 */
import type { ScriptReason, ThirdPartyReason } from './script-inventory';

const SHOWROOM = 'Showroom (the store’s own code)';
const PREACT = 'Showroom, bundling Preact (MIT)';

export const FIRST_PARTY_REASONS: Readonly<Record<string, ScriptReason>> = {
  'renderer/entry-client.tsx': { owner: SHOWROOM, reason: 'The island bootstrap, the one script the page starts with: it hydrates the interactive parts of the server-rendered page and reports a first-party module that fails its integrity check.' },
  'shared:shell': { owner: PREACT, reason: 'What every page of the store runs at once, in one file: Preact (the runtime of the islands, with preact/compat and its JSX runtime), the island bootstrap’s helpers, the header (navigation, search link, sample cart count), the page’s alerts (a payment refused, a session ended), the back-to-top button, and what they share (the sample cart in the browser’s storage, clicks on promotional links counted on the store’s own endpoint).' },
  'shared:rolldown-runtime': { owner: 'Showroom, bundling the bundler’s module runtime (MIT)', reason: 'The few helpers the bundler’s output uses to load a chunk when an island needs it.' },
  'renderer/layout/SampleCartDrawer.tsx': { owner: SHOWROOM, reason: 'The sample cart drawer the header opens.' },
  'renderer/layout/CookieBanner.tsx': { owner: SHOWROOM, reason: 'The cookie consent banner, required on every page.' },
  'renderer/blocks/checkout/CheckoutBlock.tsx': { owner: SHOWROOM, reason: 'The checkout: addresses, shipping method, order placement and the payment form of the chosen method.' },
  'renderer/blocks/payment-pages/PaymentPageBlocks.tsx': { owner: SHOWROOM, reason: 'The quote payment and split payment pages: the purchase summary, the amount and the payment form.' },
  'renderer/blocks/quote/QuoteLinkBlock.tsx': { owner: SHOWROOM, reason: 'Moves the quote link’s token out of the address bar into this tab’s storage, so it is never sent as a referrer.' },
  'widgets/payment/test-gateway/TestGatewayEntry.tsx': { owner: SHOWROOM, gateway: 'test', reason: 'The offline test gateway’s card form (test card numbers only; off in production unless TEST_GATEWAY=on, which the start warns of).' },
  'widgets/payment/stripe/StripeEntry.tsx': { owner: SHOWROOM, gateway: 'stripe', reason: 'Loads Stripe.js from js.stripe.com, mounts Stripe’s Payment Element and confirms the payment; the card stays in Stripe’s frames.' },
  'widgets/payment/paypal/PayPalEntry.tsx': { owner: SHOWROOM, gateway: 'paypal', reason: 'Loads PayPal’s JavaScript SDK from www.paypal.com and draws PayPal’s buttons; the buyer pays in PayPal’s window.' },
  'widgets/payment/authorize-net/AcceptJsEntry.tsx': { owner: SHOWROOM, gateway: 'authorizenet', reason: 'Authorize.net’s client: by default Accept Hosted, which asks the store for a form token and sends the customer to Authorize.net’s page, or, when chosen, shows that page in a frame and hands the transaction it names to the store to verify (no card field, no script of Authorize.net here); Accept.js with the store’s own card fields (SAQ A-EP) only when chosen, which loads Accept.js and sends the card to Authorize.net for a one-time token.' },
  'shared:payment.css': { owner: SHOWROOM, reason: 'What every payment form shares: choosing the method, loading its gateway client, the “Pay another way” notice, and their styles.' },
  'shared:leave-page': { owner: SHOWROOM, reason: 'The card number, expiry and code fields of the test gateway and of Accept.js, and the step that leaves the page for a provider’s (an authentication redirect, or the form post of Accept Hosted’s token to Authorize.net).' },
  'shared:card-entry': { owner: SHOWROOM, reason: 'The checks of a typed card (Luhn, expiry) and their messages, shared by the card forms.' },
  'shared:SummaryCards': { owner: SHOWROOM, reason: 'The read-only purchase summary (customer, addresses, items, totals) of the quote and split payment pages.' },
  'shared:SampleCartPanel': { owner: SHOWROOM, reason: 'The sample cart’s list, shown in the header’s drawer.' },
  'shared:api-client': { owner: SHOWROOM, reason: 'The one client of the store’s own API (same origin).' },
  'shared:checkout-fields': { owner: SHOWROOM, reason: 'The checkout’s field rules (required fields, ZIP and state, phone), shared with the server.' },
  'shared:checkout-messages': { owner: SHOWROOM, reason: 'The checkout’s and card fields’ messages, word for word.' },
  'shared:email-address': { owner: SHOWROOM, reason: 'The e-mail address check the server makes too.' },
  'shared:phone-number': { owner: SHOWROOM, reason: 'The phone number check the server makes too.' },
  'shared:money': { owner: SHOWROOM, reason: 'Formats dollar amounts.' },
  'shared:payment-proof': { owner: SHOWROOM, reason: 'Attaches the owner’s proof (order token, quote link token or split-payment e-mail) to payment calls.' },
  'shared:pending-payment': { owner: SHOWROOM, reason: 'Remembers, in this tab only, a payment that left the page for the provider, so the return can be verified.' },
  'shared:signed-in-hint': { owner: SHOWROOM, reason: 'Knows whether a customer is signed in, to prefill the checkout.' },
  'shared:theme.css': { owner: SHOWROOM, reason: 'The payment forms’ shared stylesheet, as a constructed stylesheet.' },
  'shared:widget-frame': { owner: SHOWROOM, reason: 'Mounts the money pages’ components in their own styled frame.' },
  'inline:accept-hosted-communicator': {
    owner: SHOWROOM,
    gateway: 'authorizenet',
    reason: 'The iframe communicator Authorize.net requires for Accept Hosted in a frame: the one inline script of its own small page, which Authorize.net’s form frames. It hands the form’s messages (its size, a cancel, the transaction’s number) to the payment page of the same origin, and only those sent by Authorize.net’s form. Allowed by its hash in that page’s policy alone.',
  },
};

const NO_SRI_REDEPLOYED = 'The provider redeploys this script without notice and publishes no integrity hash, so it is authorised by its exact origin in the policy instead.';

export const THIRD_PARTY_REASONS: readonly ThirdPartyReason[] = [
  {
    origins: { production: 'https://js.stripe.com', sandbox: 'https://js.stripe.com' },
    integrations: ['stripe-payment-element'],
    owner: 'Stripe',
    gateway: 'stripe',
    reason: 'Stripe.js: draws the Payment Element (the card is typed into Stripe’s frames), confirms the payment and runs 3-D Secure. Stripe requires it to be loaded from js.stripe.com.',
    noIntegrity: NO_SRI_REDEPLOYED,
  },
  {
    origins: { production: 'https://www.paypal.com', sandbox: 'https://www.paypal.com' },
    integrations: ['paypal-buttons'],
    owner: 'PayPal',
    gateway: 'paypal',
    reason: 'PayPal’s JavaScript SDK: draws the PayPal buttons and opens the buyer’s approval window. PayPal serves it only from www.paypal.com (the sandbox too, by client id).',
    noIntegrity: NO_SRI_REDEPLOYED,
  },
  {
    origins: { production: 'https://js.authorize.net', sandbox: 'https://jstest.authorize.net' },
    integrations: ['accept-js'],
    owner: 'Authorize.net (Visa)',
    gateway: 'authorizenet',
    reason: 'Accept.js: sends the card typed into the store’s own fields to Authorize.net and returns a one-time token (SAQ A-EP). Allowed only on the pages that offer an Authorize.net method using Accept.js; Accept Hosted loads no script of Authorize.net on the store’s pages.',
    noIntegrity: 'Authorize.net requires Accept.js to be loaded from its own server and publishes no integrity hash for it, so it is authorised by its exact origin in the policy instead.',
  },
];
