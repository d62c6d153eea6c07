// @vitest-environment jsdom
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackOfficeQuotesClient, CatalogLine, QuoteCreateRequest, QuoteDetail, QuotePrice, QuotePriceRequest, QuoteSummary } from '../api/back-office-quotes';
import { StudioApiError, type Operator } from '../api/studio-client';
import { matchRoute, navigate, useLocation } from '../app/router';
import { operators, renderInStudio, visit } from '../app/testing/studio-fixture';
import { QuotesPage } from './QuotesPage';

// The catalog search and the totals wait a moment after the last key (SEARCH_DELAY_MS, PRICE_DELAY_MS): room for a busy machine.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A quotes client whose every call fails unless the test gives it. */
function fakeQuotes(calls: Partial<BackOfficeQuotesClient> = {}): BackOfficeQuotesClient {
  const names: (keyof BackOfficeQuotesClient)[] = ['catalog', 'styles', 'importList', 'price', 'create', 'draft', 'update', 'list', 'detail', 'issueLink', 'emailLink'];
  const fail = (name: string) => vi.fn(() => Promise.reject(new Error(`quotes client ${name} was not expected in this test`)));
  return Object.fromEntries(names.map((n) => [n, calls[n] ?? fail(n)])) as unknown as BackOfficeQuotesClient;
}

/** The quotes screens as the app shows them: the address names the screen. */
function Routed({ client }: { client: BackOfficeQuotesClient }) {
  const { pathname, search } = useLocation();
  const route = matchRoute(pathname, search);
  return route.name === 'quotes' ? <QuotesPage id={route.id} edit={route.edit === true} client={client} /> : <p>elsewhere: {pathname}</p>;
}

function open(url: string, client: BackOfficeQuotesClient, operator: Operator = operators.editor) {
  visit(url);
  return renderInStudio(<Routed client={client} />, { operator });
}

const CABINET: CatalogLine = {
  sku: 'HS-B24',
  name: 'Base cabinet B24',
  styleName: 'hartford',
  styleTitle: 'Hartford Shaker',
  kind: 'cabinet',
  code: 'B24',
  cabinetKind: 'base',
  price: 329,
  priceUnit: 'list',
  weight: 40,
  isSample: false,
  finish: null,
  finishes: [
    { type: 'painted', value: 'alpine', label: 'Alpine White' },
    { type: 'stained', value: 'espresso', label: 'Espresso' },
  ],
  modifications: [],
  edges: [],
  cutouts: [],
  unit: null,
};
const WALL: CatalogLine = { ...CABINET, sku: 'HS-W3030', code: 'W3030', cabinetKind: 'wall', name: 'Wall cabinet W3030', price: 289.5 };

const PRICE: QuotePrice = {
  lines: [{ sku: 'HS-B24', name: 'Base cabinet B24', styleTitle: 'Hartford Shaker', qty: 2, price: 329, rowTotal: 658, discount: 0, tax: 54.29, options: [], notes: '' }],
  subtotal: 658,
  discount: 0,
  shipping: { method: 'freight', label: 'Standard freight', amount: 120, message: null },
  tax: 54.29,
  shippingTax: 9.9,
  taxPercent: 8.25,
  total: 832.29,
  weight: 80,
  approval: { discountPercent: 0, limitPercent: 25, needsPublisher: false },
};

const ADDRESS = { firstName: 'Maria', lastName: 'Lopez', street1: '4100 Lake Austin Blvd', street2: null, city: 'Austin', state: 'TX', zipCode: '78703', countryId: 'US', phoneNumber: '5125550142', email: 'maria@example.com' };

