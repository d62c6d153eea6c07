// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackOfficeOrdersClient, OrderDetail } from '../api/back-office-orders';
import { StudioApiError } from '../api/studio-client';
import { operators, renderInStudio, visit } from '../app/testing/studio-fixture';
import { DETAIL, fakeOrdersClient, page, row } from './order-fixture';
import { OrdersPage } from './OrdersPage';

afterEach(cleanup);
beforeEach(() => visit('/studio/orders'));

describe('the orders list', () => {
  it('shows each order with its number, customer, dealer, status, payment and total, each a link to its detail', async () => {
    const list = vi.fn(() => Promise.resolve(page([row(2, { dealer: { id: 'riverside-home', name: 'Riverside Home' }, paid: 200, paymentState: 'partially_paid' }), row(1)])));
    renderInStudio(<OrdersPage id={null} client={fakeOrdersClient({ list })} />, { operator: operators.viewer });
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1]!);
    expect(first.getByRole('link', { name: 'Order #100000002' }).getAttribute('href')).toBe('/studio/orders/2');
    expect(rows[1]!.textContent).toContain('Customer 2');
    expect(rows[1]!.textContent).toContain('customer2@example.com');
    expect(rows[1]!.textContent).toContain('Riverside Home');
    expect(rows[1]!.textContent).toContain('Ordered');
    expect(rows[1]!.textContent).toContain('Partly paid');
    expect(rows[1]!.textContent).toContain('$1,234.50');
    expect(rows[1]!.textContent).toContain('$200.00 paid');
    expect(list).toHaveBeenCalledWith({}, expect.anything());
    expect(screen.getByText('That is every order.')).toBeTruthy();
  });

  it('leads a publisher to the orders with a refund waiting for them; an editor is not offered it', async () => {
    const list = vi.fn(() => Promise.resolve(page([row(1)])));
    renderInStudio(<OrdersPage id={null} client={fakeOrdersClient({ list })} />, { operator: operators.publisher });
    await screen.findAllByRole('row');
    fireEvent.click(screen.getByRole('link', { name: 'Orders with a refund waiting for a publisher' }));
    await waitFor(() => expect(window.location.search).toBe('?payment=refund_requested'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ payment: 'refund_requested' }, expect.anything()));
    expect(screen.getByLabelText('Payment')).toHaveProperty('value', 'refund_requested');
    cleanup();
    visit('/studio/orders');
    renderInStudio(<OrdersPage id={null} client={fakeOrdersClient({ list })} />, { operator: operators.editor });
    await screen.findAllByRole('row');
    expect(screen.queryByRole('link', { name: 'Orders with a refund waiting for a publisher' })).toBeNull();
  });

  it('puts the search and filters in the address, and reads them back from it', async () => {
    const list = vi.fn(() => Promise.resolve(page([row(1)])));
    renderInStudio(<OrdersPage id={null} client={fakeOrdersClient({ list })} />, { operator: operators.viewer });
    await screen.findAllByRole('row');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'jane@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(window.location.search).toBe('?search=jane%40example.com'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ search: 'jane@example.com' }, expect.anything()));
    // A choice applies at once, with the search kept.
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'shipped' } });
    await waitFor(() => expect(window.location.search).toBe('?search=jane%40example.com&status=shipped'));
    fireEvent.change(screen.getByLabelText('Payment'), { target: { value: 'refund_due' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ search: 'jane@example.com', status: 'shipped', payment: 'refund_due', from: '2026-03-01' }, expect.anything()));
    // An end before the start is said at the field, and not asked of the server.
    const calls = list.mock.calls.length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-01' } });
    expect(screen.getByText('The end date is before the start date.')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(list).toHaveBeenCalledTimes(calls);

    // A reload (or a shared link) at this address shows the same filters and list.
    cleanup();
    visit('/studio/orders?dealer=riverside-home&to=2026-03-31&status=canceled');
    const again = vi.fn(() => Promise.resolve(page([row(1)])));
    renderInStudio(<OrdersPage id={null} client={fakeOrdersClient({ list: again })} />, { operator: operators.viewer });
    await screen.findAllByRole('row');
    expect(again).toHaveBeenCalledWith({ status: 'canceled', dealer: 'riverside-home', to: '2026-03-31' }, expect.anything());
    expect((screen.getByLabelText('Dealer') as HTMLInputElement).value).toBe('riverside-home');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('canceled');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-03-31');
  });

  it('pages with the cursor the server gave, and back to newer ones', async () => {
    const list = vi.fn((query: { after?: string }) => Promise.resolve(query.after === 'c2' ? page([row(1)]) : page([row(3), row(2)], 'c2')));
    renderInStudio(<OrdersPage id={null} client={fakeOrdersClient({ list })} />, { operator: operators.viewer });
    await screen.findByRole('link', { name: 'Order #100000003' });
    expect(screen.queryByRole('button', { name: /Newer/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Next page/ }));
    await screen.findByRole('link', { name: 'Order #100000001' });
    expect(list).toHaveBeenLastCalledWith({ after: 'c2' }, expect.anything());
    expect(screen.queryByRole('link', { name: 'Order #100000003' })).toBeNull();
    const heading = screen.getByRole('heading', { name: /All orders · page 2/ });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByRole('button', { name: /Next page/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Newer/ }));
    await screen.findByRole('link', { name: 'Order #100000003' });
    expect(list).toHaveBeenLastCalledWith({}, expect.anything());
  });

  it('says when no order matches, with a way to clear the filters', async () => {
    visit('/studio/orders?status=closed&payment=unpaid');
    const list = vi.fn((query: { status?: string }) => Promise.resolve(query.status ? page([]) : page([row(1)])));
    renderInStudio(<OrdersPage id={null} client={fakeOrdersClient({ list })} />, { operator: operators.viewer });
    expect(await screen.findByText('No orders match these filters.')).toBeTruthy();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    fireEvent.click(clear[clear.length - 1]!);
    await waitFor(() => expect(window.location.search).toBe(''));
    await screen.findByRole('link', { name: 'Order #100000001' });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('');
  });

  it('shows a failure with a retry', async () => {
    const list = vi.fn().mockRejectedValueOnce(new StudioApiError(503, 'unavailable', 'The database did not answer.')).mockResolvedValue(page([row(1)]));
    renderInStudio(<OrdersPage id={null} client={fakeOrdersClient({ list })} />, { operator: operators.viewer });
    expect(await screen.findByText(/Could not load the orders: The database did not answer\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Order #100000001' })).toBeTruthy();
  });
});

