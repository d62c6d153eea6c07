/**
 * The checkout block on the server: its frame with the loading state (the cart is in the browser),
 * its registration as an island hydrated at load, and its own stylesheet in the frame.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pageSchema } from '../../../schemas/page.schema';
import { blockRegistry } from '../registry';
import { clientIslands } from '../../islands/client-islands';
import { CHECKOUT_LOADING_TEXT, CheckoutBlock } from './CheckoutBlock';

describe('checkout block (SSR)', () => {
  it("renders its frame with 'Loading cart...' and the checkout's sheet", () => {
    const html = renderToString(<CheckoutBlock block={{ type: 'checkout', id: 'checkout', className: 'wide', intro: 'Pay securely.' }} data={undefined} />);
    expect(html).toContain('<h1 class="sr-checkout-block__title">Checkout</h1>');
    expect(html).toContain('Pay securely.');
    expect(html).toContain('id="checkout"');
    expect(html).toContain('class="sr-widget-block sr-checkout-block wide"');
    expect(html).toContain(CHECKOUT_LOADING_TEXT);
    expect(html).toContain('role="status"');
    expect(html).toContain('.sr-checkout__summary');
    expect(html).not.toContain(':host');
  });

  it('is an island hydrated at load, with its own chunk, and a page may use it', () => {
    expect(blockRegistry.checkout.island).toBe('load');
    expect(typeof clientIslands.checkout).toBe('function');
    const variants = pageSchema.properties.blocks.items.oneOf as readonly { properties: { type: { const?: string } } }[];
    expect(variants.some((v) => v.properties.type.const === 'checkout')).toBe(true);
  });
});
