/** A quote as `GET /api/quote` answers it, and the order `POST /api/quote/convertToOrder` answers (their contracts, schemas/api/orders.ts). */
import type { RequestBody, ResponseBody } from '../../schemas/api/endpoint';
import type { convertQuoteEndpoint, openQuoteEndpoint } from '../../schemas/api/orders';

export type QuoteView = ResponseBody<typeof openQuoteEndpoint, 200>['data'];

/** The order `POST /api/quote/convertToOrder` answers, with its access token. */
export type ConvertedOrder = ResponseBody<typeof convertQuoteEndpoint, 200>['order'];

/** The answers and the body the page exchanges with the server. */
export type QuoteAnswer = ResponseBody<typeof openQuoteEndpoint, 200>;
export type ConvertRequest = RequestBody<typeof convertQuoteEndpoint>;
export type ConvertAnswer = ResponseBody<typeof convertQuoteEndpoint, 200>;
