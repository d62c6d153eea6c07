/**
 * The Accept Hosted communicator's script, run on its own with the windows around it played by
 * plain objects: it relays what Authorize.net's form sends it to the store's page two frames up, for
 * the store's origin only, and nothing that another site, another frame or the address of a page
 * outside the form sends. Its page allows that script alone, by the hash the inventory lists.
 */
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { COMMUNICATOR_INTEGRITY, COMMUNICATOR_SCRIPT, communicatorPage, communicatorPolicy } from './accept-hosted-communicator';
import type { GatewayConfig } from '../gateways/gateway-config';
import type { PaymentMethod } from '../../schemas/payment-methods.schema';
import { watchedPagePaths } from './page-check';
import { sha384 } from './script-inventory';

const STORE = 'https://shop.example';
const FORM = 'https://accept.authorize.net';

interface Posted {
  data: unknown;
  targetOrigin: string;
}

/** The communicator inside Authorize.net's form inside the store's page (or, `alone`, opened by itself). */
function communicator(opts: { hash?: string; parentOrigin?: string; alone?: boolean } = {}) {
  const posted: Posted[] = [];
  const listeners: Array<(event: unknown) => void> = [];
  const page: Record<string, unknown> = { postMessage: (data: unknown, targetOrigin: string) => posted.push({ data, targetOrigin }) };
  page.parent = page;
  const form: Record<string, unknown> = { parent: page };
  const self: Record<string, unknown> = {
    addEventListener: (type: string, listener: (event: unknown) => void) => type === 'message' && listeners.push(listener),
    location: { origin: STORE, hash: opts.hash ?? '', ancestorOrigins: [opts.parentOrigin ?? FORM] },
  };
  self.parent = opts.alone ? self : form;
  const document = { querySelector: (selector: string) => ({ getAttribute: () => (selector === 'meta[name="accept-hosted-origin"]' ? FORM : null) }), referrer: '' };
  vm.runInNewContext(COMMUNICATOR_SCRIPT, { window: self, document, URL });
  return { posted, form, receive: (event: { origin: string; source: unknown; data: unknown }) => listeners.forEach((l) => l(event)) };
}

describe('the Accept Hosted communicator', () => {
  it('relays the form\'s messages to the store\'s page, addressed to the store\'s origin only', () => {
    const c = communicator();
    c.receive({ origin: FORM, source: c.form, data: 'action=resizeWindow&width=500&height=640' });
    c.receive({ origin: FORM, source: c.form, data: 'action=transactResponse&response={"transId":"60000000001"}' });
    expect(c.posted).toEqual([
      { data: 'action=resizeWindow&width=500&height=640', targetOrigin: STORE },
      { data: 'action=transactResponse&response={"transId":"60000000001"}', targetOrigin: STORE },
    ]);
  });

  it('relays nothing from another origin, from another frame, that is not a string, or when it is not inside the form', () => {
    const c = communicator();
    c.receive({ origin: 'https://evil.example', source: c.form, data: 'action=transactResponse&response={"transId":"1"}' });
    c.receive({ origin: FORM, source: {}, data: 'action=transactResponse&response={"transId":"1"}' });
    c.receive({ origin: FORM, source: c.form, data: { action: 'transactResponse' } });
    c.receive({ origin: FORM, source: c.form, data: 'x'.repeat(16_001) });
    expect(c.posted).toEqual([]);
    const alone = communicator({ alone: true });
    alone.receive({ origin: FORM, source: {}, data: 'action=cancel' });
    expect(alone.posted).toEqual([]);
  });

  it('relays a message in its address only when its parent is the form', () => {
    expect(communicator({ hash: '#action=cancel' }).posted).toEqual([{ data: 'action=cancel', targetOrigin: STORE }]);
    expect(communicator({ hash: '#action=cancel', parentOrigin: 'https://evil.example' }).posted).toEqual([]);
  });

  it('is allowed by its hash alone, loads nothing else, and is framed only by the store and the form', () => {
    const page = communicatorPage(FORM);
    const script = /<script>([\s\S]*)<\/script>/.exec(page)![1]!;
    expect(sha384(Buffer.from(script))).toBe(COMMUNICATOR_INTEGRITY);
    expect(page).toContain(`<meta name="accept-hosted-origin" content="${FORM}">`);
    expect(communicatorPolicy(FORM)).toBe(`default-src 'none'; script-src '${COMMUNICATOR_INTEGRITY}'; base-uri 'none'; form-action 'none'; frame-ancestors 'self' ${FORM}`);
  });

  it('is watched by the change detection with the payment pages while a method shows the form in a frame', () => {
    const content = (integration?: PaymentMethod['integration'], enabled = true) => ({
      routes: [{ path: '/checkout', page: 'checkout' }],
      pages: { checkout: { blocks: [{ type: 'checkout' }] } },
      paymentMethods: [{ name: 'anet', title: 'Card', enabled, gateway: 'authorizenet', ...(integration ? { integration } : {}) }],
    }) as unknown as Parameters<typeof watchedPagePaths>[0];
    const configured = { stripe: null, paypal: null, authorizeNet: { loginId: 'l' } } as unknown as GatewayConfig;
    expect(watchedPagePaths(content('authorizenet-accept-hosted-iframe'), configured)).toEqual(['/checkout', '/payment/authorize-net/communicator']);
    expect(watchedPagePaths(content(), configured)).toEqual(['/checkout']);
    expect(watchedPagePaths(content('authorizenet-accept-hosted-iframe', false), configured)).toEqual(['/checkout']);
    expect(watchedPagePaths(content('authorizenet-accept-hosted-iframe'), { ...configured, authorizeNet: null })).toEqual(['/checkout']);
  });
});
