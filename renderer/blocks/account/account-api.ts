/**
 * The account pages' calls (docs/accounts.md "Endpoints"), through the one API client. Same-origin
 * fetches carry the session cookie; every answer is this customer's alone, so nothing here is cached.
 * A 401 anywhere means the session is gone: the caller sends the visitor to sign in.
 */
import { ApiRequestError, createApiClient, type ApiClient } from '../../../widgets/api-client';
import { setSignedInHint } from './signed-in-hint';

/** The lines of an address card: what a saved address and an order's address both carry. */
export interface AddressLines {
  firstName: string;
  lastName: string;
  company?: string | null;
  street1: string;
  street2?: string | null;
  city: string;
  state: string;
  zipCode: string;
  countryId: string;
  phoneNumber?: string | null;
  email?: string | null;
}

export interface SavedAddress extends AddressLines {
  id: number;
  type: 'shipping' | 'billing';
  phoneNumber: string;
  isDefault?: boolean;
  isDefaultShipping: boolean;
  isDefaultBilling: boolean;
}

export interface AccountMe {
  user: { email: string; firstName: string; lastName: string; phone?: string | null; customer: number };
  customer: { id: number; email: string; firstName: string; lastName: string; phoneNumber?: string | null; addresses: SavedAddress[]; defaultShipping: number | null; defaultBilling: number | null };
}

export interface OrderSummary {
  id: number;
  orderIncrementId: string;
  createdAt: string;
  status: string;
  total: number;
  totalItemCount?: number;
  shippingLabel?: string | null;
  paymentMethodLabel?: string | null;
}

export interface QuoteSummary {
  id: number;
  quoteIncrementId: string;
  createdAt: string;
  status: string;
  total: number;
  poNumber?: string;
}

export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ItemOption {
  type?: string;
  label?: string;
  value?: string;
}

export interface DetailItem {
  id: number;
  name: string;
  sku: string;
  qty: number;
  price: number;
  rowTotal: number;
  notes?: string | null;
  customOptions?: ItemOption[];
}

export interface DetailAddress extends AddressLines {
  id: number;
  type: string;
}

export interface DetailPayment {
  id: number;
  status: string;
  amount: number;
  methodLabel?: string | null;
  method?: string | null;
  transactionId?: string | null;
  createdAt?: string;
}

/** An order (GET /api/my-account/orders/{id}) or a quote (…/quotes/{id}), the parts the views read. */
export interface AccountRecord {
  id: number;
  orderIncrementId?: string;
  quoteIncrementId?: string;
  createdAt: string;
  status: string;
  items: DetailItem[];
  subtotal: number;
  shippingAmount: number;
  taxAmount: number;
  discountAmount?: number;
  total: number;
  additionalNotes?: string | null;
  addresses: DetailAddress[];
  payments: DetailPayment[];
  shippingLabel?: string | null;
  payment?: { method?: string | null; methodLabel?: string | null };
  splitPaymentEnabled?: boolean;
  remainingBalance?: number;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
}

export type AddressInput = Omit<SavedAddress, 'id' | 'isDefault' | 'isDefaultShipping' | 'isDefaultBilling'> & {
  defaultShipping?: boolean;
  defaultBilling?: boolean;
};

export const isSignedOut = (err: unknown): boolean => err instanceof ApiRequestError && err.status === 401;

export interface AccountApi {
  me(): Promise<AccountMe>;
  signOut(): Promise<void>;
  addresses(): Promise<SavedAddress[]>;
  address(id: string): Promise<SavedAddress>;
  createAddress(input: AddressInput): Promise<SavedAddress>;
  updateAddress(id: number | string, input: Partial<AddressInput>): Promise<SavedAddress>;
  deleteAddress(id: number): Promise<string | null>;
  orders(page: number, pageSize: number): Promise<ListPage<OrderSummary>>;
  quotes(page: number, pageSize: number): Promise<ListPage<QuoteSummary>>;
  order(id: string): Promise<AccountRecord>;
  quote(id: string): Promise<AccountRecord>;
}

export function accountApi(client: ApiClient = createApiClient('')): AccountApi {
  /** Every call: a 401 also clears the header's hint. */
  const seen = async <T>(call: Promise<T>): Promise<T> => {
    try {
      const value = await call;
      setSignedInHint(true);
      return value;
    } catch (err) {
      if (isSignedOut(err)) setSignedInHint(false);
      throw err;
    }
  };
  const data = <T>(call: Promise<{ data: T }>) => seen(call).then((r) => r.data);
  const pageQuery = (page: number, pageSize: number) => ({ page: String(page), pageSize: String(pageSize) });
  return {
    me: () => data(client.get<{ data: AccountMe }>('/api/my-account/me')),
    async signOut() {
      await client.send('POST', '/api/my-account/logout');
      setSignedInHint(false);
    },
    addresses: () => data(client.get<{ data: SavedAddress[] }>('/api/my-account/address')),
    address: (id) => data(client.get<{ data: SavedAddress }>(`/api/my-account/address/${encodeURIComponent(id)}`)),
    createAddress: (input) => data(client.send<{ data: SavedAddress }>('POST', '/api/my-account/address', input)),
    updateAddress: (id, input) => data(client.send<{ data: SavedAddress }>('PATCH', `/api/my-account/address/${encodeURIComponent(String(id))}`, input)),
    deleteAddress: (id) => seen(client.send<{ message?: string }>('DELETE', `/api/my-account/address/${id}`)).then((r) => r.message ?? null),
    orders: (page, pageSize) => data(client.get<{ data: ListPage<OrderSummary> }>('/api/my-account/orders', pageQuery(page, pageSize))),
    quotes: (page, pageSize) => data(client.get<{ data: ListPage<QuoteSummary> }>('/api/my-account/quotes', pageQuery(page, pageSize))),
    order: (id) => data(client.get<{ data: AccountRecord }>(`/api/my-account/orders/${encodeURIComponent(id)}`)),
    quote: (id) => data(client.get<{ data: AccountRecord }>(`/api/my-account/quotes/${encodeURIComponent(id)}`)),
  };
}
