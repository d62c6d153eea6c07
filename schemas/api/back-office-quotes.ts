/** The back office's quotes (issue 21): contracts of the studio's /api/studio/quotes endpoints. */
export const backOfficeQuoteEndpoints = [] as const;
