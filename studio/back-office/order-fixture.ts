/** For the orders screens' tests: a client whose every call fails unless the test gives it, a list row, and an order in full. */
import { vi } from 'vitest';
import { backOfficeOrdersClient, type BackOfficeOrdersClient, type OrderDetail, type OrderListPage, type OrderRefund, type OrderRow } from '../api/back-office-orders';

/** A client whose every call (the refund calls too) fails unless the test gives it. */
export function fakeOrdersClient(calls: Partial<BackOfficeOrdersClient> = {}): BackOfficeOrdersClient {
  const fail = (name: string) => vi.fn(() => Promise.reject(new Error(`orders client ${name} was not expected in this test`)));
  const names = Object.keys(backOfficeOrdersClient) as (keyof BackOfficeOrdersClient)[];
  return Object.fromEntries(names.map((n) => [n, calls[n] ?? fail(n)])) as unknown as BackOfficeOrdersClient;
}

export const row = (id: number, extra: Partial<OrderRow> = {}): OrderRow => ({
  id,
  incrementId: String(100000000 + id),
  createdAt: '2026-03-02T10:00:00.000Z',
  status: 'ordered',
  customerName: `Customer ${id}`,
  email: `customer${id}@example.com`,
  dealer: null,
  total: 1234.5,
  paid: 1234.5,
  paymentState: 'paid',
  ...extra,
});

export const page = (orders: OrderRow[], next: string | null = null): OrderListPage => ({ orders, next });

/** Totals that no recomputation gives (subtotal + shipping + tax is not the total): the screen shows them as sent. */
export const DETAIL: OrderDetail = {
  id: 7,
  incrementId: '100000007',
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-03T10:00:00.000Z',
  status: 'processing',
  state: 'processing',
  email: 'jane@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  phone: '555-0100',
  customerIsGuest: true,
  customerId: null,
  poNumber: 'PO-77',
  additionalNotes: null,
  dealer: { id: 'riverside-home', name: 'Riverside Home' },
  quote: null,
  items: [
    {
      id: 1, sku: 'B12', name: 'Base cabinet 12"', styleName: 'shaker-white', styleTitle: 'Shaker White', price: 199.99, originalPrice: 199.99, priceInclTax: 216.49,
      qty: 2, weight: 20, rowWeight: 40, rowTotal: 399.98, taxPercent: 8.25, taxAmount: 33, rowTotalInclTax: 432.98, customOptions: [{ type: 'hinge', label: 'Hinge', value: 'Left' }], notes: '',
    },
  ],
  addresses: [
    { id: 1, type: 'billing', email: 'jane@example.com', firstName: 'Jane', lastName: 'Doe', street1: '1 Main St', street2: '', city: 'Austin', state: 'TX', zipCode: '78701', countryId: 'US', phoneNumber: '555-0100' },
    { id: 2, type: 'shipping', email: 'jane@example.com', firstName: 'Jane', lastName: 'Doe', street1: '9 Oak Ave', street2: 'Unit 4', city: 'Austin', state: 'TX', zipCode: '78702', countryId: 'US', phoneNumber: '555-0100' },
  ],
  totals: { subtotal: 399.98, shipping: 49, shippingTax: 0, shippingLabel: 'Freight', shippingMethod: 'freight', tax: 33, taxPercent: 8.25, discount: 0, total: 1481.98, paid: 1500, refunded: 0, due: 0 },
  paymentMethod: { code: 'stripe', label: 'Credit card' },
  paymentState: 'refund_due',
  payments: [
    { id: 31, method: 'stripe', methodLabel: 'Credit card', gateway: 'stripe', status: 'completed', amount: 1500, transactionId: 'txn_abc123', providerReference: 'pi_3Nxyz', createdAt: '2026-03-02T10:05:00.000Z', refunded: 0, refundable: 1500 },
  ],
  refunds: [],
  overpayments: [{ id: 5, paymentId: 31, amount: 18.02, createdAt: '2026-03-02T10:05:00.000Z', refundedAt: null }],
  statusHistory: [
    { id: 2, status: 'processing', comment: 'Cabinets ordered from the factory', customerNotified: false, createdAt: '2026-03-03T10:00:00.000Z' },
    { id: 1, status: 'ordered', comment: 'Paid by card', customerNotified: true, createdAt: '2026-03-02T10:05:00.000Z' },
  ],
  allowedStatuses: ['shipped', 'complete', 'holded', 'canceled'],
  emailSent: true,
};

/** A refund an editor asked for on the payment of DETAIL; a test changes what it needs. */
export const refund = (extra: Partial<OrderRefund> = {}): OrderRefund => ({
  id: 41,
  paymentId: 31,
  kind: 'refund',
  status: 'requested',
  amount: 250,
  currency: 'USD',
  reason: 'returned_goods',
  reasonLabel: 'Samples or goods returned',
  note: 'Two doors came back',
  providerReference: null,
  failureMessage: null,
  requestedBy: 'eddie@example.com',
  decidedBy: null,
  overpaymentId: null,
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
  ...extra,
});
