// @vitest-environment jsdom
/**
 * The checkout as a customer meets it, in jsdom, against a fake store API and a fake gateway client
 * (the real clients are tested by their rooms, the full journeys in Chromium): the cart states, the
 * field rules and messages, same-as-billing, the non-US refusal, the shipping area's four states and
 * the server's totals, the order flow's calls and headers (one Idempotency-Key across a failed
 * payment and a reload, the access token on the PATCH), success and failure, the events, the
 * signed-in prefill and the slide-in summary.
 */
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, DEALER_HEADER } from '../api-client';
import { cartStorageKey, SAMPLE_CART_KEY, sampleCart } from '../cart-store/sample-cart';
import { ORDER_SUCCESS_KEY } from '../payment/order-success-store';
import { Checkout, PAYMENT_ERROR_MS } from './Checkout';
import { checkoutSessionKey } from './checkout-session';
import { fakeGateway } from './testing/fake-gateway-entry';
import { AWAITING, NO_METHODS, serveShop, totalsFor, type RecordedCall, type Route } from './testing/fake-shop-api';

// The payment form arrives through three async steps (methods, selection, the lazy entry); a busy
// two-core machine needs more than the default second.
configure({ asyncUtilTimeout: 5000 });

vi.mock('../payment/gateway-entries', async () => {
  const { FakeGatewayEntry } = await import('./testing/fake-gateway-entry');
  const load = async () => FakeGatewayEntry;
  return { gatewayEntries: { test: load, stripe: load, paypal: load, authorizenet: load } };
});

const SHOP = 'http://shop.test';

beforeEach(() => {
  // The main site's checkout runs on the store's own origin.
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, origin: SHOP } as Location);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  fakeGateway.outcomes = [];
  fakeGateway.targets = [];
});

function putInCart(key = SAMPLE_CART_KEY, skus = ['HS-W']) {
  sampleCart(key).add(skus.map((sku) => ({ sku, name: `Sample ${sku}`, finish: { type: 'painted', value: 'white' } })));
}

function mount(props: Partial<Parameters<typeof Checkout>[0]> = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  const navigate = vi.fn();
  const api = createApiClient(SHOP, { dealer: props.dealer });
  const view = render(<Checkout element={host} api={api} apiBase={SHOP} successUrl="/order/success" navigate={navigate} {...props} />);
  return { host, navigate, view };
}

const group = (name: string) => screen.getByRole('group', { name });
const field = (groupName: string, label: string) => within(group(groupName)).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

const ADA = { 'First name': 'Ada', 'Last name': 'Lovelace', Email: 'ada@example.com', Phone: '(512) 555-0100', 'Address line 1': '1 Main St.', City: 'Austin', State: 'TX', 'ZIP code': '78701' };

function fill(groupName: string, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = field(groupName, label);
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  }
}

const placeOrder = async () => fireEvent.click(await screen.findByRole('button', { name: 'Place Order' }));
const calls = (all: RecordedCall[], method: string, path: string) => all.filter((c) => c.method === method && c.path === path);

