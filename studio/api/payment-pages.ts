/**
 * The Payment pages client, typed by the contracts (schemas/api/payment-pages.ts): a change of a
 * schema breaks the build here. The evidence is a plain link (the browser downloads it with the
 * operator's cookie), so for it this file builds the address.
 */
import type { ResponseBody } from '../../schemas/api/endpoint';
import type { approveCheckEndpoint, paymentPageChecksEndpoint, paymentPagesOverviewEndpoint, violationKindsEndpoint } from '../../schemas/api/payment-pages';
import { call, data } from './studio-client';

type Data<T> = T extends { data: infer D } ? D : never;
export type PaymentPagesOverview = Data<ResponseBody<typeof paymentPagesOverviewEndpoint, 200>>;
export type PaymentPageChecks = Data<ResponseBody<typeof paymentPageChecksEndpoint, 200>>;
export type PaymentPageCheck = PaymentPageChecks['checks'][number];
export type ViolationKinds = Data<ResponseBody<typeof violationKindsEndpoint, 200>>;

export const evidenceUrl = (format: 'json' | 'html') => `/api/studio/payment-pages/evidence?format=${format}`;

export const paymentPagesClient = {
  overview: () => data(call<ResponseBody<typeof paymentPagesOverviewEndpoint, 200>>('GET', '/api/studio/payment-pages')),
  checks: () => data(call<ResponseBody<typeof paymentPageChecksEndpoint, 200>>('GET', '/api/studio/payment-pages/checks')),
  violations: () => data(call<ResponseBody<typeof violationKindsEndpoint, 200>>('GET', '/api/studio/payment-pages/violations')),
  approve: (id: number) => data(call<ResponseBody<typeof approveCheckEndpoint, 200>>('POST', `/api/studio/payment-pages/checks/${id}/approve`, {})),
};

export type PaymentPagesClient = typeof paymentPagesClient;
