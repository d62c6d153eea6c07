/**
 * The account pages' calls (docs/accounts.md "Endpoints"), through the one API client. Same-origin
 * fetches carry the session cookie; every answer is this customer's alone, so nothing here is cached.
 * A 401 anywhere means the session is gone: the caller sends the visitor to sign in.
 */
import { ApiRequestError, createApiClient, type ApiClient } from '../../../widgets/api-client';
import type {
  addressCreateEndpoint,
  addressDeleteEndpoint,
  addressListEndpoint,
  addressReadEndpoint,
  addressUpdateEndpoint,
  logoutEndpoint,
  meEndpoint,
  orderEndpoint,
  ordersEndpoint,
  quoteEndpoint,
  quotesEndpoint,
} from '../../../schemas/api/accounts';
import type { Endpoint, RequestBody, ResponseBody } from '../../../schemas/api/endpoint';
import { setSignedInHint } from './signed-in-hint';

/** The lines of an address card: what a saved address and an order's address both carry (the card's props, not a wire type). */
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

// The wire types are the contracts' (schemas/api/accounts.ts), imported as types only: no schema
// object enters the bundle, and a change of an answer breaks the build here.
type Data<E extends Endpoint, S extends keyof E['responses']> = ResponseBody<E, S> extends { data: infer D } ? D : never;

export type SavedAddress = Data<typeof addressReadEndpoint, 200>;
export type AccountMe = Data<typeof meEndpoint, 200>;
export type OrderPage = Data<typeof ordersEndpoint, 200>;
export type QuotePage = Data<typeof quotesEndpoint, 200>;
export type OrderSummary = OrderPage['items'][number];
export type QuoteSummary = QuotePage['items'][number];
export type ListPage<T extends OrderSummary | QuoteSummary> = Omit<OrderPage, 'items'> & { items: T[] };

type OrderDetail = Data<typeof orderEndpoint, 200>;
type QuoteDetail = Data<typeof quoteEndpoint, 200>;
type OrderItem = OrderDetail['items'][number];
type OrderAddress = OrderDetail['addresses'][number];
type QuoteAddress = QuoteDetail['addresses'][number];
type Payment = OrderDetail['payments'][number];

/** An item of an order or a quote, the parts the views read (a quote's item has no options). */
export type DetailItem = Pick<OrderItem, 'id' | 'name' | 'sku' | 'qty' | 'price' | 'rowTotal'> & Partial<Pick<OrderItem, 'notes' | 'customOptions' | 'detail'>>;
export type ItemOption = NonNullable<OrderItem['customOptions']>[number];

/** An address of an order or a quote (a quote's may have a null street2). */
export type DetailAddress = Pick<OrderAddress, 'id' | 'type' | 'firstName' | 'lastName' | 'street1' | 'city' | 'state' | 'zipCode' | 'countryId' | 'phoneNumber'> &
  Partial<Pick<OrderAddress, 'email'>> & { street2?: QuoteAddress['street2'] };

export type DetailPayment = Pick<Payment, 'id' | 'status' | 'amount'> & Partial<Pick<Payment, 'methodLabel' | 'method' | 'transactionId' | 'createdAt'>>;

/**
 * An order (GET /api/my-account/orders/{id}) or a quote (…/quotes/{id}), the parts the views read:
 * what both carry, and each one's own parts as optional. Both answers are assignable to it (checked
 * where the client reads them, below).
 */
export type AccountRecord = Pick<OrderDetail, 'id' | 'createdAt' | 'subtotal' | 'shippingAmount' | 'taxAmount' | 'total'> & {
  /** An order's or a quote's status (OrderDetail['status'] | QuoteDetail['status']); the badge shows any. */
  status: string;
  items: DetailItem[];
  addresses: DetailAddress[];
  payments: DetailPayment[];
} & Partial<Pick<OrderDetail, 'shippingTaxAmount' | 'taxPercent' | 'orderIncrementId' | 'discountAmount' | 'additionalNotes' | 'shippingLabel' | 'payment' | 'splitPaymentEnabled' | 'remainingBalance' | 'firstName' | 'lastName' | 'email' | 'phone' | 'refunds' | 'refundedAmount'>> &
  Partial<Pick<QuoteDetail, 'quoteIncrementId'>>;

/** The body of POST and PATCH /api/my-account/address. */
export type AddressInput = RequestBody<typeof addressCreateEndpoint>;

export const isSignedOut = (err: unknown): boolean => err instanceof ApiRequestError && err.status === 401;

export interface AccountApi {
  me(): Promise<AccountMe>;
  signOut(): Promise<void>;
  addresses(): Promise<SavedAddress[]>;
  address(id: string): Promise<SavedAddress>;
  createAddress(input: AddressInput): Promise<SavedAddress>;
  updateAddress(id: number | string, input: RequestBody<typeof addressUpdateEndpoint>): Promise<SavedAddress>;
  deleteAddress(id: number): Promise<string | null>;
  orders(page: number, pageSize: number): Promise<OrderPage>;
  quotes(page: number, pageSize: number): Promise<QuotePage>;
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
    me: (): Promise<AccountMe> => data(client.get<ResponseBody<typeof meEndpoint, 200>>('/api/my-account/me')),
    async signOut() {
      await client.send<ResponseBody<typeof logoutEndpoint, 200>>('POST', '/api/my-account/logout');
      setSignedInHint(false);
    },
    addresses: (): Promise<SavedAddress[]> => data(client.get<ResponseBody<typeof addressListEndpoint, 200>>('/api/my-account/address')),
    address: (id): Promise<SavedAddress> => data(client.get<ResponseBody<typeof addressReadEndpoint, 200>>(`/api/my-account/address/${encodeURIComponent(id)}`)),
    createAddress: (input): Promise<SavedAddress> => data(client.send<ResponseBody<typeof addressCreateEndpoint, 201>>('POST', '/api/my-account/address', input)),
    updateAddress: (id, input): Promise<SavedAddress> => data(client.send<ResponseBody<typeof addressUpdateEndpoint, 200>>('PATCH', `/api/my-account/address/${encodeURIComponent(String(id))}`, input)),
    deleteAddress: (id) => seen(client.send<Partial<ResponseBody<typeof addressDeleteEndpoint, 200>>>('DELETE', `/api/my-account/address/${id}`)).then((r) => r.message ?? null),
    orders: (page, pageSize): Promise<OrderPage> => data(client.get<ResponseBody<typeof ordersEndpoint, 200>>('/api/my-account/orders', pageQuery(page, pageSize))),
    quotes: (page, pageSize): Promise<QuotePage> => data(client.get<ResponseBody<typeof quotesEndpoint, 200>>('/api/my-account/quotes', pageQuery(page, pageSize))),
    // Both answers are assignable to AccountRecord: a change of either that the views would miss fails here.
    order: (id): Promise<AccountRecord> => data(client.get<ResponseBody<typeof orderEndpoint, 200>>(`/api/my-account/orders/${encodeURIComponent(id)}`)),
    quote: (id): Promise<AccountRecord> => data(client.get<ResponseBody<typeof quoteEndpoint, 200>>(`/api/my-account/quotes/${encodeURIComponent(id)}`)),
  };
}
