/**
 * Every endpoint's contract (./endpoint.ts). The server validates with them, the OpenAPI document
 * is assembled from them, and the browser's clients are typed by them.
 */
import type { Endpoint } from './endpoint';
import { healthEndpoint, readyEndpoint } from './health';
import { formsEndpoints } from './forms';
import { catalogEndpoints } from './catalog';
import { accountEndpoints } from './accounts';
import { paymentEndpoints } from './payments';
import { orderEndpoints } from './orders';
import { studioEndpoints } from './studio';
import { backOfficeOrderEndpoints } from './back-office-orders';
import { backOfficeQuoteEndpoints } from './back-office-quotes';
import { backOfficeLeadEndpoints } from './back-office-leads';
import { backOfficeRefundEndpoints } from './back-office-refunds';
import { reviewEndpoints } from './studio-reviews';
import { imageEndpoints } from './studio-images';
import { blockCatalogueEndpoints } from './studio-blocks';
import { paymentPageEndpoints } from './payment-pages';

export const endpoints: readonly Endpoint[] = [
  healthEndpoint, readyEndpoint, ...formsEndpoints, ...catalogEndpoints, ...accountEndpoints, ...paymentEndpoints, ...orderEndpoints, ...studioEndpoints,
  ...backOfficeOrderEndpoints,
  ...backOfficeQuoteEndpoints,
  ...backOfficeLeadEndpoints,
  ...backOfficeRefundEndpoints,
  ...reviewEndpoints,
  ...imageEndpoints,
  ...blockCatalogueEndpoints,
  ...paymentPageEndpoints,
];