describe('the cart', () => {
  it('shows the empty-cart view word for word with Continue Shopping', async () => {
    serveShop();
    mount();
    expect(await screen.findByText('Looks like you have not added anything to your cart. Go ahead & add items to your cart.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/order-samples');
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
  });

  it("says 'Loading cart...' until the server priced the lines, then the lines and totals; Clear Cart empties it", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const all = serveShop({ 'POST /api/cart/totals': async (c) => (await held, { status: 200, body: totalsFor(c.body) }) });
    putInCart(SAMPLE_CART_KEY, ['HS-W', 'HS-G']);
    mount({ continueShoppingUrl: '/samples' });
    const summary = screen.getByRole('complementary', { name: /Order summary/ });
    expect(within(summary).getByText('Loading cart...')).toBeTruthy();
    release();
    expect(await within(summary).findByText('Sample HS-G')).toBeTruthy();
    expect(within(summary).getAllByText('$39.98')).toHaveLength(2); // the server's subtotal and total
    expect(within(summary).getByText('(2 items)')).toBeTruthy();
    expect(within(summary).queryByText('Tax')).toBeNull(); // no address yet: no tax row
    expect(calls(all, 'POST', '/api/cart/totals')[0]!.body).toEqual({ items: [{ sku: 'HS-W', qty: 1, finish: { type: 'painted', value: 'white' } }, { sku: 'HS-G', qty: 1, finish: { type: 'painted', value: 'white' } }], address: null });
    expect(within(summary).getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/samples');

    const heard: unknown[] = [];
    window.addEventListener('selected-samples-updated', (e) => heard.push((e as CustomEvent).detail), { once: true });
    fireEvent.click(within(summary).getByRole('button', { name: 'Clear Cart' }));
    expect(heard).toEqual([{ key: SAMPLE_CART_KEY, items: [] }]);
    expect(await screen.findByText(/Looks like you have not added anything/)).toBeTruthy();
  });

  it('opens the summary as a panel from the cart-count button; Escape closes it and focus returns; Tab stays inside', async () => {
    serveShop();
    putInCart();
    mount();
    const toggle = screen.getByRole('button', { name: /Cart \(1 item\)/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const dialog = screen.getByRole('dialog', { name: /Order summary/ });
    const close = within(dialog).getByRole('button', { name: 'Close cart summary' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Clear Cart' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it("says why the cart cannot be priced (a sample no longer sold) instead of 'Loading cart...'", async () => {
    serveShop({ 'POST /api/cart/totals': () => ({ status: 400, body: { error: 'invalid_items', message: 'Item "OLD-1" is not available.', fields: { 'items.0.sku': 'Item "OLD-1" is not available.' } } }) });
    putInCart(SAMPLE_CART_KEY, ['OLD-1']);
    mount();
    const summary = screen.getByRole('complementary', { name: /Order summary/ });
    expect((await within(summary).findByRole('alert')).textContent).toBe('Item "OLD-1" is not available.');
    expect(within(summary).queryByText('Loading cart...')).toBeNull();
  });
});

describe('the fields', () => {
  it('labels each field with its autocomplete token, and shows its error under it on blur', async () => {
    serveShop();
    putInCart();
    mount();
    const first = field('Billing address', 'First name');
    expect(first.getAttribute('autocomplete')).toBe('billing given-name');
    expect(field('Billing address', 'ZIP code').getAttribute('autocomplete')).toBe('billing postal-code');
    fireEvent.change(first, { target: { value: 'Ada 2' } });
    fireEvent.blur(first);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    const describedBy = document.getElementById(first.getAttribute('aria-describedby')!);
    expect(describedBy?.textContent).toBe('Only alphabets are allowed');
    fireEvent.change(first, { target: { value: 'Ada' } });
    expect(first.getAttribute('aria-invalid')).toBeNull();

    const cases: [string, string, string][] = [
      ['ZIP code', '', 'ZIP/Postal code is required'],
      ['ZIP code', '78a', 'Only numbers are allowed'],
      ['ZIP code', '12', 'ZIP/Postal code seems too short'],
      ['Phone', '', 'Phone number is required'],
      ['Phone', '512#555', 'Phone number is invalid'],
      ['Phone', '512555', 'Phone number must be at least 10 digits'],
      ['Phone', '512555010099', "Phone number can't exceed 10 digits"],
      ['Last name', 'L', 'Name must be at least 2 characters'],
      ['Address line 1', '1 Main St #4', 'Special characters are not allowed'],
      ['Email', 'ada@', 'Invalid email address'],
      ['City', '', 'This field is required'],
    ];
    for (const [label, value, message] of cases) {
      const input = field('Billing address', label);
      fireEvent.change(input, { target: { value } });
      fireEvent.blur(input);
      expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent, `${label} '${value}'`).toBe(message);
    }
    // The state selector offers the USPS codes.
    const state = field('Billing address', 'State') as unknown as HTMLSelectElement;
    expect([...state.options].some((o) => o.value === 'TX' && o.text === 'Texas')).toBe(true);
  });

  it("on submit: 'Please complete all required fields...' and focus on the first invalid field; nothing is ordered", async () => {
    const all = serveShop();
    putInCart();
    mount();
    await placeOrder();
    expect(await screen.findByText('Please complete all required fields before proceeding with payment.')).toBeTruthy();
    expect(document.activeElement).toBe(field('Billing address', 'First name'));
    expect(within(group('Billing address')).getAllByText('This field is required').length).toBeGreaterThan(0);
    expect(calls(all, 'POST', '/api/order')).toHaveLength(0);
  });

  it("says 'Form validation failed...' when every field is filled but one breaks a rule", async () => {
    const all = serveShop();
    putInCart();
    mount();
    fill('Billing address', { ...ADA, Phone: '555' });
    await placeOrder();
    expect(await screen.findByText('Form validation failed. Please check your information.')).toBeTruthy();
    expect(document.activeElement).toBe(field('Billing address', 'Phone'));
    expect(calls(all, 'POST', '/api/order')).toHaveLength(0);
  });

  it('copies every billing field to shipping with same-as-billing, and checks a separate shipping address', async () => {
    const all = serveShop();
    putInCart();
    mount();
    fill('Billing address', ADA);
    const same = screen.getByRole('checkbox', { name: 'Shipping address is the same as billing' });
    expect(screen.queryByRole('group', { name: 'Shipping address' })).toBeNull();
    fireEvent.click(same);
    fill('Shipping address', { 'First name': 'Grace', City: 'Dallas' });
    fireEvent.click(same);
    fireEvent.click(same);
    // Ticking it copied billing over what was typed.
    expect(field('Shipping address', 'First name').value).toBe('Ada');
    expect(field('Shipping address', 'City').value).toBe('Austin');
    expect(field('Shipping address', 'ZIP code').value).toBe('78701');
    fill('Shipping address', { 'First name': 'Grace', 'Last name': 'Hopper', City: 'Anchorage', State: 'AK', 'ZIP code': '99501' });
    // A separate shipping address prices its own shipping: none for AK.
    expect(await screen.findByText(NO_METHODS)).toBeTruthy();
    await placeOrder();
    expect(await screen.findByText('Sorry, no shipping methods are available for the selected shipping address.')).toBeTruthy();
    expect(calls(all, 'POST', '/api/order')).toHaveLength(0);
  });

  it("refuses a country outside the US: 'Sorry, we don't ship outside the US.' and no order", async () => {
    const all = serveShop();
    putInCart();
    mount();
    fill('Billing address', ADA);
    fireEvent.change(field('Billing address', 'Country'), { target: { value: 'CA' } });
    expect(screen.getByRole('alert').textContent).toBe("Sorry, we don't ship outside the US.");
    fireEvent.change(field('Billing address', 'State'), { target: { value: 'ON' } }); // a free-text province now
    await placeOrder();
    await waitFor(() => expect(screen.getAllByText("Sorry, we don't ship outside the US.")).toHaveLength(2));
    expect(calls(all, 'POST', '/api/order')).toHaveLength(0);
    // Back to the US: the live alert goes (the submit's answer stays until the next submit), and the
    // state is chosen again from the USPS list.
    fireEvent.change(field('Billing address', 'Country'), { target: { value: 'US' } });
    expect(screen.getAllByText("Sorry, we don't ship outside the US.")).toHaveLength(1);
    expect((field('Billing address', 'State') as unknown as HTMLSelectElement).value).toBe('');
  });
});

describe('the shipping area', () => {
  it('waits for an address, calculates, then shows the applied method and the server’s tax and total', async () => {
    serveShop();
    putInCart();
    mount();
    const area = screen.getByTestId('shipping-method');
    expect(area.textContent).toBe('Calculating shipping rate…');
    await waitFor(() => expect(area.textContent).toBe(AWAITING));
    fill('Billing address', ADA);
    await waitFor(() => expect(area.textContent).toBe('Calculating shipping rate…'));
    await waitFor(() => expect(area.textContent).toBe('Ground: $10.00'));
    const summary = screen.getByRole('complementary', { name: /Order summary/ });
    expect(within(summary).getByText('Tax')).toBeTruthy();
    expect(within(summary).getByText('$2.47')).toBeTruthy();
    expect(within(summary).getByText('$32.46')).toBeTruthy();
  });

  it('drops an older answer that arrives after a newer one', async () => {
    const releases: (() => void)[] = [];
    const all = serveShop({
      'POST /api/cart/totals': async (c) => {
        const address = c.body?.address as { state?: string } | null;
        if (address?.state === 'TX') await new Promise<void>((r) => releases.push(r)); // the TX answer is slow
        return { status: 200, body: totalsFor(c.body) };
      },
    });
    putInCart();
    mount();
    fill('Billing address', ADA);
    await waitFor(() => expect(releases).toHaveLength(1));
    fill('Billing address', { State: 'AK', 'ZIP code': '99501' });
    await waitFor(() => expect(screen.getByTestId('shipping-method').textContent).toBe(NO_METHODS));
    await act(async () => releases[0]!());
    expect(screen.getByTestId('shipping-method').textContent).toBe(NO_METHODS);
    expect(calls(all, 'POST', '/api/cart/totals').map((c) => (c.body?.address as { state: string } | null)?.state).slice(-2)).toEqual(['TX', 'AK']);
  });
});

describe('the order flow', () => {
  it('one Idempotency-Key across a failed payment and a reload; the token on the PATCH; success stored, cart cleared, events', async () => {
    const all = serveShop();
    putInCart();
    const events: [string, unknown][] = [];
    for (const name of ['showroom:order-placed', 'showroom:payment-completed', 'showroom:payment-failed']) document.addEventListener(name, (e) => events.push([name, (e as CustomEvent).detail]));
    vi.useFakeTimers({ shouldAdvanceTime: true });

    const first = mount();
    fill('Billing address', ADA);
    await waitFor(() => expect(screen.getByTestId('shipping-method').textContent).toBe('Ground: $10.00'));
    fakeGateway.outcomes.push({ kind: 'failed', message: 'Your card was declined.' });
    await placeOrder();
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
    const [post1] = calls(all, 'POST', '/api/order');
    expect(post1!.headers['Idempotency-Key']).toMatch(/^[\w-]{16,}$/);
    expect(post1!.body).toEqual({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      items: [{ sku: 'HS-W', qty: 1, finish: { type: 'painted', value: 'white' } }],
      addresses: [
        { type: 'billing', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', street1: '1 Main St.', street2: '', city: 'Austin', state: 'TX', zipCode: '78701', countryId: 'US', phoneNumber: '(512) 555-0100' },
        { type: 'shipping', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', street1: '1 Main St.', street2: '', city: 'Austin', state: 'TX', zipCode: '78701', countryId: 'US', phoneNumber: '(512) 555-0100' },
      ],
      paymentMethod: 'card',
    });
    expect(fakeGateway.targets[0]).toMatchObject({ kind: 'order', orderId: 7, incrementId: '000000007', accessToken: 'order-token-7', payer: { email: 'ada@example.com' } });
    expect(fakeGateway.props?.amountDue).toBe(32.46);
    expect(fakeGateway.props?.returnUrl).toBe(`${SHOP}/payment/verify/test`);
    expect(events).toEqual([
      ['showroom:order-placed', { orderNumber: '000000007', total: 29.99 }],
      ['showroom:payment-failed', { orderNumber: '000000007', method: 'card', message: 'Your card was declined.' }],
    ]);
    // The form is usable again; the message clears itself after 10 seconds.
    expect((screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement).disabled).toBe(false);
    await act(async () => vi.advanceTimersByTime(PAYMENT_ERROR_MS - 100));
    expect(screen.getByText('Your card was declined.')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Your card was declined.')).toBeNull();

    // A reload keeps the checkout's key.
    first.view.unmount();
    const { navigate } = mount();
    fill('Billing address', ADA);
    await waitFor(() => expect(screen.getByTestId('shipping-method').textContent).toBe('Ground: $10.00'));
    fakeGateway.outcomes.push({ kind: 'paid', payment: { transactionId: 'test_txn_1', method: 'card', gateway: 'test', status: 'completed', amount: 32.46 } });
    const cleared: unknown[] = [];
    window.addEventListener('selected-samples-updated', (e) => cleared.push((e as CustomEvent).detail));
    await placeOrder();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/order/success'));
    // While the success page loads, the order number shows, not the emptied cart.
    expect(screen.getByText(/Your order number is/).textContent).toContain('000000007');
    expect(screen.queryByText(/Looks like you have not added anything/)).toBeNull();
    const posts = calls(all, 'POST', '/api/order');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers['Idempotency-Key']).toBe(post1!.headers['Idempotency-Key']);
    const [patch] = calls(all, 'PATCH', '/api/order');
    expect(patch!.headers.Authorization).toBe('Bearer order-token-7');
    expect(patch!.body).toEqual({ id: 7, payments: [{ transactionId: 'test_txn_1', method: 'card' }] });
    expect(JSON.parse(localStorage.getItem(ORDER_SUCCESS_KEY)!)).toEqual({ orderId: '000000007' });
    expect(localStorage.getItem(SAMPLE_CART_KEY)).toBeNull();
    expect(cleared).toEqual([{ key: SAMPLE_CART_KEY, items: [] }]);
    // order-placed was told once, for the same order.
    expect(events.slice(2)).toEqual([['showroom:payment-completed', { orderNumber: '000000007', amount: 32.46, method: 'card', remainingBalance: 0 }]]);
    // The next checkout gets a new key.
    const next = JSON.parse(sessionStorage.getItem(checkoutSessionKey(SAMPLE_CART_KEY))!);
    expect(next.idempotencyKey).not.toBe(post1!.headers['Idempotency-Key']);
    expect(next.order).toBeUndefined();
  });

  it('locks the form while paying, and shows the server’s message when the order is refused', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    serveShop({
      'POST /api/order': async () => (await held, { status: 400, body: { error: 'validation_failed', message: 'Form validation failed. Please check your information.', fields: { 'billing.zipCode': 'ZIP/Postal code does not match the state' } } }),
    });
    putInCart();
    mount();
    fill('Billing address', ADA);
    await waitFor(() => expect(screen.getByTestId('shipping-method').textContent).toBe('Ground: $10.00'));
    await placeOrder();
    await waitFor(() => expect(field('Billing address', 'First name').closest('fieldset')!.disabled).toBe(true));
    expect((screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText('Form validation failed. Please check your information.')).toBeTruthy();
    expect(await screen.findByText('ZIP/Postal code does not match the state')).toBeTruthy();
    expect(field('Billing address', 'First name').closest('fieldset')!.disabled).toBe(false);
  });

  it('keeps a failure that trying again cannot cure (this page is not the store\'s) past the 10 seconds', async () => {
    serveShop();
    putInCart();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mount();
    fill('Billing address', ADA);
    await waitFor(() => expect(screen.getByTestId('shipping-method').textContent).toBe('Ground: $10.00'));
    const message = 'Payments cannot be taken on this page: it is not one of the store\'s own addresses.';
    fakeGateway.outcomes.push({ kind: 'failed', message, lasting: true });
    await placeOrder();
    expect(await screen.findByText(message)).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(PAYMENT_ERROR_MS * 3));
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('without a success URL (an element) shows the order number in place', async () => {
    serveShop();
    putInCart();
    mount({ successUrl: undefined });
    fill('Billing address', ADA);
    await waitFor(() => expect(screen.getByTestId('shipping-method').textContent).toBe('Ground: $10.00'));
    fakeGateway.outcomes.push({ kind: 'paid', payment: { transactionId: 'test_txn_2', method: 'card', gateway: 'test', status: 'completed' } });
    await placeOrder();
    const success = (await screen.findByText(/Your order number is/)).closest('section')!;
    expect(within(success).getByText('000000007').tagName).toBe('STRONG');
    expect(success.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
  });

  it('a dealer’s checkout uses the dealer’s cart and sends X-Showroom-Dealer', async () => {
    const all = serveShop();
    putInCart(cartStorageKey(SHOP, 'demo-dealer', 'http://dealer.test'));
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, origin: 'http://dealer.test' } as Location);
    mount({ dealer: 'demo-dealer', successUrl: undefined });
    fill('Billing address', ADA);
    await waitFor(() => expect(screen.getByTestId('shipping-method').textContent).toBe('Ground: $10.00'));
    fakeGateway.outcomes.push({ kind: 'paid', payment: { transactionId: 'test_txn_3', method: 'card', gateway: 'test', status: 'completed' } });
    await placeOrder();
    await screen.findByText(/Your order number is/);
    expect(calls(all, 'POST', '/api/order')[0]!.headers[DEALER_HEADER]).toBe('demo-dealer');
    expect(calls(all, 'GET', '/api/my-account/checkout-prefill')).toHaveLength(0); // elements never ask
  });
});

describe('a signed-in customer', () => {
  const prefill: Route = () => ({
    status: 200,
    body: {
      success: true,
      data: { customerId: 42, email: 'ada@example.com', ...Object.fromEntries(Object.entries({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '5125550100', address_1: '1 Main St.', address_2: '', country: 'US', state: 'TX', city: 'Austin', zip: '78701' }).map(([k, v]) => [`bill_${k}`, v])), ship_first_name: 'Ada', ship_last_name: 'Lovelace', ship_email: 'ada@example.com', ship_phone: '5125550100', ship_address_1: '9 Side Rd', ship_address_2: '', ship_country: 'US', ship_state: 'TX', ship_city: 'Dallas', ship_zip: '75201', same_as_billing: false },
    },
  });

  it('gets the default addresses prefilled, the billing e-mail locked, and sends no customerId', async () => {
    const all = serveShop({ 'GET /api/my-account/checkout-prefill': prefill });
    putInCart();
    mount({ prefill: true });
    await waitFor(() => expect(field('Billing address', 'First name').value).toBe('Ada'));
    expect(field('Billing address', 'Email').disabled).toBe(true);
    expect(field('Shipping address', 'City').value).toBe('Dallas');
    await waitFor(() => expect(screen.getByTestId('shipping-method').textContent).toBe('Ground: $10.00'));
    fakeGateway.outcomes.push({ kind: 'failed', message: 'Declined' });
    await placeOrder();
    await screen.findByText('Declined');
    const [post] = calls(all, 'POST', '/api/order');
    expect(JSON.stringify(post!.body)).not.toMatch(/customerId|guest/);
    expect((post!.body!.addresses as { city: string }[]).map((a) => a.city)).toEqual(['Austin', 'Dallas']);
  });

  it('a guest (401) gets an empty form with the e-mail open', async () => {
    const all = serveShop();
    putInCart();
    mount({ prefill: true });
    await waitFor(() => expect(calls(all, 'GET', '/api/my-account/checkout-prefill')).toHaveLength(1));
    expect(field('Billing address', 'First name').value).toBe('');
    expect(field('Billing address', 'Email').disabled).toBe(false);
  });
});
