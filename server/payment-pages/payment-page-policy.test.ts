/**
 * Each payment page's headers from the inventory and the store's methods: script-src is the
 * inventory's files by exact URL and the import map by its hash, plus the SDK origins of the
 * gateways that page offers and none other (Accept.js at the origin of the store's environment);
 * never 'unsafe-inline', 'unsafe-eval' or 'self'; frames open to https: for 3-D Secure; reports by
 * report-uri, and by report-to over HTTPS only.
 */
import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../schemas/payment-methods.schema';
import type { GatewayConfig } from '../gateways/gateway-config';
import { paymentPageSecurity, sha256Source } from './payment-page-policy';
import type { ScriptInventory } from './script-inventory';
import { THIRD_PARTY_REASONS } from './script-reasons';

const inventory: ScriptInventory = {
  generatedAt: '2031-01-01T00:00:00.000Z',
  pages: [],
  islands: [],
  firstParty: [
    { url: '/assets/entry-client-AAAA.js', chunk: 'renderer/entry-client.tsx', integrity: 'sha384-entry', bytes: 10, owner: 'Showroom', reason: 'bootstrap' },
    { url: '/assets/CheckoutBlock-BBBB.js', chunk: 'renderer/blocks/checkout/CheckoutBlock.tsx', integrity: 'sha384-checkout', bytes: 10, owner: 'Showroom', reason: 'checkout' },
  ],
  thirdParty: THIRD_PARTY_REASONS.flatMap(({ origins, ...rest }) =>
    origins.production === origins.sandbox ? [{ origin: origins.production, environment: 'production' as const, ...rest }] : [{ origin: origins.production, environment: 'production' as const, ...rest }, { origin: origins.sandbox, environment: 'sandbox' as const, ...rest }],
  ),
};

const method = (name: string, gateway: PaymentMethod['gateway'], extra: Partial<PaymentMethod> = {}): PaymentMethod => ({ name, title: name, enabled: true, gateway, ...extra }) as PaymentMethod;
const anet = (production: boolean) => ({ loginId: 'l', transactionKey: 't', clientKey: 'c', signatureKey: null, apiBase: 'x', acceptJsUrl: production ? 'https://js.authorize.net/v1/Accept.js' : 'https://jstest.authorize.net/v1/Accept.js', production });
const gateways = (parts: Partial<GatewayConfig>): GatewayConfig => ({ stripe: null, paypal: null, authorizeNet: null, ...parts }) as GatewayConfig;

function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

