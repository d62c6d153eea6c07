/** The back office's orders (issue 21): contracts of the studio's /api/studio/orders endpoints. */
export const backOfficeOrderEndpoints = [] as const;
