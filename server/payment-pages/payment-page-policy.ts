/**
 * What a payment page is sent besides its HTML, from the script inventory, the store's payment
 * methods and the gateways' configuration:
 *
 * - a Content-Security-Policy whose script-src is the inventory and nothing else: each first-party
 *   file by its exact URL (not 'self', which would let any file of the site run), the import map by
 *   its hash, and the SDK origins of the integrations that page offers (the checkout of a store
 *   that takes only Stripe allows js.stripe.com and no other provider). No 'unsafe-inline', no
 *   'unsafe-eval'. Frames stay open to https: for the banks' 3-D Secure challenges, which come from
 *   many origins and run no script in the page. Violations go to the store's report endpoint
 *   (report-uri, and report-to through Reporting-Endpoints);
 * - an import map carrying the SHA-384 of every first-party module, so that a module the page
 *   imports later (an island, a gateway's client) is checked as the entry script is, through its
 *   `integrity` attribute (Subresource Integrity);
 * - a Permissions-Policy that turns off what a payment page never uses and lets only the store and
 *   its payment frames ask for the Payment Request API.
 */
import crypto from 'node:crypto';
import { offeredPaymentMethods } from '../../schemas/payment-method-selection';
import { integrationOf, type PaymentIntegration } from '../../schemas/payment-integrations';
import { PAYMENT_BLOCK_SCOPES, type PaymentBlockType } from '../../schemas/payment-page-blocks';
import type { PaymentMethod } from '../../schemas/payment-methods.schema';
import { hostedFormUrlOf, type GatewayConfig } from '../gateways/gateway-config';
import { policyOf, type PageSources } from '../http/content-security-policy';
import type { ScriptInventory, ThirdPartyScript } from './script-inventory';

/** The Reporting-Endpoints group the policy's report-to names. */
export const REPORT_GROUP = 'payment-pages';
/** Where browsers send the payment pages' violation reports (./violation-routes.ts). */
export const REPORT_PATH = '/api/payment-pages/reports';

/** What a payment page's document carries: the import map and the integrity of the scripts it names. */
export interface DocumentIntegrity {
  /** The text inside `<script type="importmap">`, exactly as hashed into the policy. */
  importMap: string;
  /** `sha384-…` by the path of a first-party script (the entry, the preloads). */
  integrity: ReadonlyMap<string, string>;
}

export interface PaymentPageSecurity {
  inventory: ScriptInventory;
  document: DocumentIntegrity;
  /** The headers of a page holding this payment block, served at `origin` (the address the browser used). */
  headers(block: PaymentBlockType, origin: string): Record<string, string>;
  /** The integrations a page offers (enabled for its scope, with a configured gateway), in the methods' order. */
  integrations(block: PaymentBlockType): PaymentIntegration[];
  /** The third-party scripts a page allows, as configured (the inventory's entries, Accept.js at its configured origin). */
  thirdParty(block: PaymentBlockType): ThirdPartyScript[];
}

const originOf = (url: string): string => new URL(url).origin;

/** The gateway's configuration for the browser is there (the test gateway: not switched off). */
export function gatewayConfigured(method: PaymentMethod, gateways: GatewayConfig): boolean {
  switch (method.gateway) {
    case 'test':
      return gateways.testGateway !== false;
    case 'stripe':
      return gateways.stripe !== null;
    case 'paypal':
      return gateways.paypal !== null;
    case 'authorizenet':
      return gateways.authorizeNet !== null;
  }
}

/** What each integration needs of the page besides its scripts: frames, API calls, a form's target. */
function otherSources(integration: PaymentIntegration, gateways: GatewayConfig): PageSources {
  const anet = gateways.authorizeNet;
  switch (integration) {
    case 'test-card-fields':
      return {};
    case 'stripe-payment-element':
      return { frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] };
    case 'paypal-buttons':
      return { frame: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'], connect: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'] };
    case 'accept-js':
      // Accept.js posts the card to Authorize.net's API from the page.
      return { connect: [anet?.production ? 'https://api2.authorize.net' : 'https://apitest.authorize.net'] };
    case 'authorizenet-accept-hosted':
      // The page posts the form token to Authorize.net's payment page: the customer leaves the store.
      return anet ? { form: [originOf(hostedFormUrlOf(anet))] } : {};
    case 'authorizenet-accept-hosted-iframe':
      // The page posts the form token into its frame of Authorize.net's payment page: that origin alone is framed.
      return anet ? { form: [originOf(hostedFormUrlOf(anet))], frame: [originOf(hostedFormUrlOf(anet))] } : {};
  }
}