describe('the payment pages policy', () => {
  it('lists the inventory by exact URL, the import map by its hash, and only the offered gateways origins', () => {
    const security = paymentPageSecurity({
      inventory,
      paymentMethods: [method('card', 'test'), method('stripe', 'stripe', { scopes: ['sample-order'] } as Partial<PaymentMethod>), method('anet', 'authorizenet', { scopes: ['complete-order-payment'], integration: 'accept-js' } as Partial<PaymentMethod>)],
      gateways: gateways({ stripe: { secretKey: 'sk', publishableKey: 'pk', webhookSecret: null, apiBase: 'x' }, authorizeNet: anet(false) }),
    });
    const checkout = directives(security.headers('checkout', 'http://shop.test')['Content-Security-Policy']!);
    expect(checkout.get('script-src')).toEqual(['http://shop.test/assets/entry-client-AAAA.js', 'http://shop.test/assets/CheckoutBlock-BBBB.js', sha256Source(security.document.importMap), 'https://js.stripe.com']);
    expect(checkout.get('frame-src')).toEqual(["'self'", 'https:', 'https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(checkout.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    const split = directives(security.headers('split-payment', 'http://shop.test')['Content-Security-Policy']!);
    expect(split.get('script-src')!.slice(3)).toEqual(['https://jstest.authorize.net']);
    expect(split.get('connect-src')).toEqual(["'self'", 'https://apitest.authorize.net']);
    const quote = directives(security.headers('quote-payment', 'http://shop.test')['Content-Security-Policy']!);
    expect(quote.get('script-src')).toHaveLength(3);
    for (const page of ['checkout', 'quote-payment', 'split-payment'] as const) {
      const csp = security.headers(page, 'http://shop.test')['Content-Security-Policy']!;
      expect(directives(csp).get('script-src')).not.toEqual(expect.arrayContaining(["'self'"]));
      expect(directives(csp).get('script-src')!.filter((s) => /unsafe/.test(s))).toEqual([]);
      expect(csp).not.toContain('unsafe-eval');
    }
    expect(JSON.parse(security.document.importMap)).toEqual({ integrity: { '/assets/entry-client-AAAA.js': 'sha384-entry', '/assets/CheckoutBlock-BBBB.js': 'sha384-checkout' } });
  });

  it('sends the card form of Authorize.net by default to Accept Hosted: no script of Authorize.net, the form token posted to its payment page only', () => {
    for (const [production, page] of [[false, 'https://test.authorize.net'], [true, 'https://accept.authorize.net']] as const) {
      const security = paymentPageSecurity({ inventory, paymentMethods: [method('anet', 'authorizenet')], gateways: gateways({ authorizeNet: anet(production) }) });
      const csp = directives(security.headers('checkout', 'https://shop.example')['Content-Security-Policy']!);
      expect(csp.get('script-src')).toHaveLength(3);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'", page]);
    }
  });

  it('shows Accept Hosted in a frame when chosen: the form token posted into a frame of its payment page, whose origin alone is added to the frames', () => {
    const withCommunicator: ScriptInventory = {
      ...inventory,
      firstParty: [...inventory.firstParty, { url: '/payment/authorize-net/communicator', chunk: 'inline:accept-hosted-communicator', inline: true, integrity: 'sha384-communicator', bytes: 10, owner: 'Showroom', reason: 'relays' }],
    };
    for (const [production, page] of [[false, 'https://test.authorize.net'], [true, 'https://accept.authorize.net']] as const) {
      const framed = paymentPageSecurity({ inventory: withCommunicator, paymentMethods: [method('anet', 'authorizenet', { integration: 'authorizenet-accept-hosted-iframe' })], gateways: gateways({ authorizeNet: anet(production) }) });
      const csp = directives(framed.headers('checkout', 'https://shop.example')['Content-Security-Policy']!);
      expect(csp.get('frame-src')).toEqual(["'self'", 'https:', page]);
      expect(csp.get('form-action')).toEqual(["'self'", page]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      // The communicator's inline script runs under its own page's policy, not as a file of these pages.
      expect(csp.get('script-src')).toEqual(['https://shop.example/assets/entry-client-AAAA.js', 'https://shop.example/assets/CheckoutBlock-BBBB.js', sha256Source(framed.document.importMap)]);
      expect(Object.keys(JSON.parse(framed.document.importMap).integrity)).toEqual(['/assets/entry-client-AAAA.js', '/assets/CheckoutBlock-BBBB.js']);
    }
    const redirect = paymentPageSecurity({ inventory: withCommunicator, paymentMethods: [method('anet', 'authorizenet')], gateways: gateways({ authorizeNet: { ...anet(false), hostedFormUrl: 'http://127.0.0.1:4100/payment/payment' } }) });
    expect(directives(redirect.headers('checkout', 'http://shop.test')['Content-Security-Policy']!).get('frame-src')).toEqual(["'self'", 'https:']);
    const framedFake = paymentPageSecurity({ inventory, paymentMethods: [method('anet', 'authorizenet', { integration: 'authorizenet-accept-hosted-iframe' })], gateways: gateways({ authorizeNet: { ...anet(false), hostedFormUrl: 'http://127.0.0.1:4100/payment/payment' } }) });
    expect(directives(framedFake.headers('checkout', 'http://shop.test')['Content-Security-Policy']!).get('frame-src')).toEqual(["'self'", 'https:', 'http://127.0.0.1:4100']);
  });

  it('names Accept.js of the live service for live keys', () => {
    const security = paymentPageSecurity({ inventory, paymentMethods: [method('anet', 'authorizenet', { integration: 'accept-js' })], gateways: gateways({ authorizeNet: anet(true) }) });
    const csp = directives(security.headers('checkout', 'https://shop.example')['Content-Security-Policy']!);
    expect(csp.get('script-src')!.slice(3)).toEqual(['https://js.authorize.net']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api2.authorize.net']);
  });

  it('reports by report-to and report-uri over HTTPS, by report-uri alone over http', () => {
    const security = paymentPageSecurity({ inventory, paymentMethods: [method('card', 'test')], gateways: gateways({}) });
    const https = security.headers('checkout', 'https://shop.example');
    expect(directives(https['Content-Security-Policy']!).get('report-to')).toEqual(['payment-pages']);
    expect(directives(https['Content-Security-Policy']!).get('report-uri')).toEqual(['/api/payment-pages/reports']);
    expect(https['Reporting-Endpoints']).toBe('payment-pages="https://shop.example/api/payment-pages/reports"');
    const http = security.headers('checkout', 'http://localhost:3000');
    expect(directives(http['Content-Security-Policy']!).get('report-to')).toBeUndefined();
    expect(http['Reporting-Endpoints']).toBeUndefined();
    expect(https['Permissions-Policy']).toBe('camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=(), payment=(self)');
  });
});
