// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageDefinition } from '../../../schemas/page.schema';
import type { RouteEntry } from '../../../schemas/routes.schema';
import { QUOTE_LINK_KEY_PREFIX, quoteLinkAccess } from '../../../widgets/quote-payment/quote-link-access';
import { renderPage } from '../../entry-server';
import { testSettings } from '../../testing/page-fixture';
import { moveQuoteLinkToken, readQuoteLinkToken } from '../quote/quote-link-token';
import { QuotePaymentBlock, SplitPaymentBlock } from './PaymentPageBlocks';

const routes: RouteEntry[] = [
  { path: '/quote/payment', page: 'quote-payment' },
  { path: '/order/split-payment', page: 'split-payment' },
];
const meta = (title: string) => ({ title, description: `${title} description`, transactional: true });
const pages: Record<string, PageDefinition> = {
  'quote-payment': { metadata: meta('Pay Your Quote'), blocks: [{ type: 'quote-link' }, { type: 'quote-payment' }] },
  'split-payment': { metadata: meta('Split Payment'), blocks: [{ type: 'split-payment' }] },
};
const page = (url: string) => renderPage({ url, routes, pages, settings: testSettings, cookieHeader: undefined, publicUrl: 'https://shop.example' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('payment page blocks on the server', () => {
  it('render the quote payment frame as an island that hydrates at once, with none of the link in its props', () => {
    const r = page('/quote/payment?quoteId=7&token=secret-link-token');
    expect(r.status).toBe(200);
    expect(r.html).toMatch(/data-island="quote-payment"[^>]*data-hydrate="load"/);
    expect(r.html).toMatch(/data-island="quote-link"/);
    expect(r.html).toContain('sr-quote-payment-block');
    expect(r.html).toContain('Loading...');
    expect(r.html).toContain('<h1 class="sr-payment-page-block__title">Pay your quote</h1>');
    // The block's own props carry nothing of the link (the page's url is the renderer's, not the block's).
    const props = /<script type="application\/json" id="b1-props">(.*?)<\/script>/.exec(r.html)![1]!;
    expect(JSON.parse(props).props).toEqual({ block: { type: 'quote-payment' } });
  });

  it('render the split payment frame as an island that hydrates at once, with none of the lookup in its props', () => {
    const r = page('/order/split-payment?orderId=12&email=sam%40example.com');
    expect(r.html).toMatch(/data-island="split-payment"[^>]*data-hydrate="load"/);
    expect(r.html).toContain('sr-split-payment-block');
    expect(r.html).toContain('<h1 class="sr-payment-page-block__title">Pay toward your order</h1>');
    const props = /<script type="application\/json" id="b0-props">(.*?)<\/script>/.exec(r.html)![1]!;
    expect(JSON.parse(props).props).toEqual({ block: { type: 'split-payment' } });
  });
});

describe('payment page blocks in the browser', () => {
  it("the quote block reads the token the quote-link island moved, and calls this site's API with it", async () => {
    window.history.replaceState(null, '', '/quote/payment?quoteId=7&token=link-token');
    moveQuoteLinkToken({ href: window.location.href, replace: (url) => window.history.replaceState(null, '', url) }, sessionStorage);
    expect(window.location.search).toBe('?quoteId=7');
    expect(readQuoteLinkToken('7', sessionStorage)).toBe('link-token');
    // The widget reads the very key the renderer's island writes.
    expect(quoteLinkAccess({}, window.location.search)).toEqual({ quoteId: '7', token: 'link-token' });
    expect(sessionStorage.getItem(`${QUOTE_LINK_KEY_PREFIX}7`)).toBe('link-token');

    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ error: 'tokenExpired', message: 'expired' }), { status: 400 }));
    vi.stubGlobal('fetch', fetchMock);
    render(<QuotePaymentBlock block={{ type: 'quote-payment', contactPath: '/contact-us' }} data={undefined} />);
    expect(await screen.findByText('The quote link has expired. Please contact admin to receive a new payment link.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact-us');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${window.location.origin}/api/quote?quoteId=7`);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer link-token');
  });

  it('the split block shows the lookup form without orderId and email', () => {
    window.history.replaceState(null, '', '/order/split-payment');
    render(<SplitPaymentBlock block={{ type: 'split-payment' }} data={undefined} />);
    expect(screen.getByRole('button', { name: 'Fetch Order' })).toBeTruthy();
    expect(screen.getByLabelText('Order ID')).toBeTruthy();
  });
});
