// @vitest-environment jsdom
/**
 * <showroom-checkout> as a dealer's page has it: the element defined by the element base, its
 * attributes reaching the checkout, the dealer's own cart, and the events reaching the host page.
 */
import { configure, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartStorageKey, sampleCart } from '../cart-store/sample-cart';
import { elementModules } from '../element-names';
import { elementSpecs } from '../element-specs';
import { fakeGateway } from './testing/fake-gateway-entry';
import { serveShop } from './testing/fake-shop-api';
import '../elements/checkout';

// The payment form arrives through three async steps (methods, selection, the lazy entry); a busy
// two-core machine needs more than the default second.
configure({ asyncUtilTimeout: 5000 });

vi.mock('../payment/gateway-entries', async () => {
  const { FakeGatewayEntry } = await import('./testing/fake-gateway-entry');
  const load = async () => FakeGatewayEntry;
  return { gatewayEntries: { test: load, stripe: load, paypal: load, authorizenet: load } };
});

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('<showroom-checkout>', () => {
  it('is listed in the loader table and the manifest', () => {
    expect(elementModules['showroom-checkout']).toBe('checkout');
    expect(elementSpecs.some((s) => s.tagName === 'showroom-checkout')).toBe(true);
  });

  it('shows the empty cart with its continue-shopping-url', async () => {
    serveShop();
    document.body.innerHTML = '<showroom-checkout api-base="http://shop.test" continue-shopping-url="https://dealer.test/samples"></showroom-checkout>';
    const root = document.querySelector('showroom-checkout')!.shadowRoot!;
    await waitFor(() => expect(root.textContent).toContain('Looks like you have not added anything to your cart.'));
    expect(root.querySelector('a')!.getAttribute('href')).toBe('https://dealer.test/samples');
  });

  it('heads the form with its heading attribute, or with none for a page that has its own', async () => {
    serveShop();
    sampleCart(cartStorageKey('http://shop.test', 'demo-dealer')).add([{ sku: 'HS-W', name: 'White' }]);
    const headings = async (html: string) => {
      document.body.innerHTML = html;
      const root = document.querySelector('showroom-checkout')!.shadowRoot!;
      await waitFor(() => expect(root.querySelector('[name="bill_first_name"]')).not.toBeNull());
      return [...root.querySelectorAll('h2')].map((h) => h.textContent);
    };
    expect(await headings('<showroom-checkout api-base="http://shop.test" dealer="demo-dealer"></showroom-checkout>')).toContain('Checkout');
    expect(await headings('<showroom-checkout api-base="http://shop.test" dealer="demo-dealer" heading="Your details"></showroom-checkout>')).toContain('Your details');
    const none = await headings('<showroom-checkout api-base="http://shop.test" dealer="demo-dealer" heading=""></showroom-checkout>');
    expect(none).not.toContain('Checkout');
  });

  it("places the dealer's order from the dealer's cart; order-placed reaches the document", async () => {
    const calls = serveShop();
    sampleCart(cartStorageKey('http://shop.test', 'demo-dealer')).add([{ sku: 'HS-W', name: 'White' }]);
    const heard: unknown[] = [];
    document.addEventListener('showroom:order-placed', (e) => heard.push((e as CustomEvent).detail));
    document.body.innerHTML = '<showroom-checkout api-base="http://shop.test" dealer="demo-dealer"></showroom-checkout>';
    const root = document.querySelector('showroom-checkout')!.shadowRoot!;
    await waitFor(() => expect(root.querySelector('[data-testid="shipping-method"]')).not.toBeNull());
    // Every billing field, as a customer types them.
    const values: Record<string, string> = { bill_first_name: 'Ada', bill_last_name: 'Lovelace', bill_email: 'ada@example.com', bill_phone: '5125550100', bill_address_1: '1 Main St', bill_city: 'Austin', bill_state: 'TX', bill_zip: '78701' };
    for (const [name, value] of Object.entries(values)) fireEvent.change(root.querySelector(`[name="${name}"]`)!, { target: { value } });
    await waitFor(() => expect(root.querySelector('[data-testid="shipping-method"]')!.textContent).toBe('Ground: $10.00'));
    fakeGateway.outcomes.push({ kind: 'paid', payment: { transactionId: 'test_txn_9', method: 'card', gateway: 'test', status: 'completed' } });
    const button = await waitFor(() => {
      const b = [...root.querySelectorAll('button')].find((x) => x.textContent === 'Place Order');
      expect(b).toBeTruthy();
      return b!;
    });
    fireEvent.click(button);
    await waitFor(() => expect(root.textContent).toContain('Your order number is 000000007'));
    expect(heard).toEqual([{ orderNumber: '000000007', total: 29.99 }]);
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/order')!;
    expect(post.headers['X-Showroom-Dealer']).toBe('demo-dealer');
  });

  it("sends a payment that leaves the page back to its success-url, or, without one, to the store's verify page", async () => {
    serveShop();
    sampleCart(cartStorageKey('http://shop.test', 'demo-dealer')).add([{ sku: 'HS-W', name: 'White' }]);
    const returnUrlOf = async () => {
      await waitFor(() => expect(document.querySelector('showroom-checkout')!.shadowRoot!.textContent).toContain('Place Order'));
      return fakeGateway.props?.returnUrl;
    };
    // The thank-you page's <showroom-order-result> verifies it with this tab's proof, on the dealer's origin.
    document.body.innerHTML = '<showroom-checkout api-base="http://shop.test" dealer="demo-dealer" success-url="https://dealer.test/thank-you.html"></showroom-checkout>';
    expect(await returnUrlOf()).toBe('https://dealer.test/thank-you.html');
    document.body.innerHTML = '';
    fakeGateway.props = undefined;
    document.body.innerHTML = '<showroom-checkout api-base="http://shop.test" dealer="demo-dealer"></showroom-checkout>';
    expect(await returnUrlOf()).toBe('http://shop.test/payment/verify/test');
  });
});
