/** The one error shape of the API: { error, message, fields }, always with a 4xx or 5xx status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): Record<string, unknown> {
    return { error: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}), ...this.extra };
  }
}
