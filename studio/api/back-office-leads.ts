/**
 * The back office's leads and subscribers client, typed by their contracts
 * (schemas/api/back-office-leads.ts): a change of a schema breaks the build here. The CSV exports and
 * a lead's files are plain links (the browser downloads them with the operator's cookie), so for
 * those this file only builds the addresses.
 */
import type { RequestQuery, ResponseBody } from '../../schemas/api/endpoint';
import type {
  LeadStatus,
  leadDetailEndpoint,
  leadExportEndpoint,
  leadFormsEndpoint,
  leadListEndpoint,
  leadStatusEndpoint,
  subscriberDeleteEndpoint,
  subscriberErasureEndpoint,
  subscriberExportEndpoint,
  subscriberListEndpoint,
} from '../../schemas/api/back-office-leads';
import { call, data, queryString } from './studio-client';

type Data<T> = T extends { data: infer D } ? D : never;
export type LeadForm = Data<ResponseBody<typeof leadFormsEndpoint, 200>>[number];
export type LeadPage = Data<ResponseBody<typeof leadListEndpoint, 200>>;
export type LeadSummary = LeadPage['items'][number];
export type LeadDetail = Data<ResponseBody<typeof leadDetailEndpoint, 200>>;
export type LeadFile = LeadDetail['files'][number];
export type SubscriberPage = Data<ResponseBody<typeof subscriberListEndpoint, 200>>;
export type Subscriber = SubscriberPage['items'][number];
export type Consent = Subscriber['consents'][number];
export type SubscriberRemoved = Data<ResponseBody<typeof subscriberDeleteEndpoint, 200>>;
export type ErasurePlan = Data<ResponseBody<typeof subscriberErasureEndpoint, 200>>;
export type LeadOfAddress = ErasurePlan['otherLeads'][number];

/** A query's named parameters, without the index signature a schema that allows others gets. */
type Named<T> = { [K in keyof T as string extends K ? never : K]: T[K] };
export type LeadQuery = Named<NonNullable<RequestQuery<typeof leadListEndpoint>>>;
export type LeadExportQuery = Named<NonNullable<RequestQuery<typeof leadExportEndpoint>>>;
export type SubscriberQuery = Named<NonNullable<RequestQuery<typeof subscriberListEndpoint>>>;
export type SubscriberExportQuery = Named<NonNullable<RequestQuery<typeof subscriberExportEndpoint>>>;

export const leadExportUrl = (query: LeadExportQuery) => `/api/studio/leads/export.csv${queryString(query)}`;
export const subscriberExportUrl = (query: SubscriberExportQuery) => `/api/studio/subscribers/export.csv${queryString(query)}`;

export const backOfficeLeadClient = {
  forms: (signal?: AbortSignal) => data(call<ResponseBody<typeof leadFormsEndpoint, 200>>('GET', '/api/studio/leads/forms', undefined, signal)),
  leads: (query: LeadQuery, signal?: AbortSignal) => data(call<ResponseBody<typeof leadListEndpoint, 200>>('GET', `/api/studio/leads${queryString(query)}`, undefined, signal)),
  lead: (id: number, signal?: AbortSignal) => data(call<ResponseBody<typeof leadDetailEndpoint, 200>>('GET', `/api/studio/leads/${id}`, undefined, signal)),
  setLeadStatus: (id: number, status: LeadStatus) => data(call<ResponseBody<typeof leadStatusEndpoint, 200>>('PATCH', `/api/studio/leads/${id}`, { status })),
  subscribers: (query: SubscriberQuery, signal?: AbortSignal) =>
    data(call<ResponseBody<typeof subscriberListEndpoint, 200>>('GET', `/api/studio/subscribers${queryString(query)}`, undefined, signal)),
  subscriberErasure: (id: number, signal?: AbortSignal) => data(call<ResponseBody<typeof subscriberErasureEndpoint, 200>>('GET', `/api/studio/subscribers/${id}/erasure`, undefined, signal)),
  removeSubscriber: (id: number, otherLeads = false) =>
    data(call<ResponseBody<typeof subscriberDeleteEndpoint, 200>>('DELETE', `/api/studio/subscribers/${id}${otherLeads ? '?otherLeads=true' : ''}`)),
};

export type BackOfficeLeadClient = typeof backOfficeLeadClient;