describe('an order', () => {
  const renderDetail = (role: keyof typeof operators, calls: Partial<BackOfficeOrdersClient> = {}) => {
    visit('/studio/orders/7');
    const detail = vi.fn(() => Promise.resolve(DETAIL));
    return renderInStudio(<OrdersPage id={7} client={fakeOrdersClient({ detail, ...calls })} />, { operator: operators[role] });
  };

  it('shows tax rows that add up to the total (tax on shipping a part of the tax), and a quote\'s kitchen line as every page words it', async () => {
    const kitchen: OrderDetail = {
      ...DETAIL,
      items: [
        {
          ...DETAIL.items[0]!,
          sku: 'HS-W3030',
          name: 'Hartford Shaker wall cabinet, 30" W × 30" H × 12" D, Forest Green',
          customOptions: [],
          qty: 2,
          price: 402.1,
          originalPrice: 402.1,
          rowTotal: 804.2,
          notes: 'Glass doors on two',
          detail: { kind: 'cabinet', description: 'Hartford Shaker wall cabinet, 30" W × 30" H × 12" D', finish: { type: 'painted', value: 'forest-green', label: 'Forest Green' }, options: [{ code: 'GD', label: 'Glass door', amount: 104.25, per: 'each' }], group: 'Kitchen — sink wall' },
        },
      ],
      totals: { ...DETAIL.totals, subtotal: 804.2, shipping: 12.5, shippingTax: 0.78, tax: 51.04, taxPercent: 6.25, total: 867.74 },
    };
    renderDetail('viewer', { detail: vi.fn(() => Promise.resolve(kitchen)) });
    const totals = await screen.findByRole('region', { name: 'Totals' });
    const rows = [...totals.querySelectorAll('dl > div')].map((d) => [d.children[0]!.textContent, d.children[1]!.textContent]).slice(0, 5);
    expect(rows).toEqual([
      ['Subtotal', '$804.20'],
      ['Shipping (Freight)', '$12.50'],
      ['Tax on items (6.25%)', '$50.26'],
      ['Tax on shipping', '$0.78'],
      ['Total', '$867.74'],
    ]);
    const items = screen.getByRole('region', { name: 'Items (1)' });
    expect(within(items).getByRole('rowheader', { name: 'Kitchen — sink wall' })).toBeTruthy();
    for (const words of ['Finish: Forest Green', 'Glass door +$104.25 each', 'Note: Glass doors on two', '$402.10', '$804.20']) expect(items.textContent).toContain(words);
    expect(items.textContent).not.toContain('forest-green');
  });

  it('shows totals and payments as the server sent them, with the gateway references', async () => {
    renderDetail('viewer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #100000007' })).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Total').nextElementSibling!.textContent).toBe('$1,481.98');
    expect(within(totals).getByText('Subtotal').nextElementSibling!.textContent).toBe('$399.98');
    expect(within(totals).getByText('Shipping (Freight)').nextElementSibling!.textContent).toBe('$49.00');
    expect(within(totals).getByText('Paid').nextElementSibling!.textContent).toBe('$1,500.00');
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(payments.textContent).toContain('txn_abc123');
    expect(payments.textContent).toContain('pi_3Nxyz');
    expect(payments.textContent).toContain('Completed');
    const items = screen.getByRole('region', { name: 'Items (1)' });
    expect(items.textContent).toContain('Base cabinet 12"');
    expect(items.textContent).toContain('Hinge: Left');
    expect(items.textContent).toContain('$399.98');
    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(customer.textContent).toContain('9 Oak Ave');
    expect(customer.textContent).toContain('Unit 4');
    // The history, newest first, with its comments.
    const entries = within(screen.getByRole('region', { name: 'Status' })).getAllByRole('listitem');
    expect(entries[0]!.textContent).toContain('Cabinets ordered from the factory');
    expect(entries[1]!.textContent).toContain('The customer was told.');
  });

  it('lets a viewer read, with no control that changes the order', async () => {
    renderDetail('viewer');
    await screen.findByRole('heading', { level: 1, name: 'Order #100000007' });
    expect(screen.queryByLabelText('New status')).toBeNull();
    expect(screen.queryByRole('button', { name: /Change the status|Resend|Mark refunded/ })).toBeNull();
    expect(screen.getByText("An editor changes an order's status; your role reads it.")).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Overpayments' })).getByText('Refund due')).toBeTruthy();
  });

  it('lets an editor change the status to an allowed one with a comment, and shows the new history', async () => {
    const changeStatus = vi.fn(() =>
      Promise.resolve<OrderDetail>({
        ...DETAIL,
        status: 'shipped',
        allowedStatuses: ['complete'],
        statusHistory: [{ id: 3, status: 'shipped', comment: 'Tracking 1Z999', customerNotified: true, createdAt: '2026-03-04T10:00:00.000Z' }, ...DETAIL.statusHistory],
      }),
    );
    renderDetail('editor', { changeStatus });
    const select = await screen.findByLabelText('New status');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'Shipped', 'Completed', 'On Hold', 'Canceled']);
    fireEvent.change(select, { target: { value: 'shipped' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change the status' }));
    // The comment is required.
    expect(await screen.findByText('Write why, for the history.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Comment'));
    expect(changeStatus).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Tracking 1Z999' } });
    fireEvent.click(screen.getByLabelText('E-mail the customer'));
    fireEvent.click(screen.getByRole('button', { name: 'Change the status' }));
    await waitFor(() => expect(changeStatus).toHaveBeenCalledWith(7, { status: 'shipped', comment: 'Tracking 1Z999', notifyCustomer: true }));
    expect(await screen.findByText('Order #100000007 is now Shipped.')).toBeTruthy();
    const entries = within(screen.getByRole('region', { name: 'Status' })).getAllByRole('listitem');
    expect(entries[0]!.textContent).toContain('Tracking 1Z999');
    expect(entries).toHaveLength(3);
    // The form offers the next moves only.
    expect(within(screen.getByLabelText('New status')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'Completed']);
    expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('');
  });

  it("shows the server's refusal of a move", async () => {
    const changeStatus = vi.fn(() => Promise.reject(new StudioApiError(409, 'invalid_status_transition', 'The order cannot change from complete to shipped.')));
    renderDetail('editor', { changeStatus });
    fireEvent.change(await screen.findByLabelText('New status'), { target: { value: 'shipped' } });
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Out the door' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change the status' }));
    expect(await screen.findByText('The order cannot change from complete to shipped.')).toBeTruthy();
    expect(screen.getByText('The order cannot change from complete to shipped.').closest('[role="alert"]')).toBeTruthy();
    // Nothing changed on the screen.
    expect(within(screen.getByRole('region', { name: 'Status' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('offers no move from a final status', async () => {
    visit('/studio/orders/7');
    const detail = vi.fn(() => Promise.resolve<OrderDetail>({ ...DETAIL, status: 'closed', allowedStatuses: [] }));
    renderInStudio(<OrdersPage id={7} client={fakeOrdersClient({ detail })} />, { operator: operators.admin });
    expect(await screen.findByText('Closed is final: no status change is possible from it.')).toBeTruthy();
    expect(screen.queryByLabelText('New status')).toBeNull();
  });

  it('marks an overpayment refunded outside Showroom after confirming, and resends the confirmation', async () => {
    const markRefunded = vi.fn(() => Promise.resolve<OrderDetail>({ ...DETAIL, paymentState: 'paid', overpayments: [{ ...DETAIL.overpayments[0]!, refundedAt: '2026-03-05T10:00:00.000Z' }] }));
    const resendConfirmation = vi.fn(() => Promise.resolve({ success: true as const, message: 'The confirmation is on its way to jane@example.com.' }));
    renderDetail('editor', { markRefunded, resendConfirmation });
    // An editor refunds nothing through the gateway: only the mark of a refund made elsewhere.
    fireEvent.click(await screen.findByRole('button', { name: 'Mark refunded outside Showroom ($18.02)' }));
    expect(screen.queryByRole('button', { name: /Refund \$18\.02 now/ })).toBeNull();
    expect(markRefunded).not.toHaveBeenCalled();
    const yes = screen.getByRole('button', { name: 'Yes, mark refunded' });
    expect(document.activeElement).toBe(yes);
    fireEvent.click(yes);
    await waitFor(() => expect(markRefunded).toHaveBeenCalledWith(7, 5));
    expect(await screen.findByText('The overpayment of $18.02 is marked refunded outside Showroom.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Overpayments' })).getByText('Refunded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mark refunded/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Resend the confirmation' }));
    expect(await screen.findByText('The confirmation is on its way to jane@example.com.')).toBeTruthy();
    expect(resendConfirmation).toHaveBeenCalledWith(7);
  });

  it('says when there is no such order', async () => {
    visit('/studio/orders/99');
    const detail = vi.fn(() => Promise.reject(new StudioApiError(404, 'not_found', 'Order not found.')));
    renderInStudio(<OrdersPage id={99} client={fakeOrdersClient({ detail })} />, { operator: operators.editor });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /All orders/ })).toBeTruthy();
  });
});
