// @vitest-environment jsdom
/**
 * The sample components as the elements render them: picking ('Please select at least one sample.',
 * a single sample taken automatically), the events, two views of one cart, and the cart resolved
 * against the store's catalog (fetched, never bundled).
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api-client';
import { CartCount } from '../cart-count/CartCount';
import { cartStorageKey, sampleCart } from '../cart-store/sample-cart';
import { SampleCartView } from '../sample-cart/SampleCartView';
import type { CatalogSample } from '../sample-ordering/catalog-samples';
import { OrderSamples } from './OrderSamples';

const API_BASE = 'http://shop.test';
const api = createApiClient(API_BASE, { dealer: 'demo-dealer' });

function sample(sku: string, finishLabel: string): CatalogSample {
  return { sku, name: `Hartford Shaker Door Sample - ${finishLabel}`, price: 19.99, style: 'hartford-shaker', styleTitle: 'Hartford Shaker', finish: { type: 'painted', value: finishLabel.toLowerCase() }, finishLabel };
}
const samples = [sample('HS-W', 'White'), sample('HS-G', 'Green')];

function serve(bodies: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url).pathname;
      const body = bodies[path];
      return new Response(JSON.stringify(body ?? { error: 'not_found', message: 'No such API endpoint.' }), { status: body ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('<showroom-order-samples> and <showroom-sample-cart>', () => {
  it('asks for a pick, adds it, tells the page, and the count and cart follow', async () => {
    serve({ '/api/catalog/styles/hartford-shaker/samples': { style: { name: 'hartford-shaker', title: 'Hartford Shaker' }, samples }, '/api/catalog/samples': { samples } });
    const host = document.createElement('div');
    document.body.append(host);
    const heard: string[] = [];
    document.addEventListener('showroom:sample-added', (e) => heard.push(JSON.stringify(e.detail)));
    const order = render(<OrderSamples element={host} api={api} apiBase={API_BASE} dealer="demo-dealer" styleName="hartford-shaker" />);
    const count = render(<CartCount apiBase={API_BASE} dealer="demo-dealer" />);
    const cart = render(<SampleCartView element={host} api={api} apiBase={API_BASE} dealer="demo-dealer" />);
    expect(within(order.container).getByText('Loading...')).toBeTruthy();

    const button = await within(order.container).findByRole('button', { name: 'Order Now' });
    fireEvent.click(button);
    expect(within(order.container).getByText('Please select at least one sample.')).toBeTruthy();
    fireEvent.click(within(order.container).getAllByRole('checkbox')[1]!);
    fireEvent.click(button);
    await within(order.container).findByText('Sample added to your cart.');
    expect(heard).toEqual([JSON.stringify({ added: [{ name: 'Hartford Shaker Door Sample - Green', sku: 'HS-G', finish: { type: 'painted', value: 'green' }, qty: 1 }], count: 1 })]);
    await waitFor(() => expect(count.container.textContent).toBe('Samples 1'));
    await within(cart.container).findByText('Hartford Shaker: Green');
    expect((within(cart.container).getByRole('link', { name: 'Checkout' }) as HTMLAnchorElement).href).toBe('http://shop.test/checkout');
    // The dealer's header went with every call.
    for (const [, init] of vi.mocked(fetch).mock.calls) expect((init as RequestInit).headers).toMatchObject({ 'X-Showroom-Dealer': 'demo-dealer' });

    fireEvent.click(within(cart.container).getByRole('button', { name: 'Clear cart' }));
    await within(cart.container).findByText('Your sample cart is empty.');
    await waitFor(() => expect(count.container.textContent).toBe('Samples 0'));
  });

  it('takes a single sample without a pick', async () => {
    serve({ '/api/catalog/styles/solo/samples': { style: { name: 'solo', title: 'Solo' }, samples: [samples[0]] } });
    const host = document.createElement('div');
    render(<OrderSamples element={host} api={api} apiBase={API_BASE} dealer="demo-dealer" styleName="solo" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Order Now' }));
    await screen.findByText('Sample added to your cart.');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(sampleCart(cartStorageKey(API_BASE, 'demo-dealer')).read().map((s) => s.sku)).toEqual(['HS-W']);
  });

  it("starts afresh when style-name changes: the last style's message and ticks do not stay", async () => {
    const oak = [sample('OK-N', 'Natural'), sample('OK-D', 'Dark')].map((s) => ({ ...s, style: 'oak-slab', styleTitle: 'Oak Slab' }));
    serve({
      '/api/catalog/styles/hartford-shaker/samples': { style: { name: 'hartford-shaker', title: 'Hartford Shaker' }, samples },
      '/api/catalog/styles/oak-slab/samples': { style: { name: 'oak-slab', title: 'Oak Slab' }, samples: oak },
    });
    const host = document.createElement('div');
    const view = render(<OrderSamples element={host} api={api} apiBase={API_BASE} dealer="demo-dealer" styleName="hartford-shaker" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Order Now' }));
    screen.getByText('Please select at least one sample.');
    fireEvent.click(screen.getAllByRole('checkbox')[0]!);

    view.rerender(<OrderSamples element={host} api={api} apiBase={API_BASE} dealer="demo-dealer" styleName="oak-slab" />);
    await screen.findByRole('heading', { name: 'Order Oak Slab door samples' });
    // Well inside the message's 5 seconds: it went with the style it was about.
    expect(screen.queryByText('Please select at least one sample.')).toBeNull();
    expect(screen.getAllByRole('checkbox').map((c) => (c as HTMLInputElement).checked)).toEqual([false, false]);
  });

  it('shows an empty cart when nothing stored resolves against the catalog', async () => {
    serve({ '/api/catalog/samples': { samples } });
    sampleCart(cartStorageKey(API_BASE, 'demo-dealer')).add([{ name: 'Discontinued', sku: 'GONE-1' }]);
    const host = document.createElement('div');
    render(<SampleCartView element={host} api={api} apiBase={API_BASE} dealer="demo-dealer" />);
    await screen.findByText('Your sample cart is empty.');
  });

  it('names the style when style-name has a typo, under the store\'s sentence', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: 'style_not_found', message: 'We are sorry, but we could not find any data.', fields: { styleName: 'No product style has this name.' } }), { status: 404 })),
    );
    const host = document.createElement('div');
    render(<OrderSamples element={host} api={api} apiBase={API_BASE} dealer="demo-dealer" styleName="shaker-whte" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('We are sorry, but we could not find any data.No style named "shaker-whte" was found. Check the style-name attribute.');
    expect(screen.queryByRole('button', { name: 'Order Now' })).toBeNull();
  });
});
