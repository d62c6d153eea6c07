// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api-client';
import { ORDER_SUCCESS_KEY } from '../payment/order-success-store';
import { fakeGateway, fakeGatewayEntries } from '../testing/fake-gateway-entry';
import { fakeShopFetch } from '../testing/fake-shop-fetch';
import { QUOTE_LINK_KEY_PREFIX } from './quote-link-access';
import { QuotePayment } from './QuotePayment';

vi.mock('../payment/gateway-entries', () => ({ gatewayEntries: fakeGatewayEntries }));

const quote = {
  id: 7,
  quoteIncrementId: 'Q100007',
  poNumber: 'PO-2026-0142',
  status: 'ready_to_order',
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria.lopez@example.com',
  phone: '(512) 555-0142',
  addresses: [
    { type: 'billing', email: 'maria.lopez@example.com', firstName: 'Maria', lastName: 'Lopez', street1: '4100 Lake Austin Blvd', city: 'Austin', state: 'TX', zipCode: '78703', countryId: 'US', phoneNumber: '(512) 555-0142' },
    { type: 'shipping', email: 'maria.lopez@example.com', firstName: 'Ana', lastName: 'Lopez', street1: '12 Oak St', city: 'Dallas', state: 'TX', zipCode: '75201', countryId: 'US' },
  ],
  items: [
    { id: 1, name: 'Hartford Shaker base cabinet B24', sku: 'HS-B24-AW', qty: 6, price: 329, rowTotal: 1974, notes: '' },
    { id: 2, name: 'Wall cabinet W3030', sku: 'HS-W3030-AW', qty: 8, price: 289.5, rowTotal: 2316, notes: 'Glass doors on two' },
  ],
  subtotal: 4290,
  shippingAmount: 0,
  shippingMethod: 'standard-freight',
  shippingLabel: 'Standard freight (free over $3500)',
  taxAmount: 300.3,
  discountAmount: 500,
  total: 4090.3,
  additionalNotes: 'Deliver on a weekday morning; call ahead.',
  splitPaymentEnabled: false,
  minimumSplitAmount: 0,
  orderId: null,
};

const methods = [
  { name: 'card', title: 'Credit card', enabled: true, gateway: 'test', isDefault: true },
  { name: 'paypal', title: 'PayPal', enabled: true, gateway: 'paypal', isDefault: false },
];

const order = { id: 31, orderIncrementId: '000000031', total: 4090.3, paidAmount: 4090.3, remainingBalance: 0 };

function shop(quoteAnswer: { status: number; body: unknown } = { status: 200, body: { success: true, data: quote } }, convert: { status: number; body: unknown } = { status: 200, body: { success: true, order } }) {
  return fakeShopFetch({
    'GET /api/quote': quoteAnswer,
    'GET /api/payment-methods': { status: 200, body: { success: true, paymentMethods: methods } },
    'POST /api/quote/convertToOrder': convert,
  });
}

function mount(fetchImpl: typeof fetch, props: Partial<Parameters<typeof QuotePayment>[0]> = {}) {
  const element = document.createElement('div');
  document.body.append(element);
  const navigate = vi.fn();
  const api = createApiClient('http://shop.test', { fetchImpl });
  const view = render(<QuotePayment element={element} api={api} apiBase="http://shop.test" quoteId="7" token="link-token" navigate={navigate} {...props} />, { container: element });
  return { element, navigate, view };
}

