/**
 * The back office's orders client, typed by the contracts (schemas/api/back-office-orders.ts): a
 * change of a schema breaks the build here. Same call and refusals as the studio's client. The
 * refund calls (./back-office-refunds.ts) are part of it: they answer the same order.
 */
import type { RequestBody, RequestQuery, ResponseBody } from '../../schemas/api/endpoint';
import type {
  orderDetailEndpoint,
  orderListEndpoint,
  orderResendConfirmationEndpoint,
  orderStatusEndpoint,
  overpaymentRefundedEndpoint,
} from '../../schemas/api/back-office-orders';
import { backOfficeRefundsClient } from './back-office-refunds';
import { call, data, queryString } from './studio-client';

type Data<T> = T extends { data: infer D } ? D : never;
export type OrderListQuery = Exclude<RequestQuery<typeof orderListEndpoint>, undefined>;
export type OrderListPage = Data<ResponseBody<typeof orderListEndpoint, 200>>;
export type OrderRow = OrderListPage['orders'][number];
export type OrderDetail = Data<ResponseBody<typeof orderDetailEndpoint, 200>>;
export type OrderStatusChange = RequestBody<typeof orderStatusEndpoint>;
export type OrderPayment = OrderDetail['payments'][number];
export type OrderRefund = OrderDetail['refunds'][number];
export type OrderOverpayment = OrderDetail['overpayments'][number];

const order = (id: number) => `/api/studio/orders/${id}`;

export const backOfficeOrdersClient = {
  list: (query: OrderListQuery, signal?: AbortSignal) =>
    data(call<ResponseBody<typeof orderListEndpoint, 200>>('GET', `/api/studio/orders${queryString(query)}`, undefined, signal)),
  detail: (id: number, signal?: AbortSignal) => data(call<ResponseBody<typeof orderDetailEndpoint, 200>>('GET', order(id), undefined, signal)),
  changeStatus: (id: number, body: OrderStatusChange) => data(call<ResponseBody<typeof orderStatusEndpoint, 200>>('POST', `${order(id)}/status`, body)),
  resendConfirmation: (id: number) => call<ResponseBody<typeof orderResendConfirmationEndpoint, 200>>('POST', `${order(id)}/resend-confirmation`, {}),
  markRefunded: (id: number, overpaymentId: number) =>
    data(call<ResponseBody<typeof overpaymentRefundedEndpoint, 200>>('POST', `${order(id)}/overpayments/${overpaymentId}/refunded`, {})),
  ...backOfficeRefundsClient,
};

export type BackOfficeOrdersClient = typeof backOfficeOrdersClient;
