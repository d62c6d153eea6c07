/**
 * Every endpoint's contract (./endpoint.ts). The server validates with them, the OpenAPI document
 * is assembled from them, and the browser's clients are typed by them.
 */
import type { Endpoint } from './endpoint';
import { healthEndpoint, readyEndpoint } from './health';

export const endpoints: readonly Endpoint[] = [healthEndpoint, readyEndpoint];