beforeEach(() => {
  fakeGateway.reset();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/quote/payment');
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('QuotePayment', () => {
  it('loads the quote with the link token as Bearer and shows its title, cards, table and footer rows', async () => {
    const { fetchImpl, calls } = shop();
    mount(fetchImpl);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Quote #Q100007 (PO PO-2026-0142)' })).toBeTruthy();
    const get = calls.find((c) => c.path === '/api/quote')!;
    expect(get.headers.Authorization).toBe('Bearer link-token');
    expect(get.query.get('quoteId')).toBe('7');
    expect(get.query.has('token')).toBe(false);

    expect(within(screen.getByRole('region', { name: 'Customer' })).getByText('maria.lopez@example.com')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Billing address' })).getByText('4100 Lake Austin Blvd')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Shipping address' })).getByText('12 Oak St')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Shipping method' })).getByText('Standard freight (free over $3500)')).toBeTruthy();

    const table = screen.getByRole('table');
    expect(within(table).getByText('HS-W3030-AW')).toBeTruthy();
    expect(within(table).getByText('Glass doors on two')).toBeTruthy();
    expect(within(table).getByText('$2,316.00')).toBeTruthy();
    const footer = [...table.querySelectorAll('tfoot tr')].map((r) => r.textContent);
    expect(footer).toEqual([
      'Additional notesDeliver on a weekday morning; call ahead.',
      'Subtotal$4,290.00',
      'Discount-$500.00',
      'Shipping$0.00',
      'Tax$300.30',
      'Total$4,090.30',
    ]);
  });

  it('shows a kitchen line in the words of every page: finish as the catalog names it, options, measure, room; tax rows that add up', async () => {
    const countertop = {
      id: 3,
      sku: 'CT-QUARTZ-CAL',
      name: 'Quartz countertop, Calacatta Laza, 3 cm, 42 sq ft',
      qty: 1,
      price: 3335,
      rowTotal: 3335,
      notes: '',
      detail: { kind: 'countertop', description: 'Quartz countertop, Calacatta Laza, 3 cm', options: [{ code: 'SINK', label: 'Sink cut-out', amount: 185, per: 'line' }], measure: { amount: 42, unit: 'sq ft' }, rate: 75, group: 'Kitchen — sink wall' },
    };
    const cabinet = {
      id: 4,
      sku: 'HS-W3030',
      name: 'Hartford Shaker wall cabinet, 30" W × 30" H × 12" D, Forest Green',
      qty: 2,
      price: 402.1,
      rowTotal: 804.2,
      notes: 'Glass doors on two',
      detail: { kind: 'cabinet', description: 'Hartford Shaker wall cabinet, 30" W × 30" H × 12" D', finish: { type: 'painted', value: 'forest-green', label: 'Forest Green' }, options: [{ code: 'GD', label: 'Glass door', amount: 104.25, per: 'each' }], group: 'Kitchen — sink wall' },
    };
    const kitchen = { ...quote, items: [cabinet, countertop], subtotal: 4139.2, discountAmount: 0, shippingAmount: 20, taxAmount: 260.0, shippingTaxAmount: 1.25, taxPercent: 6.25, total: 4419.2 };
    const { fetchImpl } = shop({ status: 200, body: { success: true, data: kitchen } });
    mount(fetchImpl);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Kitchen — sink wall' })).toBeTruthy();
    const rows = [...table.querySelectorAll('tbody tr:not(.sr-item-table__group)')].map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Hartford Shaker wall cabinet, 30" W × 30" H × 12" D' + 'HS-W3030' + 'Finish: Forest Green' + 'Glass door +$104.25 each', '2', '$402.10', '$804.20', 'Glass doors on two'],
      ['Quartz countertop, Calacatta Laza, 3 cm' + 'CT-QUARTZ-CAL' + 'Sink cut-out +$185.00', '42 sq ft', '$75.00 per sq ft', '$3,335.00', ''],
    ]);
    const footer = [...table.querySelectorAll('tfoot tr')].map((r) => r.textContent).slice(1);
    expect(footer).toEqual(['Subtotal$4,139.20', 'Shipping$20.00', 'Tax on items (6.25%)$258.75', 'Tax on shipping$1.25', 'Total$4,419.20']);
  });

  it('leaves out tax and discount when they are 0', async () => {
    const { fetchImpl } = shop({ status: 200, body: { success: true, data: { ...quote, taxAmount: 0, discountAmount: 0 } } });
    mount(fetchImpl);
    const table = await screen.findByRole('table');
    expect(within(table).queryByText('Tax')).toBeNull();
    expect(within(table).queryByText('Discount')).toBeNull();
  });

  it('shows the expired dead end with Go to Home Page and Contact Us', async () => {
    const { fetchImpl } = shop({ status: 400, body: { error: 'tokenExpired', errorType: 'tokenExpired', message: 'expired' } });
    mount(fetchImpl);
    expect(await screen.findByText('The quote link has expired. Please contact admin to receive a new payment link.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home Page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact');
  });

  it('shows the not-found dead end for quoteNotExist and for a link without a quote', async () => {
    const { fetchImpl } = shop({ status: 400, body: { error: 'quoteNotExist', errorType: 'quoteNotExist', message: 'Quote not found.' } });
    mount(fetchImpl);
    expect(await screen.findByText('Quote not found. The link may be incorrect.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home Page' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Contact Us' })).toBeNull();
    cleanup();

    const second = shop();
    mount(second.fetchImpl, { quoteId: undefined, token: undefined });
    expect(await screen.findByText('Quote not found. The link may be incorrect.')).toBeTruthy();
    expect(second.calls.some((c) => c.path === '/api/quote')).toBe(false);
  });

  it('reads the quote id from the address bar and the token the quote-link island moved to sessionStorage', async () => {
    window.history.replaceState(null, '', '/quote/payment?quoteId=7');
    sessionStorage.setItem(`${QUOTE_LINK_KEY_PREFIX}7`, 'moved-token');
    const { fetchImpl, calls } = shop();
    mount(fetchImpl, { quoteId: undefined, token: undefined });
    await screen.findByRole('heading', { name: /Quote #Q100007/ });
    expect(calls[0]!.headers.Authorization).toBe('Bearer moved-token');
  });

  it('moves a token from the address bar into sessionStorage when no quote-link island did (a dealer page)', async () => {
    window.history.replaceState(null, '', '/pay?quoteId=7&token=query-token&ref=mail');
    const { fetchImpl, calls } = shop();
    mount(fetchImpl, { quoteId: undefined, token: undefined });
    await screen.findByRole('heading', { name: /Quote #Q100007/ });
    expect(window.location.pathname + window.location.search).toBe('/pay?quoteId=7&ref=mail');
    expect(sessionStorage.getItem(`${QUOTE_LINK_KEY_PREFIX}7`)).toBe('query-token');
    expect(calls[0]!.headers.Authorization).toBe('Bearer query-token');
  });

  it('pays with the quote target, converts with the token, stores the success and goes to the success page', async () => {
    const { fetchImpl, calls } = shop();
    const { element, navigate } = mount(fetchImpl, { successUrl: '/order/success' });
    const completed: unknown[] = [];
    element.addEventListener('showroom:payment-completed', (e) => completed.push((e as CustomEvent).detail));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/order/success'));

    expect(fakeGateway.targets[0]).toMatchObject({ kind: 'quote', quoteId: 7, token: 'link-token', amount: undefined, payer: { email: 'maria.lopez@example.com', firstName: 'Maria' } });
    const convert = calls.find((c) => c.path === '/api/quote/convertToOrder')!;
    expect(convert.method).toBe('POST');
    expect(convert.headers.Authorization).toBe('Bearer link-token');
    expect(convert.body).toMatchObject({ quoteId: 7, payment: { transactionId: 'test_txn_1', method: 'card' } });
    expect(JSON.parse(localStorage.getItem(ORDER_SUCCESS_KEY)!)).toEqual({ orderId: '000000031', partialPayment: false, remainingBalance: 0 });
    expect(completed).toEqual([{ orderNumber: '000000031', amount: 100, method: 'card', remainingBalance: 0 }]);
    expect(calls.find((c) => c.path === '/api/payment-methods')!.query.get('scope')).toBe('convert-to-order');
  });

  it('shows its own success view without a success URL', async () => {
    const { fetchImpl } = shop();
    const { navigate } = mount(fetchImpl);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('000000031')).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("shows a gateway's failure on the form and fires payment-failed, and keeps the quote payable", async () => {
    fakeGateway.outcome = { kind: 'failed', message: 'Your card was declined.' };
    const { fetchImpl, calls } = shop();
    const { element } = mount(fetchImpl);
    const failed: unknown[] = [];
    element.addEventListener('showroom:payment-failed', (e) => failed.push((e as CustomEvent).detail));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
    expect(failed).toEqual([{ method: 'card', message: 'Your card was declined.' }]);
    expect(calls.some((c) => c.path === '/api/quote/convertToOrder')).toBe(false);
    expect((screen.getByRole('button', { name: 'Pay Now' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says 'Error while handling Payment' for a refusal without the gateway's message", async () => {
    fakeGateway.outcome = { kind: 'failed', message: '' };
    const { fetchImpl } = shop();
    mount(fetchImpl);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Error while handling Payment')).toBeTruthy();
  });

  it("shows the conversion's error on the form", async () => {
    const { fetchImpl } = shop(undefined, { status: 402, body: { error: 'payment_failed', message: 'Error while handling Payment' } });
    const { navigate } = mount(fetchImpl, { successUrl: '/order/success' });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Error while handling Payment')).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem(ORDER_SUCCESS_KEY)).toBeNull();
  });

  it('hides Pay Now for PayPal, whose own buttons submit', async () => {
    const { fetchImpl } = shop();
    mount(fetchImpl);
    fireEvent.click(await screen.findByLabelText(/PayPal/));
    expect(await screen.findByRole('button', { name: 'PayPal' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  describe('split amount', () => {
    const splitQuote = { ...quote, splitPaymentEnabled: true, minimumSplitAmount: 1000 };

    it('offers the amount with min, max and step and checks it with the messages of 001 §5', async () => {
      const { fetchImpl, calls } = shop({ status: 200, body: { success: true, data: splitQuote } });
      mount(fetchImpl);
      const input = (await screen.findByLabelText('Amount to pay now')) as HTMLInputElement;
      expect([input.min, input.max, input.step, input.value]).toEqual(['1000', '4090.3', '0.01', '4090.30']);
      const pay = await screen.findByRole('button', { name: 'Pay Now' });
      const cases: [string, string][] = [
        ['', 'Split amount is required'],
        ['12.345', 'Must be a valid number'],
        ['999.99', 'Minimum amount is $1000.00'],
        ['4090.31', 'Amount cannot exceed total'],
      ];
      for (const [typed, message] of cases) {
        fireEvent.change(input, { target: { value: typed } });
        fireEvent.click(pay);
        expect(await screen.findByText(message)).toBeTruthy();
        expect(input.getAttribute('aria-invalid')).toBe('true');
        expect(document.activeElement).toBe(input);
      }
      expect(fakeGateway.targets).toEqual([null, null, null, null]);
      expect(calls.some((c) => c.path === '/api/quote/convertToOrder')).toBe(false);
    });

    it('asks to pay the chosen amount and stores the partial payment', async () => {
      const { fetchImpl } = shop(
        { status: 200, body: { success: true, data: splitQuote } },
        { status: 200, body: { success: true, order: { ...order, paidAmount: 1500, remainingBalance: 2590.3 } } },
      );
      const { navigate } = mount(fetchImpl, { successUrl: '/order/success' });
      fireEvent.change(await screen.findByLabelText('Amount to pay now'), { target: { value: '1500' } });
      fireEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
      await vi.waitFor(() => expect(navigate).toHaveBeenCalled());
      expect(fakeGateway.targets[0]).toMatchObject({ kind: 'quote', amount: 1500 });
      expect(JSON.parse(localStorage.getItem(ORDER_SUCCESS_KEY)!)).toEqual({ orderId: '000000031', partialPayment: true, remainingBalance: 2590.3 });
    });
  });

  it('says so, without a pay form, when the quote was already ordered', async () => {
    const { fetchImpl } = shop({ status: 200, body: { success: true, data: { ...quote, status: 'ordered', orderId: 31 } } });
    mount(fetchImpl);
    expect(await screen.findByText('This quote has already been paid.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Payment method' })).toBeNull();
    await act(async () => {});
  });
});