const DETAIL: QuoteDetail = {
  id: 5,
  number: 'Q100005',
  createdAt: '2026-11-20T10:00:00.000Z',
  state: 'open',
  customer: { email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', phone: '5125550142', accountId: null },
  billingAddress: ADDRESS,
  shippingAddress: ADDRESS,
  lines: [{ sku: 'HS-B24', name: 'Base cabinet B24', qty: 2, price: 329, rowTotal: 658, options: [{ type: 'painted', value: 'alpine', label: 'Alpine White' }], notes: '' }],
  subtotal: 658,
  discount: 0,
  shipping: { method: 'freight', label: 'Standard freight', amount: 120 },
  tax: 54.29,
  shippingTax: 9.9,
  taxPercent: 8.25,
  total: 832.29,
  request: null,
  lead: null,
  poNumber: '',
  notes: '',
  splitPaymentEnabled: false,
  minimumSplit: 0,
  link: { expiresAt: '2026-11-27T10:00:00.000Z' },
  order: null,
};

const LINK = { url: 'http://localhost/quote/payment?quoteId=5&token=secret-token', expiresAt: '2026-11-27T10:00:00.000Z' };

/** Types into the catalog search and adds the first result with the keyboard. */
async function addFromCatalog(text: string, name: string) {
  const search = screen.getByRole('combobox', { name: 'Add a catalog line' });
  fireEvent.change(search, { target: { value: text } });
  await screen.findByRole('option', { name: new RegExp(name) });
  fireEvent.keyDown(search, { key: 'ArrowDown' });
  fireEvent.keyDown(search, { key: 'Enter' });
}

const QUARTZ: CatalogLine = {
  sku: 'CT-QUARTZ-CAL',
  name: 'Quartz countertop, Calacatta Laza, 3 cm',
  kind: 'countertop',
  code: 'CT-QUARTZ-CAL',
  styleName: '',
  styleTitle: '',
  price: 75,
  priceUnit: 'sqft',
  weight: 0,
  isSample: false,
  finish: null,
  finishes: [],
  modifications: [],
  edges: [
    { code: 'EASED', label: 'Eased edge' },
    { code: 'BULL', label: 'Half bullnose edge' },
  ],
  cutouts: [{ code: 'SINK', label: 'Sink cut-out' }],
  unit: null,
};
const GLASS_WALL: CatalogLine = { ...WALL, modifications: [{ code: 'GD', label: 'Glass door' }] };

describe('the quote builder, for a kitchen', () => {
  it('sends a cabinet with its finish and modifications, a countertop by length × depth with its edge and cut-out, each in its room', async () => {
    const price = vi.fn((_body: QuotePriceRequest) => Promise.resolve(PRICE));
    open('/studio/quotes/new', fakeQuotes({ catalog: (search: string) => Promise.resolve(search.startsWith('W') ? [GLASS_WALL] : [QUARTZ]), price }));
    await addFromCatalog('W3030', 'Wall cabinet W3030');
    const wall = screen.getByRole('listitem', { name: 'Line 1: Wall cabinet W3030' });
    fireEvent.change(within(wall).getByRole('textbox', { name: 'Quantity of Wall cabinet W3030' }), { target: { value: '2' } });
    fireEvent.change(within(wall).getByRole('combobox', { name: 'Finish' }), { target: { value: 'painted alpine' } });
    fireEvent.click(within(wall).getByRole('checkbox', { name: 'Glass door (GD)' }));
    fireEvent.change(within(wall).getByRole('combobox', { name: 'Room or wall (optional)' }), { target: { value: 'Kitchen — sink wall' } });
    fireEvent.change(within(wall).getByRole('textbox', { name: 'Notes (optional)' }), { target: { value: 'Glass doors on two' } });
    await addFromCatalog('quartz', 'Quartz countertop');
    const top = screen.getByRole('listitem', { name: 'Line 2: Quartz countertop, Calacatta Laza, 3 cm' });
    // A new line goes in the room of the line before it.
    expect(within(top).getByRole('combobox', { name: 'Room or wall (optional)' })).toHaveProperty('value', 'Kitchen — sink wall');
    fireEvent.change(within(top).getByRole('combobox', { name: 'Measured by' }), { target: { value: 'size' } });
    fireEvent.change(within(top).getByRole('textbox', { name: 'Length (in)' }), { target: { value: '120' } });
    fireEvent.change(within(top).getByRole('textbox', { name: 'Depth (in)' }), { target: { value: '25.5' } });
    fireEvent.change(within(top).getByRole('combobox', { name: 'Edge' }), { target: { value: 'BULL' } });
    fireEvent.change(within(top).getByRole('textbox', { name: 'Sink cut-out' }), { target: { value: '1' } });
    await waitFor(() =>
      expect(price.mock.calls.at(-1)?.[0]).toMatchObject({
        lines: [
          { sku: 'HS-W3030', qty: 2, finish: { type: 'painted', value: 'alpine' }, modifications: ['GD'], group: 'Kitchen — sink wall', notes: 'Glass doors on two' },
          { sku: 'CT-QUARTZ-CAL', length: 120, depth: 25.5, edge: 'BULL', cutouts: { SINK: 1 }, group: 'Kitchen — sink wall' },
        ],
      }),
    );
    expect(price.mock.calls.at(-1)![0].lines[1]).not.toHaveProperty('qty');
  });

  it('lets a publisher add a free line, and tells an editor who may', async () => {
    open('/studio/quotes/new', fakeQuotes({ price: () => Promise.resolve(PRICE) }));
    expect(screen.queryByRole('button', { name: 'Add a free line' })).toBeNull();
    expect(screen.getByText(/is added by a publisher or an admin/)).toBeTruthy();
    cleanup();
    const price = vi.fn((_body: QuotePriceRequest) => Promise.resolve(PRICE));
    open('/studio/quotes/new', fakeQuotes({ price }), operators.publisher);
    fireEvent.click(screen.getByRole('button', { name: 'Add a free line' }));
    const free = screen.getByRole('listitem', { name: 'Line 1: Free line' });
    fireEvent.change(within(free).getByRole('textbox', { name: 'Description' }), { target: { value: 'Range hood panel' } });
    fireEvent.change(within(free).getByRole('textbox', { name: 'Unit price ($)' }), { target: { value: '480' } });
    await waitFor(() => expect(price.mock.calls.at(-1)?.[0]).toMatchObject({ lines: [{ description: 'Range hood panel', price: 480, qty: 1 }] }));
  });

  it('lets the customer pay in parts of at least the amount typed', async () => {
    const create = vi.fn(() => Promise.reject(new StudioApiError(400, 'validation_failed', 'This field is required', { 'customer.email': 'This field is required' })));
    open('/studio/quotes/new', fakeQuotes({ price: () => Promise.resolve(PRICE), create }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'The customer may pay in parts' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Smallest part ($)' }), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create quote' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith(expect.objectContaining({ splitPaymentEnabled: true, minimumSplit: 1000 })));
  });

  it('imports a cabinet list from a CSV file: its lines are added, each row it could not read is listed with a "did you mean"', async () => {
    const styles = vi.fn(() => Promise.resolve([{ name: 'hartford', title: 'Hartford Shaker', finishes: CABINET.finishes }]));
    const importList = vi.fn(() =>
      Promise.resolve({
        lines: [{ row: 2, line: { sku: 'HS-B24', qty: 6, finish: { type: 'painted', value: 'alpine' } }, item: CABINET }],
        problems: [{ row: 3, text: 'B25, 1', message: '"B25" is not a cabinet of Hartford Shaker nor a SKU of the catalog.', suggestion: 'B24' }],
      }),
    );
    open('/studio/quotes/new', fakeQuotes({ styles, importList, price: () => Promise.resolve(PRICE) }));
    fireEvent.click(screen.getByRole('button', { name: 'Import a cabinet list (CSV)' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Style' })).toHaveProperty('value', 'hartford'));
    const file = new File(['Code,Qty,Finish\nB24,6,Alpine White\nB25,1\n'], 'kitchen.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('File'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Read the list' }));
    const line = await screen.findByRole('listitem', { name: 'Line 1: Base cabinet B24' });
    expect(within(line).getByRole('textbox', { name: 'Quantity of Base cabinet B24' })).toHaveProperty('value', '6');
    expect(within(line).getByRole('combobox', { name: 'Finish' })).toHaveProperty('value', 'painted alpine');
    expect(importList).toHaveBeenCalledWith({ csv: 'Code,Qty,Finish\nB24,6,Alpine White\nB25,1\n', style: 'hartford' });
    const rows = screen.getByRole('list', { name: 'Rows not read' });
    expect(rows.textContent).toBe('Row 3 (B25, 1): "B25" is not a cabinet of Hartford Shaker nor a SKU of the catalog. Did you mean B24?');
    expect(screen.getByText('1 line added; 1 row could not be read (listed below).')).toBeTruthy();
  });

  it('says before sending that a discount above the limit needs a publisher', async () => {
    open('/studio/quotes/new', fakeQuotes({ catalog: () => Promise.resolve([CABINET]), price: () => Promise.resolve({ ...PRICE, approval: { discountPercent: 30, limitPercent: 25, needsPublisher: true } }) }));
    await addFromCatalog('B24', 'Base cabinet B24');
    expect(await screen.findByText(/A discount above 25 % of the subtotal needs a publisher\./)).toBeTruthy();
  });
});

describe('the quote builder', () => {
  it('finds a catalog line by SKU and adds it with the keyboard; the price asks for it', async () => {
    const catalog = vi.fn(() => Promise.resolve([CABINET, WALL]));
    const price = vi.fn(() => Promise.resolve(PRICE));
    open('/studio/quotes/new', fakeQuotes({ catalog, price }));
    const search = screen.getByRole('combobox', { name: 'Add a catalog line' });
    fireEvent.change(search, { target: { value: 'HS-' } });
    await screen.findByRole('option', { name: /Wall cabinet W3030/ });
    expect(catalog).toHaveBeenCalledWith('HS-', expect.any(AbortSignal));
    expect(search.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: /Wall cabinet W3030/ }).getAttribute('aria-selected')).toBe('true');
    expect(search.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /Wall cabinet W3030/ }).id);
    fireEvent.keyDown(search, { key: 'Enter' });
    const line = screen.getByRole('listitem', { name: 'Line 1: Wall cabinet W3030' });
    expect(within(line).getByRole('textbox', { name: 'Quantity of Wall cabinet W3030' })).toHaveProperty('value', '1');
    expect(search).toHaveProperty('value', '');
    expect(search.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(price).toHaveBeenCalled());
    expect(price.mock.calls.at(-1)).toEqual([expect.objectContaining({ lines: [{ sku: 'HS-W3030', qty: 1 }], discount: null }), expect.any(AbortSignal)]);
  });

  it("shows the server's totals, refreshed after a change, with the finish chosen", async () => {
    const price = vi.fn((body: { lines: { qty?: number }[] }) => Promise.resolve(body.lines[0]!.qty === 2 ? PRICE : { ...PRICE, lines: [{ ...PRICE.lines[0]!, qty: 1, rowTotal: 329 }], subtotal: 329, total: 480.15 }));
    open('/studio/quotes/new', fakeQuotes({ catalog: () => Promise.resolve([CABINET]), price }));
    await addFromCatalog('B24', 'Base cabinet B24');
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(await within(totals).findByText('$480.15')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity of Base cabinet B24' }), { target: { value: '2' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Finish' }), { target: { value: 'stained espresso' } });
    expect(await within(totals).findByText('$832.29')).toBeTruthy();
    expect(within(totals).getByText('Standard freight')).toBeTruthy();
    expect(within(totals).getByText('$120.00')).toBeTruthy();
    expect(within(totals).getByText('$54.29')).toBeTruthy();
    expect(within(totals).getByText('8.25%')).toBeTruthy();
    expect(screen.getByRole('listitem', { name: /Line 1/ }).textContent).toContain('$658.00');
    expect(price.mock.calls.at(-1)![0]).toMatchObject({ lines: [{ sku: 'HS-B24', qty: 2, finish: { type: 'stained', value: 'espresso' } }] });
  });

  it("changes every line's finish at once, and the server prices them all again", async () => {
    const OAK_ONLY: CatalogLine = { ...CABINET, sku: 'GI-B24', name: 'Inset base cabinet B24', styleName: 'georgetown', finishes: [{ type: 'stained', value: 'walnut', label: 'Walnut' }] };
    const price = vi.fn((_body: QuotePriceRequest) => Promise.resolve(PRICE));
    open('/studio/quotes/new', fakeQuotes({ catalog: (search: string) => Promise.resolve(search === 'W3030' ? [WALL] : search === 'GI' ? [OAK_ONLY] : [CABINET]), price }));
    await addFromCatalog('B24', 'Base cabinet B24');
    await addFromCatalog('W3030', 'Wall cabinet W3030');
    await addFromCatalog('GI', 'Inset base cabinet B24');
    const every = screen.getByRole('group', { name: 'Finish of every line' });
    fireEvent.change(within(every).getByRole('combobox', { name: 'Finish of every line' }), { target: { value: 'painted alpine' } });
    fireEvent.click(within(every).getByRole('button', { name: 'Apply to all lines' }));
    const lines = screen.getAllByRole('listitem', { name: /Line \d/ });
    expect(lines.map((l) => (within(l).getByRole('combobox', { name: 'Finish' }) as HTMLSelectElement).value)).toEqual(['painted alpine', 'painted alpine', '']);
    expect(await screen.findByText('Alpine White on every line: 2 lines changed; 1 line of a style without it kept its finish.')).toBeTruthy();
    await waitFor(() =>
      expect(price.mock.calls.at(-1)![0]).toMatchObject({
        lines: [
          { sku: 'HS-B24', finish: { type: 'painted', value: 'alpine' } },
          { sku: 'HS-W3030', finish: { type: 'painted', value: 'alpine' } },
          { sku: 'GI-B24' },
        ],
      }),
    );
  });

  it('shows the latest answer only: an answer to an older draft is dropped', async () => {
    const answers: { body: { lines: { qty?: number }[] }; resolve(p: QuotePrice): void }[] = [];
    const price = vi.fn((body: { lines: { qty?: number }[] }) => new Promise<QuotePrice>((resolve) => answers.push({ body, resolve })));
    open('/studio/quotes/new', fakeQuotes({ catalog: () => Promise.resolve([CABINET]), price }));
    await addFromCatalog('B24', 'Base cabinet B24');
    await waitFor(() => expect(answers).toHaveLength(1));
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity of Base cabinet B24' }), { target: { value: '2' } });
    await waitFor(() => expect(answers).toHaveLength(2));
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals.getAttribute('aria-busy')).toBe('true');
    answers[1]!.resolve(PRICE);
    answers[0]!.resolve({ ...PRICE, total: 1 });
    expect(await within(totals).findByText('$832.29')).toBeTruthy();
    expect(within(totals).queryByText('$1.00')).toBeNull();
    expect(totals.getAttribute('aria-busy')).toBeNull();
  });

  it("shows a 400's field errors at their fields and focuses the first", async () => {
    const create = vi.fn(() =>
      Promise.reject(
        new StudioApiError(400, 'validation_failed', 'Enter a valid e-mail address.', {
          'customer.email': 'Enter a valid e-mail address.',
          'lines.0.qty': 'A quantity is a whole number from 1 to 999.',
          'billingAddress.zipCode': 'Enter a valid ZIP code.',
        }),
      ),
    );
    open('/studio/quotes/new', fakeQuotes({ catalog: () => Promise.resolve([CABINET]), price: () => Promise.resolve(PRICE), create }));
    await addFromCatalog('B24', 'Base cabinet B24');
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'maria@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create quote' }));
    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toContain('Enter a valid e-mail address.');
    const qty = screen.getByRole('textbox', { name: 'Quantity of Base cabinet B24' });
    expect(qty.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('A quantity is a whole number from 1 to 999.')).toBeTruthy();
    const billing = screen.getByRole('group', { name: 'Billing address' });
    expect(within(billing).getByLabelText('ZIP code').getAttribute('aria-invalid')).toBe('true');
    expect(within(billing).getByText('Enter a valid ZIP code.')).toBeTruthy();
    expect(screen.getByText(/The quote was not created: 3 fields need a correction/)).toBeTruthy();
    // Fixing a field takes its error away.
    fireEvent.change(email, { target: { value: 'maria@example.com' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(create.mock.calls[0]).toEqual([expect.objectContaining({ customer: expect.objectContaining({ email: 'maria@' }), shippingAddress: null, linkDays: 7 })]);
  });

  it('creates the quote and goes to its detail, which shows the link just issued', async () => {
    const create = vi.fn(() => Promise.resolve({ quote: DETAIL, link: LINK }));
    const detail = vi.fn(() => Promise.resolve(DETAIL));
    const list = () => Promise.resolve({ quotes: [], next: null });
    open('/studio/quotes/new', fakeQuotes({ catalog: () => Promise.resolve([CABINET]), price: () => Promise.resolve(PRICE), create, detail, list }));
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'maria@example.com' } });
    fireEvent.change(screen.getByLabelText('First name', { selector: '[name="customer.firstName"]' }), { target: { value: 'Maria' } });
    await addFromCatalog('B24', 'Base cabinet B24');
    fireEvent.click(screen.getByRole('button', { name: 'Create quote' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Q100005' })).toBeTruthy();
    expect(window.location.pathname).toBe('/studio/quotes/5');
    const box = screen.getByRole('region', { name: 'New payment link' });
    expect(within(box).getByRole('textbox', { name: 'Payment link' })).toHaveProperty('value', LINK.url);
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(window.location.href).not.toContain('secret-token');
    const body = (create.mock.calls[0] as unknown as [{ customer: object; billingAddress: { firstName: string } }])[0];
    expect(body.customer).toEqual({ email: 'maria@example.com', firstName: 'Maria', lastName: '' });
    // The billing name followed the customer's.
    expect(body.billingAddress.firstName).toBe('Maria');
    // Shown once: back at the list and on the quote again, its expiry shows, not the link.
    act(() => navigate('/studio/quotes'));
    act(() => navigate('/studio/quotes/5'));
    expect(await screen.findByText(/The link sent is valid until/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'New payment link' })).toBeNull();
  });

  it('tells a viewer they cannot create quotes', () => {
    open('/studio/quotes/new', fakeQuotes(), operators.viewer);
    expect(screen.getByRole('heading', { level: 1, name: 'New quote' })).toBeTruthy();
    expect(screen.getByText(/cannot create or change them/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create quote' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});

const INSTALL: CatalogLine = { ...QUARTZ, sku: 'SV-INSTALL', code: 'SV-INSTALL', name: 'Cabinet installation', kind: 'service', price: 95, priceUnit: 'each', edges: [], cutouts: [], unit: 'each' };
const GROUP = 'Kitchen — sink wall';

/** A draft as the builder saved it: exactly the body the builder makes of what it shows. */
const SAVED: QuoteCreateRequest = {
  customer: { email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez' },
  billingAddress: { firstName: 'Maria', lastName: 'Lopez', street1: '4100 Lake Austin Blvd', street2: null, city: 'Austin', state: 'TX', zipCode: '78703', countryId: 'US', phoneNumber: '5125550142' },
  shippingAddress: null,
  lines: [
    { sku: 'HS-W3030', qty: 2, finish: { type: 'painted', value: 'alpine' }, modifications: ['GD'], group: GROUP, notes: 'Glass doors on two' },
    { sku: 'CT-QUARTZ-CAL', sqft: 42, edge: 'EASED', cutouts: { SINK: 1 }, group: GROUP },
    { sku: 'SV-INSTALL', qty: 14, group: GROUP },
    { description: 'Range hood panel', price: 480, qty: 1, group: GROUP },
  ],
  discount: { type: 'amount', value: 500 },
  poNumber: 'PO-2026-0142',
  notes: 'Weekday mornings',
  linkDays: 7,
  splitPaymentEnabled: true,
  minimumSplit: 1000,
};
const DRAFT_DETAIL: QuoteDetail = { ...DETAIL, state: 'draft', link: { expiresAt: null } };
const toOpen = (missing: string[] = [], request: QuoteCreateRequest = SAVED) => () => Promise.resolve({ id: 5, number: 'Q100005', revision: 'rev-1', request: { ...request, draft: true }, items: [GLASS_WALL, QUARTZ, INSTALL], missing });

describe('a draft quote', () => {
  it('is saved with what is typed so far, and its quote leads back to the builder', async () => {
    const create = vi.fn((_body: QuoteCreateRequest) => Promise.resolve({ quote: DRAFT_DETAIL, link: null }));
    open('/studio/quotes/new', fakeQuotes({ catalog: () => Promise.resolve([CABINET]), price: () => Promise.resolve(PRICE), create, detail: () => Promise.resolve(DRAFT_DETAIL) }));
    fireEvent.change(screen.getByLabelText('First name', { selector: '[name="customer.firstName"]' }), { target: { value: 'Maria' } });
    await addFromCatalog('B24', 'Base cabinet B24');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Q100005' })).toBeTruthy();
    // Only what was typed: no empty customer field, no blank address (a draft is checked when it is sent).
    expect(create.mock.calls[0]![0]).toEqual({ draft: true, customer: { firstName: 'Maria' }, billingAddress: { ...SAVED.billingAddress, firstName: 'Maria', lastName: '', street1: '', city: '', state: '', zipCode: '', phoneNumber: '' }, shippingAddress: null, lines: [{ sku: 'HS-B24', qty: 1 }], discount: null, linkDays: 7 });
    const section = screen.getByRole('region', { name: 'Draft, not sent' });
    expect(within(section).getByRole('link', { name: 'Open in the builder' }).getAttribute('href')).toBe('/studio/quotes/5/edit');
    expect(screen.queryByRole('button', { name: 'Issue a new link' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download the estimate (PDF)' }).getAttribute('href')).toBe('/api/studio/quotes/5/pdf');
  });

  it('opens in the builder with every line as saved, and is sent as it was', async () => {
    const update = vi.fn((_id: number, _body: QuoteCreateRequest) => Promise.resolve({ quote: DETAIL, link: LINK }));
    const price = vi.fn((_body: QuotePriceRequest) => Promise.resolve(PRICE));
    open('/studio/quotes/5/edit', fakeQuotes({ draft: toOpen(), price, update, detail: () => Promise.resolve(DETAIL) }), operators.publisher);
    expect(await screen.findByRole('heading', { level: 1, name: 'Draft Q100005' })).toBeTruthy();
    const wall = screen.getByRole('listitem', { name: 'Line 1: Wall cabinet W3030' });
    expect(within(wall).getByRole('textbox', { name: 'Quantity of Wall cabinet W3030' })).toHaveProperty('value', '2');
    expect(within(wall).getByRole('combobox', { name: 'Finish' })).toHaveProperty('value', 'painted alpine');
    expect(within(wall).getByRole('checkbox', { name: 'Glass door (GD)' })).toHaveProperty('checked', true);
    expect(within(wall).getByRole('combobox', { name: 'Room or wall (optional)' })).toHaveProperty('value', GROUP);
    expect(within(wall).getByRole('textbox', { name: 'Notes (optional)' })).toHaveProperty('value', 'Glass doors on two');
    const top = screen.getByRole('listitem', { name: 'Line 2: Quartz countertop, Calacatta Laza, 3 cm' });
    expect(within(top).getByRole('textbox', { name: 'Square feet of Quartz countertop, Calacatta Laza, 3 cm' })).toHaveProperty('value', '42');
    expect(within(top).getByRole('textbox', { name: 'Sink cut-out' })).toHaveProperty('value', '1');
    expect(within(screen.getByRole('listitem', { name: 'Line 3: Cabinet installation' })).getByRole('textbox', { name: 'Quantity of Cabinet installation' })).toHaveProperty('value', '14');
    const free = screen.getByRole('listitem', { name: 'Line 4: Range hood panel' });
    expect(within(free).getByRole('textbox', { name: 'Unit price ($)' })).toHaveProperty('value', '480');
    expect(screen.getByRole('textbox', { name: 'Dollars off' })).toHaveProperty('value', '500');
    expect(screen.getByRole('textbox', { name: 'Smallest part ($)' })).toHaveProperty('value', '1000');
    expect(within(screen.getByRole('group', { name: 'Billing address' })).getByLabelText('ZIP code')).toHaveProperty('value', '78703');
    await waitFor(() => expect(price).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith(5, { ...SAVED, revision: 'rev-1' }));
    // The quote, with its link shown once.
    const box = await screen.findByRole('region', { name: 'New payment link' });
    expect(within(box).getByRole('textbox', { name: 'Payment link' })).toHaveProperty('value', LINK.url);
    expect(window.location.pathname).toBe('/studio/quotes/5');
  });

  it("keeps a publisher's free line as it is for an editor, and names the lines the catalog no longer has", async () => {
    const update = vi.fn(() => Promise.reject(new StudioApiError(409, 'quote_sent', 'This quote was sent: only a draft can be changed. Make a new quote from it instead.')));
    const lost = { ...SAVED, lines: [...SAVED.lines, { sku: 'HS-B99', qty: 1 }] };
    const above = { ...PRICE, approval: { discountPercent: 30, limitPercent: 25, needsPublisher: true } };
    open('/studio/quotes/5/edit', fakeQuotes({ draft: toOpen(['HS-B99'], lost), price: () => Promise.resolve(above), update }));
    const free = await screen.findByRole('listitem', { name: 'Line 4: Range hood panel' });
    // The publisher's discount above the limit may be kept; changed, it needs a publisher again.
    expect(await screen.findByText(/A publisher gave this discount, above 25 % of the subtotal: keep it as it is/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Dollars off' }), { target: { value: '600' } });
    expect(await screen.findByText(/A discount above 25 % of the subtotal needs a publisher\. Ask one/)).toBeTruthy();
    expect(within(free).getByRole('textbox', { name: 'Description' })).toHaveProperty('readOnly', true);
    expect(within(free).getByRole('textbox', { name: 'Unit price ($)' })).toHaveProperty('readOnly', true);
    expect(free.textContent).toContain('only a publisher or an admin may change');
    expect(screen.queryByRole('listitem', { name: /^Line 5/ })).toBeNull();
    expect(screen.getByText(/no longer in the catalog: HS-B99/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a free line' })).toBeNull();
    // Sent meanwhile by someone else: said, nothing lost on screen.
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/The draft was not saved: This quote was sent/)).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Line 1: Wall cabinet W3030' })).toBeTruthy();
  });

  it('is read by a viewer, who is told who opens it in the builder', async () => {
    open('/studio/quotes/5', fakeQuotes({ detail: () => Promise.resolve(DRAFT_DETAIL) }), operators.viewer);
    const section = await screen.findByRole('region', { name: 'Draft, not sent' });
    expect(section.textContent).toContain('Editors open it in the builder');
    expect(screen.queryByRole('link', { name: 'Open in the builder' })).toBeNull();
    cleanup();
    open('/studio/quotes/5/edit', fakeQuotes(), operators.viewer);
    expect(screen.getByText(/cannot create or change them/)).toBeTruthy();
  });
});

describe('a quote', () => {
  it('copies the link to the clipboard and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const issueLink = vi.fn(() => Promise.resolve(LINK));
    const detail = vi.fn(() => Promise.resolve(DETAIL));
    open('/studio/quotes/5', fakeQuotes({ detail, issueLink }));
    expect(await screen.findByText(/The link sent is valid until/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Valid for (days)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue a new link' }));
    const box = await screen.findByRole('region', { name: 'New payment link' });
    expect(issueLink).toHaveBeenCalledWith(5, 30);
    // The new link takes the focus once shown (an effect after the paint).
    await waitFor(() => expect(document.activeElement).toBe(box));
    fireEvent.click(within(box).getByRole('button', { name: 'Copy link' }));
    expect(await within(box).findByText('Link copied.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(LINK.url);
    expect(within(box).getByText('Link copied.').getAttribute('role')).toBe('status');
    await waitFor(() => expect(detail).toHaveBeenCalledTimes(2));
  });

  it('selects the link for copying by hand when the browser refuses the clipboard', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('NotAllowedError')) } });
    open('/studio/quotes/5', fakeQuotes({ detail: () => Promise.resolve(DETAIL), issueLink: () => Promise.resolve(LINK) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Issue a new link' }));
    const box = await screen.findByRole('region', { name: 'New payment link' });
    // The new link takes the focus once shown (an effect after the paint): the operator copies after that.
    await waitFor(() => expect(document.activeElement).toBe(box));
    fireEvent.click(within(box).getByRole('button', { name: 'Copy link' }));
    expect(await within(box).findByText(/did not allow copying: the link is selected/)).toBeTruthy();
    const input = within(box).getByRole('textbox', { name: 'Payment link' }) as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(input.selectionStart).toBe(0);
    expect(input.selectionEnd).toBe(LINK.url.length);
  });

  it('e-mails a fresh link to the customer and says to whom and until when', async () => {
    const emailLink = vi.fn(() => Promise.resolve({ sentTo: 'maria@example.com', expiresAt: '2026-12-04T10:00:00.000Z' }));
    open('/studio/quotes/5', fakeQuotes({ detail: () => Promise.resolve(DETAIL), emailLink }));
    fireEvent.click(await screen.findByRole('button', { name: 'E-mail the link to maria@example.com' }));
    expect(await screen.findByText(/Sent to maria@example\.com, valid until/)).toBeTruthy();
    expect(emailLink).toHaveBeenCalledWith(5, 7);
  });

  it('shows a converted quote with a link to its order and no link actions', async () => {
    const converted: QuoteDetail = { ...DETAIL, state: 'converted', order: { id: 42, number: '100000042', status: 'partially_paid', paid: false } };
    open('/studio/quotes/5', fakeQuotes({ detail: () => Promise.resolve(converted) }));
    const order = await screen.findByRole('link', { name: 'order #100000042' });
    expect(order.getAttribute('href')).toBe('/studio/orders/42');
    expect(screen.getByText(/Converted to/).textContent).toContain('order #100000042');
    expect(screen.getByText(/Order status:/).textContent).toContain('Partially Paid');
    expect(screen.queryByRole('button', { name: 'Issue a new link' })).toBeNull();
    expect(screen.queryByRole('button', { name: /E-mail the link/ })).toBeNull();
  });

  it('says the smallest part of a split payment, and no "$0.00" when none is set', async () => {
    open('/studio/quotes/5', fakeQuotes({ detail: () => Promise.resolve({ ...DETAIL, splitPaymentEnabled: true, minimumSplit: 250 }) }));
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(totals.textContent).toContain('The customer may pay in parts of at least $250.00.');
    cleanup();
    open('/studio/quotes/5', fakeQuotes({ detail: () => Promise.resolve({ ...DETAIL, splitPaymentEnabled: true, minimumSplit: 0 }) }));
    const any = await screen.findByRole('region', { name: 'Totals' });
    expect(any.textContent).toContain('The customer may pay in parts of any amount.');
    expect(any.textContent).not.toContain('at least');
  });

  it('lets a viewer read a quote but not issue or send its link', async () => {
    open('/studio/quotes/5', fakeQuotes({ detail: () => Promise.resolve(DETAIL) }), operators.viewer);
    expect(await screen.findByText(/The payment link is valid until/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Totals' }).textContent).toContain('$832.29');
    expect(screen.queryByRole('button', { name: 'Issue a new link' })).toBeNull();
    expect(screen.queryByRole('button', { name: /E-mail the link/ })).toBeNull();
  });

  it('says when no quote has the number', async () => {
    open('/studio/quotes/77', fakeQuotes({ detail: () => Promise.reject(new StudioApiError(404, 'not_found', 'Quote not found.')) }));
    expect(await screen.findByText(/No quote has this number/)).toBeTruthy();
  });
});

describe('the quotes list', () => {
  const ROWS: QuoteSummary[] = [
    { id: 6, number: 'Q100006', createdAt: '2026-11-21T10:00:00.000Z', state: 'converted', email: 'sam@example.com', name: 'Sam Lee', total: 1200, link: { expiresAt: '2026-11-28T10:00:00.000Z' }, order: { id: 42, number: '100000042', status: 'pending', paid: false } },
    { id: 5, number: 'Q100005', createdAt: '2026-11-20T10:00:00.000Z', state: 'open', email: 'maria@example.com', name: 'Maria Lopez', total: 832.29, link: { expiresAt: '2026-11-27T10:00:00.000Z' }, order: null },
  ];

  it('lists quotes with their state, total and order; filters by state in the address', async () => {
    const list = vi.fn(() => Promise.resolve({ quotes: ROWS, next: null }));
    open('/studio/quotes', fakeQuotes({ list }));
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Sam Lee');
    expect(within(rows[1]!).getByRole('link', { name: '#100000042' }).getAttribute('href')).toBe('/studio/orders/42');
    expect(rows[2]!.textContent).toContain('$832.29');
    expect(rows[2]!.textContent).toContain('Open');
    expect(within(rows[2]!).getByRole('link', { name: 'Quote Q100005' }).getAttribute('href')).toBe('/studio/quotes/5');
    expect(screen.getByRole('link', { name: 'New quote' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'expired' } });
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ state: 'expired' }, expect.any(AbortSignal)));
    expect(window.location.search).toBe('?state=expired');
  });

  it('pages with the cursor and offers no "New quote" to a viewer', async () => {
    const list = vi.fn((query: { after?: string }) => Promise.resolve(query.after ? { quotes: [ROWS[1]!], next: null } : { quotes: [ROWS[0]!], next: '6' }));
    open('/studio/quotes?search=lee', fakeQuotes({ list }), operators.viewer);
    await screen.findAllByRole('row');
    expect(list).toHaveBeenCalledWith({ search: 'lee' }, expect.any(AbortSignal));
    expect(screen.queryByRole('link', { name: 'New quote' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Next page/ }));
    await waitFor(() => expect(screen.getAllByRole('row')[1]!.textContent).toContain('Maria Lopez'));
    expect(list).toHaveBeenLastCalledWith({ search: 'lee', after: '6' }, expect.any(AbortSignal));
    expect(screen.getByText('That is every matching quote.')).toBeTruthy();
  });

  it('shows an error with a retry', async () => {
    const list = vi.fn().mockRejectedValueOnce(new StudioApiError(500, 'internal', 'Something broke.')).mockResolvedValue({ quotes: [], next: null });
    open('/studio/quotes', fakeQuotes({ list }));
    expect(await screen.findByText(/Could not load the quotes: Something broke\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No quotes yet.')).toBeTruthy();
  });
});
