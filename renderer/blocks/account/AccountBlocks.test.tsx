// @vitest-environment jsdom
/**
 * The account blocks' states and messages against a stand-in for the account endpoints
 * (account-test-server.ts), through the real API client.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountAddressesBlock, DELETE_NETWORK_ERROR, DELETE_UNKNOWN_ERROR, NO_ADDRESSES } from './AccountAddressesBlock';
import { AccountAddressFormBlock, ADDRESS_NOT_FOUND, selectAddressFormData } from './AccountAddressFormBlock';
import { AccountDetailBlock, selectDetailData } from './AccountDetailBlock';
import { AccountHomeBlock } from './AccountHomeBlock';
import { AccountListBlock, NO_ORDERS, NO_QUOTES } from './AccountListBlock';
import { address, fakeAccountServer, sampleOrder, type FakeAccountOptions } from './account-test-server';
import { signedInHint } from './signed-in-hint';

function serve(options: FakeAccountOptions = {}) {
  const server = fakeAccountServer(options);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the server renders a frame, never account data', () => {
  it('each block renders its heading and a loading state on the server', () => {
    const html = [
      renderToString(<AccountHomeBlock block={{ type: 'account-home' }} data={undefined} />),
      renderToString(<AccountAddressesBlock block={{ type: 'account-addresses' }} data={undefined} />),
      renderToString(<AccountListBlock block={{ type: 'account-list', list: 'orders' }} data={undefined} />),
      renderToString(<AccountDetailBlock block={{ type: 'account-detail', kind: 'order' }} data={{ id: '7' }} />),
      renderToString(<AccountAddressFormBlock block={{ type: 'account-address-form' }} data={{ id: '' }} />),
    ].join('\n');
    expect(html).toContain('My account');
    expect(html).toContain('Loading your account…');
    expect(html).toContain('Loading your addresses…');
    expect(html).toContain('Loading your orders…');
    expect(html).toContain('Loading your order…');
  });

  it("passes the route's id and nothing else", () => {
    expect(selectDetailData({ type: 'account-detail', kind: 'quote' }, { params: { id: 'Q7' } })).toEqual({ id: 'Q7' });
    expect(selectAddressFormData({ type: 'account-address-form' }, { params: {} })).toEqual({ id: '' });
  });
});

describe('the account home', () => {
  it('greets the customer, links to orders, quotes and addresses, and signs out on the server', async () => {
    const server = serve();
    const navigate = vi.fn();
    render(<AccountHomeBlock block={{ type: 'account-home' }} data={undefined} navigate={navigate} />);
    await screen.findByText('Hello, Jane Walker');
    expect(signedInHint.getSnapshot()).toBe(true);
    for (const [name, href] of [
      ['Your orders', '/my-account/orders'],
      ['Your quotes', '/my-account/quotes'],
      ['Your addresses', '/my-account/addresses'],
    ]) {
      expect(screen.getByRole('link', { name: new RegExp(name!) }).getAttribute('href')).toBe(href);
    }
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Sign out' })));
    expect(server.calls.some((c) => c.method === 'POST' && c.path === '/api/my-account/logout')).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/my-account/login');
    expect(signedInHint.getSnapshot()).toBe(false);
  });
});

describe('the saved addresses', () => {
  it("says 'No addresses saved yet.' when there are none", async () => {
    serve();
    render(<AccountAddressesBlock block={{ type: 'account-addresses' }} data={undefined} />);
    await screen.findByText(NO_ADDRESSES);
    expect(screen.getByRole('link', { name: 'Add an address' }).getAttribute('href')).toBe('/my-account/address/new');
  });

  it('badges the defaults, links Edit, and makes another address the default shipping one', async () => {
    serve({ addresses: [address(1, { isDefaultShipping: true, isDefaultBilling: true }), address(2)] });
    const { container } = render(<AccountAddressesBlock block={{ type: 'account-addresses' }} data={undefined} />);
    await screen.findByText(/1 Oak Street/);
    const first = container.querySelector<HTMLElement>('[data-address-id="1"]')!;
    const second = container.querySelector<HTMLElement>('[data-address-id="2"]')!;
    expect(within(first).getByText('Default Shipping')).toBeTruthy();
    expect(within(first).getByText('Default Billing')).toBeTruthy();
    expect(within(second).queryByText('Default Shipping')).toBeNull();
    expect(within(second).getByRole('link', { name: /Edit/ }).getAttribute('href')).toBe('/my-account/address/edit/2');
    await act(async () => void fireEvent.click(within(second).getByRole('button', { name: 'Make default shipping' })));
    await screen.findByText('Default shipping address saved.');
    expect(within(container.querySelector<HTMLElement>('[data-address-id="2"]')!).getByText('Default Shipping')).toBeTruthy();
    expect(within(container.querySelector<HTMLElement>('[data-address-id="1"]')!).queryByText('Default Shipping')).toBeNull();
    expect(within(container.querySelector<HTMLElement>('[data-address-id="1"]')!).getByText('Default Billing')).toBeTruthy();
  });

  it('deletes only after the confirmation, with the server message', async () => {
    const server = serve({ addresses: [address(1), address(2)] });
    const { container } = render(<AccountAddressesBlock block={{ type: 'account-addresses' }} data={undefined} />);
    await screen.findByText(/1 Oak Street/);
    const card = container.querySelector<HTMLElement>('[data-address-id="1"]')!;
    fireEvent.click(within(card).getByRole('button', { name: /Delete/ }));
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('button', { name: 'Yes, delete' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: /Delete/ }));
    expect(document.activeElement?.textContent).toBe('Yes, delete');
    await act(async () => void fireEvent.click(within(card).getByRole('button', { name: 'Yes, delete' })));
    await screen.findByText('Address deleted.');
    expect(screen.queryByText(/1 Oak Street/)).toBeNull();
    expect(server.addresses().map((a) => a.id)).toEqual([2]);
  });

  it.each([
    [{ status: 409, body: { error: 'in_use', message: 'That address cannot be deleted now.' } }, 'That address cannot be deleted now.'],
    [{ status: 500, body: {} }, DELETE_UNKNOWN_ERROR],
    ['network' as const, DELETE_NETWORK_ERROR],
  ])('a failed deletion says %j -> %s (000 §8)', async (deleteAnswer, message) => {
    serve({ addresses: [address(1)], deleteAnswer });
    render(<AccountAddressesBlock block={{ type: 'account-addresses' }} data={undefined} />);
    await screen.findByText(/1 Oak Street/);
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' })));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByText(/1 Oak Street/)).toBeTruthy();
  });
});

describe('the address form', () => {
  it('checks the checkout field rules in the browser before sending', async () => {
    const server = serve();
    render(<AccountAddressFormBlock block={{ type: 'account-address-form' }} data={{ id: '' }} navigate={vi.fn()} />);
    await screen.findByLabelText(/First name/);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Add address' })));
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    expect(screen.getByText('ZIP/Postal code is required')).toBeTruthy();
    expect(document.activeElement?.getAttribute('name')).toBe('firstName');
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'J4ne' } });
    fireEvent.blur(screen.getByLabelText(/First name/));
    expect(screen.getByText('Only alphabets are allowed')).toBeTruthy();
    expect(screen.getByLabelText(/First name/).getAttribute('aria-invalid')).toBe('true');
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('adds an address (no default flags unless ticked) and goes back to the list', async () => {
    const server = serve();
    const navigate = vi.fn();
    render(<AccountAddressFormBlock block={{ type: 'account-address-form' }} data={{ id: '' }} navigate={navigate} />);
    await screen.findByLabelText(/First name/);
    const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill(/First name/, 'Jane');
    fill(/Last name/, 'Walker');
    fill(/Address line 1/, '12 Oak Street');
    fill(/^City/, 'Dallas');
    fill(/^State/, 'TX');
    fill(/ZIP code/, '75201');
    fill(/^Phone/, '(214) 555-0100');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Add address' })));
    const post = server.calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ type: 'shipping', firstName: 'Jane', street1: '12 Oak Street', state: 'TX', zipCode: '75201', countryId: 'US' });
    expect(post?.body).not.toHaveProperty('defaultShipping');
    expect(navigate).toHaveBeenCalledWith('/my-account/addresses');
  });

  it("edits an address, and says 'Address not found.' for an unknown one", async () => {
    const server = serve({ addresses: [address(4, { isDefaultShipping: true })] });
    const navigate = vi.fn();
    render(<AccountAddressFormBlock block={{ type: 'account-address-form' }} data={{ id: '4' }} navigate={navigate} />);
    expect(((await screen.findByLabelText(/Address line 1/)) as HTMLInputElement).value).toBe('4 Oak Street');
    expect((screen.getByLabelText('Use as my default shipping address') as HTMLInputElement).checked).toBe(true);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save address' })));
    expect(server.calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: '/api/my-account/address/4', body: { defaultShipping: true, defaultBilling: false } });
    expect(navigate).toHaveBeenCalledWith('/my-account/addresses');
    cleanup();
    render(<AccountAddressFormBlock block={{ type: 'account-address-form' }} data={{ id: '99' }} />);
    await screen.findByText(ADDRESS_NOT_FOUND);
  });
});

describe('the order and quote lists', () => {
  it('say so when empty', async () => {
    serve();
    render(<AccountListBlock block={{ type: 'account-list', list: 'orders' }} data={undefined} />);
    await screen.findByText(NO_ORDERS);
    cleanup();
    render(<AccountListBlock block={{ type: 'account-list', list: 'quotes' }} data={undefined} />);
    await screen.findByText(NO_QUOTES);
  });

  it('list newest first with status badges, a page at a time', async () => {
    const server = serve({ orders: 3 });
    render(<AccountListBlock block={{ type: 'account-list', list: 'orders', pageSize: 2 }} data={undefined} />);
    const links = await screen.findAllByRole('link', { name: /^Order #/ });
    expect(links.map((l) => l.textContent)).toEqual(['Order #100000003', 'Order #100000002']);
    expect(links[0]!.getAttribute('href')).toBe('/my-account/orders/100000003');
    expect(screen.getAllByText('Ordered')).toHaveLength(2);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    await screen.findByText('Order #100000001');
    expect(server.calls.at(-1)?.path).toBe('/api/my-account/orders?page=2&pageSize=2');
    expect(window.location.search).toBe('?page=2');
    window.history.replaceState(null, '', '/');
  });
});

describe('the order and quote detail views (002 §2)', () => {
  it('show an order: number, date, status label, items with options, totals, addresses, methods, Split Payment', async () => {
    serve({ order: sampleOrder });
    const { container } = render(<AccountDetailBlock block={{ type: 'account-detail', kind: 'order' }} data={{ id: '100000012' }} />);
    await screen.findByRole('heading', { level: 1, name: 'Order #100000012' });
    expect(screen.getByText('On Hold')).toBeTruthy();
    expect(screen.getByText(/Placed on Nov 2, 2026/)).toBeTruthy();
    // The item table is the payment pages' own (widgets/payment-summary/ItemTable), with the account's labels.
    const table = screen.getByRole('table', { name: 'Items' });
    expect(table.classList.contains('sr-item-table')).toBe(true);
    const item = table.querySelector('tbody th')!;
    expect(item.textContent).toBe('Shaker door sampleSMP-SHKFinish: Walnut');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Item', 'Quantity', 'Unit price', 'Total', 'Notes']);
    const totals = [...container.querySelectorAll('tfoot tr')].map((row) => row.textContent);
    expect(totals).toEqual(['Subtotal$9.50', 'Shipping & Handling$12.00', 'Tax$1.78', 'Grand Total$23.28']);
    expect(container.querySelector('tfoot .sr-item-table__total')!.textContent).toBe('Grand Total$23.28');
    expect(screen.getByRole('region', { name: 'Shipping Address' }).textContent).toContain('2 Ship Lane');
    expect(screen.getByRole('region', { name: 'Billing Address' }).textContent).toContain('1 Bill Road');
    expect(screen.queryByRole('link', { name: /Edit/ })).toBeNull();
    expect(screen.getByRole('region', { name: 'Shipping Method' }).textContent).toContain('Flat rate');
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Split Payment' }).getAttribute('href')).toBe('/order/split-payment?orderId=100000012&email=jane%40example.com');
  });

  it('show the money given back: each refund, its reason, what came back, and one still on its way', async () => {
    const refunds = [
      { amount: 5, status: 'succeeded' as const, reason: 'Samples or goods returned', returned: [{ sku: 'HS-W3030', name: 'Hartford Shaker wall cabinet', qty: 1 }], createdAt: '2026-11-20T10:00:00.000Z' },
      { amount: 2.5, status: 'pending' as const, reason: 'Order cancelled', createdAt: '2026-11-21T10:00:00.000Z' },
    ];
    serve({ order: { ...sampleOrder, refunds, refundedAmount: 7.5 } });
    render(<AccountDetailBlock block={{ type: 'account-detail', kind: 'order' }} data={{ id: '12' }} />);
    const payment = await screen.findByRole('region', { name: 'Payment Method' });
    expect(within(payment).getByRole('heading', { level: 3, name: 'Refunds' })).toBeTruthy();
    expect([...payment.querySelectorAll('.account-refunds li')].map((li) => li.textContent)).toEqual([
      '$5.00 refunded on Nov 20, 2026: Samples or goods returned for 1 × HS-W3030',
      '$2.50 refunded on Nov 21, 2026: Order cancelled (on its way to your bank)',
    ]);
  });

  it('leave out Split Payment when nothing remains', async () => {
    serve({ order: { ...sampleOrder, remainingBalance: 0, status: 'complete' } });
    render(<AccountDetailBlock block={{ type: 'account-detail', kind: 'order' }} data={{ id: '12' }} />);
    await screen.findByText('Completed');
    expect(screen.queryByRole('link', { name: 'Split Payment' })).toBeNull();
  });

  it('show a discount, a tax of 0, item notes and the additional notes', async () => {
    const items = [{ ...sampleOrder.items[0]!, notes: 'Alpine White please' }];
    serve({ order: { ...sampleOrder, items, discountAmount: 5, taxAmount: 0, total: 16.5, additionalNotes: 'Leave at the back door' } });
    const { container } = render(<AccountDetailBlock block={{ type: 'account-detail', kind: 'order' }} data={{ id: '12' }} />);
    await screen.findByRole('table', { name: 'Items' });
    expect([...container.querySelectorAll('tfoot tr')].map((row) => row.textContent)).toEqual([
      'Additional notesLeave at the back door',
      'Subtotal$9.50',
      'Discount-$5.00',
      'Shipping & Handling$12.00',
      'Tax$0.00',
      'Grand Total$16.50',
    ]);
    expect(screen.getByText('Alpine White please')).toBeTruthy();
  });

  it('show a quote with Customer Details, and its payment card only if it has payments', async () => {
    const quote = { ...sampleOrder, orderIncrementId: undefined, quoteIncrementId: 'Q-2001', status: 'ready_to_order', payments: [], payment: undefined, firstName: 'Jane', lastName: 'Walker', phone: '2145550100' };
    serve({ quote });
    render(<AccountDetailBlock block={{ type: 'account-detail', kind: 'quote' }} data={{ id: 'Q-2001' }} />);
    await screen.findByRole('heading', { level: 1, name: 'Quote #Q-2001' });
    expect(screen.getByText('Ready to Order')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Customer Details' }).textContent).toContain('2145550100');
    expect(screen.queryByRole('region', { name: 'Payment Method' })).toBeNull();
  });

  it.each([
    ['order', null, 'Order not found.'],
    ['quote', null, 'Quote not found.'],
  ] as const)('a missing %s says so', async (kind, record, message) => {
    serve({ [kind]: record });
    render(<AccountDetailBlock block={{ type: 'account-detail', kind }} data={{ id: '9' }} />);
    await screen.findByText(message);
  });

  it("a failing quote shows the error box with Try Again; no id: 'Quote ID is required'", async () => {
    const server = serve({});
    render(<AccountDetailBlock block={{ type: 'account-detail', kind: 'quote' }} data={{ id: '9' }} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch quote');
    const before = server.calls.length;
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Try Again' })));
    expect(server.calls.length).toBe(before + 1);
    cleanup();
    render(<AccountDetailBlock block={{ type: 'account-detail', kind: 'quote' }} data={{ id: '' }} />);
    expect(screen.getByText('Quote ID is required')).toBeTruthy();
  });
});