/** The frames that may ask for the Payment Request API (wallets inside the provider's frame). */
const PAYMENT_FRAMES: Partial<Record<PaymentIntegration, readonly string[]>> = {
  'stripe-payment-element': ['https://js.stripe.com'],
  'paypal-buttons': ['https://www.paypal.com'],
};

export function sha256Source(text: string): string {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export function paymentPageSecurity(opts: { inventory: ScriptInventory; paymentMethods: readonly PaymentMethod[]; gateways: GatewayConfig }): PaymentPageSecurity {
  const { inventory, gateways } = opts;
  // The pages load files; an inline script of another page (the Accept Hosted communicator) has that page's own policy.
  const files = inventory.firstParty.filter((s) => !s.inline);
  const integrity = new Map(files.map((s) => [s.url, s.integrity]));
  const importMap = JSON.stringify({ integrity: Object.fromEntries(integrity) });
  const importMapSource = sha256Source(importMap);
  const anet = gateways.authorizeNet;
  const environment = anet?.production ? 'production' : 'sandbox';

  const integrations = new Map<PaymentBlockType, PaymentIntegration[]>();
  for (const block of Object.keys(PAYMENT_BLOCK_SCOPES) as PaymentBlockType[]) {
    const offered = offeredPaymentMethods(opts.paymentMethods, PAYMENT_BLOCK_SCOPES[block]).filter((m) => gatewayConfigured(m, gateways));
    integrations.set(block, [...new Set(offered.map((m) => integrationOf(m)))]);
  }

  // An SDK whose sandbox has an origin of its own (Accept.js) is listed once per environment; a
  // store uses the one its keys are for. Stripe's and PayPal's are one origin for both.
  const sameScript = (a: ThirdPartyScript, b: ThirdPartyScript) => a.integrations.join() === b.integrations.join();
  const forThisStore = inventory.thirdParty
    .filter((s) => s.environment === environment || !inventory.thirdParty.some((o) => sameScript(o, s) && o.environment === environment))
    .map((s) => (s.integrations.includes('accept-js') && anet ? { ...s, origin: originOf(anet.acceptJsUrl) } : s));
  const thirdParty = (block: PaymentBlockType): ThirdPartyScript[] => {
    const used = integrations.get(block) ?? [];
    return forThisStore.filter((s) => s.integrations.some((i) => used.includes(i)));
  };

  const headers = new Map<string, Record<string, string>>();
  return {
    inventory,
    document: { importMap, integrity },
    integrations: (block) => integrations.get(block) ?? [],
    thirdParty,
    headers(block, origin) {
      const key = `${block} ${origin}`;
      let answer = headers.get(key);
      if (!answer) {
        const used = integrations.get(block) ?? [];
        const scripts = [...files.map((s) => origin + s.url), importMapSource];
        const extra: PageSources[] = [{ script: thirdParty(block).map((s) => s.origin) }, ...used.map((i) => otherSources(i, gateways))];
        const paymentFrames = [...new Set(used.flatMap((i) => PAYMENT_FRAMES[i] ?? []))].map((o) => `"${o}"`);
        // The Reporting API (report-to) only over HTTPS: Chromium sends nothing to an http endpoint,
        // and where report-to is named it ignores report-uri, so a page over http keeps report-uri alone.
        const secure = origin.startsWith('https:');
        answer = {
          'Content-Security-Policy': policyOf({ scripts, extra, report: { uri: REPORT_PATH, ...(secure ? { group: REPORT_GROUP } : {}) } }),
          ...(secure ? { 'Reporting-Endpoints': `${REPORT_GROUP}="${origin}${REPORT_PATH}"` } : {}),
          'Permissions-Policy': `camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=(), payment=(self${paymentFrames.length ? ` ${paymentFrames.join(' ')}` : ''})`,
        };
        // A made-up Host header gets its own answer but must not grow the memo without end.
        if (headers.size < 64) headers.set(key, answer);
      }
      return answer;
    },
  };
}
