/** The back office's leads (issue 21): contracts of the studio's /api/studio/leads endpoints. */
export const backOfficeLeadEndpoints = [] as const;
