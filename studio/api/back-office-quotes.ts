/**
 * The back office's quotes client, typed by the contracts (schemas/api/back-office-quotes.ts): a
 * change of a schema breaks the build here. Same call and refusals as the studio's client.
 */
import type { RequestBody, RequestQuery, ResponseBody } from '../../schemas/api/endpoint';
import type {
  cabinetStylesEndpoint,
  catalogSearchEndpoint,
  quoteCreateEndpoint,
  quoteDetailEndpoint,
  quoteDraftEndpoint,
  quoteEmailEndpoint,
  quoteLinkEndpoint,
  quoteListEndpoint,
  quoteImportEndpoint,
  quotePriceEndpoint,
  quoteUpdateEndpoint,
} from '../../schemas/api/back-office-quotes';
import { call, data, queryString } from './studio-client';

type Data<T> = T extends { data: infer D } ? D : never;
export type CatalogLine = Data<ResponseBody<typeof catalogSearchEndpoint, 200>>[number];
export type CatalogOption = CatalogLine['finishes'][number];
export type CabinetStyle = Data<ResponseBody<typeof cabinetStylesEndpoint, 200>>[number];
export type CabinetListRequest = RequestBody<typeof quoteImportEndpoint>;
export type CabinetListRead = Data<ResponseBody<typeof quoteImportEndpoint, 200>>;
export type QuotePriceRequest = RequestBody<typeof quotePriceEndpoint>;
export type QuotePrice = Data<ResponseBody<typeof quotePriceEndpoint, 200>>;
export type QuoteCreateRequest = RequestBody<typeof quoteCreateEndpoint>;
export type QuoteCreated = Data<ResponseBody<typeof quoteCreateEndpoint, 201>>;
export type QuoteUpdateRequest = RequestBody<typeof quoteUpdateEndpoint>;
/** A draft as the builder opens it again: its last body and the catalog lines it names. */
export type DraftToOpen = Data<ResponseBody<typeof quoteDraftEndpoint, 200>>;
export type QuoteListQuery = Exclude<RequestQuery<typeof quoteListEndpoint>, undefined>;
export type QuoteListPage = Data<ResponseBody<typeof quoteListEndpoint, 200>>;
export type QuoteSummary = QuoteListPage['quotes'][number];
export type QuoteDetail = Data<ResponseBody<typeof quoteDetailEndpoint, 200>>;
export type QuoteAddress = NonNullable<QuoteDetail['billingAddress']>;
export type IssuedLink = Data<ResponseBody<typeof quoteLinkEndpoint, 200>>;
export type LinkEmailed = Data<ResponseBody<typeof quoteEmailEndpoint, 200>>;

const quote = (id: number) => `/api/studio/quotes/${id}`;

export const backOfficeQuotesClient = {
  catalog: (search: string, signal?: AbortSignal) =>
    data(call<ResponseBody<typeof catalogSearchEndpoint, 200>>('GET', `/api/studio/catalog${queryString({ search: search.trim() })}`, undefined, signal)),
  styles: (signal?: AbortSignal) => data(call<ResponseBody<typeof cabinetStylesEndpoint, 200>>('GET', '/api/studio/catalog/styles', undefined, signal)),
  importList: (body: CabinetListRequest) => data(call<ResponseBody<typeof quoteImportEndpoint, 200>>('POST', '/api/studio/quotes/import', body)),
  price: (body: QuotePriceRequest, signal?: AbortSignal) => data(call<ResponseBody<typeof quotePriceEndpoint, 200>>('POST', '/api/studio/quotes/price', body, signal)),
  create: (body: QuoteCreateRequest) => data(call<ResponseBody<typeof quoteCreateEndpoint, 201>>('POST', '/api/studio/quotes', body)),
  draft: (id: number, signal?: AbortSignal) => data(call<ResponseBody<typeof quoteDraftEndpoint, 200>>('GET', `${quote(id)}/draft`, undefined, signal)),
  update: (id: number, body: QuoteUpdateRequest) => data(call<ResponseBody<typeof quoteUpdateEndpoint, 200>>('PUT', quote(id), body)),
  list: (query: QuoteListQuery, signal?: AbortSignal) => data(call<ResponseBody<typeof quoteListEndpoint, 200>>('GET', `/api/studio/quotes${queryString({ state: query.state, search: query.search, after: query.after })}`, undefined, signal)),
  detail: (id: number, signal?: AbortSignal) => data(call<ResponseBody<typeof quoteDetailEndpoint, 200>>('GET', quote(id), undefined, signal)),
  issueLink: (id: number, days: number) => data(call<ResponseBody<typeof quoteLinkEndpoint, 200>>('POST', `${quote(id)}/link`, { days })),
  emailLink: (id: number, days: number) => data(call<ResponseBody<typeof quoteEmailEndpoint, 200>>('POST', `${quote(id)}/email`, { days })),
};

export type BackOfficeQuotesClient = typeof backOfficeQuotesClient;
