/**
 * A payment step that leaves the page (the test gateway's authentication) returns to the page the
 * customer paid on, which must be the store's or an allowed dealer's (or the store would be an open
 * redirect). When it is not, no payment starts, and the page says why in its own words: the generic
 * 'Form validation failed' had customers re-checking a form that was fine. Not worded by the
 * specification; the server and the payment widgets share these words.
 */
export const RETURN_ADDRESS_MESSAGES = {
  /** `fields.returnUrl` of the refusal. */
  field: 'Is not an address of this store or of an allowed site',
  /** What the page shows: `origin` is the page's, when known. */
  refused: (origin?: string): string =>
    `Payments cannot be taken on this page${origin ? ` (${origin})` : ''}: it is not one of the store's own addresses. Nothing was charged. Please open the store at its own address and pay there.`,
} as const;
