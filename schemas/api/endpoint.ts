/**
 * One contract per endpoint: the JSON Schemas of its request (path parameters, query, headers that
 * matter, body) and of each answer, as `as const` objects. The server validates requests with them
 * (server/http/contract.ts) and, in tests, every answer; the OpenAPI document is assembled from them
 * (server/api/openapi-document.ts); the browser's API clients take their types from them
 * (`RequestBody<E>`, `ResponseBody<E, 200>`), so a change of a schema breaks the build where it must.
 *
 * `x-message` on a property's schema is the field message the specification gives when that value is
 * wrong (`x-required`: when it is missing); the validator answers {error, message, fields} with them.
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointRequest {
  params?: JSONSchema;
  query?: JSONSchema;
  headers?: JSONSchema;
  body?: JSONSchema;
}

export interface Endpoint {
  method: HttpMethod;
  /** As the router writes it: `/api/order/:id`. */
  path: string;
  summary: string;
  /** Who may call it, in a phrase (the OpenAPI description and docs/security.md say the same). */
  caller: string;
  /**
   * The credentials that prove the caller, by the OpenAPI security scheme's name (orderToken,
   * quoteLink, customerToken, customerSession); several are alternatives. Absent: no credential.
   */
  security?: readonly string[];
  tags: readonly string[];
  request?: EndpointRequest;
  /** Answers by status; a 4xx is always the error shape (`errorSchema`). */
  responses: Readonly<Record<number, JSONSchema>>;
  /** Media types of the request body (default JSON); the body schema describes what the server reads from any of them. */
  bodyTypes?: readonly string[];
  /** Media type of an answer that is not JSON, by status (an image, a page). */
  responseTypes?: Readonly<Record<number, string>>;
  /**
   * The answer to a request its schemas refuse: by default 400 validation_failed with the first
   * field's message and every field's. `describe: false` for an endpoint that must not say what it
   * refused (one answer, no fields).
   */
  invalid?: { error: string; message?: string; status?: number; describe?: boolean };
}

/** Keeps the literal types of a contract, for FromSchema. */
export function endpoint<const E extends Endpoint>(contract: E): E {
  return contract;
}

type Part<E extends Endpoint, K extends keyof EndpointRequest> = E['request'] extends { [P in K]: infer S } ? (S extends JSONSchema ? FromSchema<S> : never) : undefined;
export type RequestBody<E extends Endpoint> = Part<E, 'body'>;
export type RequestQuery<E extends Endpoint> = Part<E, 'query'>;
export type RequestParams<E extends Endpoint> = Part<E, 'params'>;
export type ResponseBody<E extends Endpoint, S extends keyof E['responses']> = E['responses'][S] extends JSONSchema ? FromSchema<E['responses'][S]> : never;

/** The `{success: true, data}` answer most endpoints give, around the schema of its data. */
export function successWith<const D extends JSONSchema>(data: D) {
  return { type: 'object', required: ['success', 'data'], additionalProperties: false, properties: { success: { const: true }, data } } as const;
}

/** Every 4xx (and the 503 of a database that does not answer). */
export const errorSchema = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string', description: 'A stable code, such as validation_failed or payment_waiting' },
    message: { type: 'string', description: 'What a person reads' },
    fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'One message per wrong field, by its path (items.0.qty)' },
  },
} as const;

/**
 * US dollars with two decimals. Not `multipleOf: 0.01`: 9.99 is not a multiple of 0.01 in floating
 * point, so a standard validator would refuse the store's own prices.
 */
export const moneySchema = { type: 'number', description: 'US dollars, two decimals' } as const;
