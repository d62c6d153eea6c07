/**
 * The back office's refunds client, typed by the contracts (schemas/api/back-office-refunds.ts): a
 * change of a schema breaks the build here. Every call answers the order in full, with its payments
 * and refunds. Asking for a refund and refunding an overpayment carry the dialog's Idempotency-Key,
 * so a double click or a retry of the same request makes one refund. The payments export is a plain
 * link (the browser downloads it with the operator's cookie), so for it this file builds the address.
 */
import type { RequestBody, RequestQuery, ResponseBody } from '../../schemas/api/endpoint';
import type {
  overpaymentRefundEndpoint,
  paymentsExportEndpoint,
  refundCarryOutEndpoint,
  refundRefuseEndpoint,
  refundRequestEndpoint,
} from '../../schemas/api/back-office-refunds';
import { call, data, queryString } from './studio-client';

export type RefundRequest = RequestBody<typeof refundRequestEndpoint>;
export type PaymentsExportQuery = NonNullable<RequestQuery<typeof paymentsExportEndpoint>>;

const order = (id: number) => `/api/studio/orders/${id}`;
const keyed = (key: string) => ({ 'Idempotency-Key': key });

/** The CSV of the payments and refunds of a period (UTC days, both included). */
export const paymentsExportUrl = (query: PaymentsExportQuery) => `/api/studio/payments/export${queryString(query)}`;

/**
 * A key for one request, kept while the operator retries it. crypto.randomUUID exists only on a
 * secure page (https or localhost); a studio opened over plain http on the shop's network makes the
 * same kind of key from crypto.getRandomValues.
 */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const backOfficeRefundsClient = {
  /** Asks for a refund (or a void of a payment still waiting); `carryOut` also carries it out (a publisher). */
  requestRefund: (id: number, body: RefundRequest, requestKey: string) =>
    data(call<ResponseBody<typeof refundRequestEndpoint, 200>>('POST', `${order(id)}/refunds`, body, undefined, keyed(requestKey))),
  carryOutRefund: (id: number, refundId: number) => data(call<ResponseBody<typeof refundCarryOutEndpoint, 200>>('POST', `${order(id)}/refunds/${refundId}/carry-out`, {})),
  refuseRefund: (id: number, refundId: number, comment: string) =>
    data(call<ResponseBody<typeof refundRefuseEndpoint, 200>>('POST', `${order(id)}/refunds/${refundId}/refuse`, { comment } satisfies RequestBody<typeof refundRefuseEndpoint>)),
  refundOverpayment: (id: number, overpaymentId: number, requestKey: string) =>
    data(call<ResponseBody<typeof overpaymentRefundEndpoint, 200>>('POST', `${order(id)}/overpayments/${overpaymentId}/refund`, {}, undefined, keyed(requestKey))),
};

export type BackOfficeRefundsClient = typeof backOfficeRefundsClient;
