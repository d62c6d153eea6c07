/**
 * Requests checked against their endpoint's contract (schemas/api/): ajv compiles every schema once
 * at start; a refused request is answered 400 {error, message, fields} with each field's own message
 * (`x-message`, `x-required` in the schema) and the error code its schema names (`x-error`), never a 500. What a schema cannot say (a SKU in the
 * catalog, a state's ZIP prefix) is checked after, beside the schema, by the route's service.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Context } from 'koa';
import type { Endpoint, EndpointRequest, RequestBody, RequestParams, RequestQuery } from '../../schemas/api/endpoint';
import { ApiError } from './api-error';

export const contractAjv = new Ajv({ allErrors: true, verbose: true, strict: true, coerceTypes: false, useDefaults: false });
addFormats(contractAjv);
// The field messages of the specification, read by fieldErrors below; and OpenAPI's own words.
for (const keyword of ['x-message', 'x-required', 'x-error', 'example']) contractAjv.addKeyword({ keyword });

const compiled = new WeakMap<object, ValidateFunction>();

/** One compiled validator per schema object (compiled on first use, then kept). */
export function validatorOf(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = contractAjv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** `/items/0/qty` → `items.0.qty`, the field names the API has always answered with (`body`: the whole of it). */
function fieldName(instancePath: string, child?: string): string {
  const parts = instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  return parts.join('.') || 'body';
}

const DEFAULTS: Record<string, string> = {
  required: 'This field is required.',
  type: 'This value has the wrong type.',
  additionalProperties: 'This field is not allowed.',
};

/** Each wrong field with its message, in the order the schema found them. */
export function fieldErrors(errors: readonly ErrorObject[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const e of errors) {
    let name: string;
    let message: string | undefined;
    if (e.keyword === 'required') {
      const missing = (e.params as { missingProperty: string }).missingProperty;
      name = fieldName(e.instancePath, missing);
      const property = (e.parentSchema as { properties?: Record<string, Record<string, unknown>> } | undefined)?.properties?.[missing];
      message = (property?.['x-required'] ?? property?.['x-message']) as string | undefined;
    } else if (e.keyword === 'additionalProperties') {
      name = fieldName(e.instancePath, (e.params as { additionalProperty: string }).additionalProperty);
    } else {
      name = fieldName(e.instancePath);
      message = (e.parentSchema as Record<string, unknown> | undefined)?.['x-message'] as string | undefined;
    }
    if (fields[name] === undefined) fields[name] = message ?? DEFAULTS[e.keyword] ?? `This value is not valid (${e.message ?? e.keyword}).`;
  }
  return fields;
}

type SchemaNode = Record<string, unknown> | undefined;

/**
 * The `x-error` code that governs one failing keyword: the nearest along its schema path (for a
 * missing property, that property's own).
 */
function codeOf(root: object, e: ErrorObject): string | undefined {
  let node = root as SchemaNode;
  let code = node?.['x-error'] as string | undefined;
  // The path's last segment is the failing keyword itself.
  for (const segment of e.schemaPath.replace(/^#\/?/, '').split('/').slice(0, -1)) {
    node = node?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')] as SchemaNode;
    if (typeof node?.['x-error'] === 'string') code = node['x-error'];
  }
  if (e.keyword === 'required') {
    const missing = (node?.properties as Record<string, SchemaNode> | undefined)?.[(e.params as { missingProperty: string }).missingProperty];
    if (typeof missing?.['x-error'] === 'string') code = missing['x-error'];
  }
  return code;
}

/** The code of a refusal: the one `x-error` every failing keyword falls under, else validation_failed. */
export function errorCode(schema: object, errors: readonly ErrorObject[]): string {
  const codes = new Set(errors.map((e) => codeOf(schema, e)));
  const [only] = codes;
  return codes.size === 1 && only !== undefined ? only : 'validation_failed';
}

function check(endpoint: Endpoint, part: keyof EndpointRequest, value: unknown): void {
  const schema = endpoint.request?.[part];
  if (!schema || typeof schema !== 'object') return;
  const validate = validatorOf(schema);
  if (validate(value)) return;
  const fields = fieldErrors(validate.errors ?? []);
  const first = Object.values(fields)[0] ?? 'The request is not valid.';
  const invalid = endpoint.invalid;
  throw new ApiError(invalid?.status ?? 400, invalid?.error ?? errorCode(schema, validate.errors ?? []), invalid?.message ?? first, invalid?.describe === false ? undefined : fields);
}

/** A body checked against its endpoint's contract outside a request (a command that takes the same body): the 400 of check. */
export function checkBody<E extends Endpoint>(endpoint: E, body: unknown): RequestBody<E> {
  check(endpoint, 'body', body);
  return body as RequestBody<E>;
}

export interface CheckedRequest<E extends Endpoint> {
  body: RequestBody<E>;
  query: RequestQuery<E>;
  params: RequestParams<E>;
}

/**
 * The request's parts, checked: path parameters, query, headers (by lower-case name), and `body`
 * (already parsed, e.g. by readJson). Throws the 400 of the first part that is wrong.
 */
export function checkRequest<E extends Endpoint>(endpoint: E, ctx: Context, body?: unknown): CheckedRequest<E> {
  // The answer is checked against the same contract in tests (./response-check.ts).
  (ctx.state as { contract?: Endpoint }).contract = endpoint;
  const params = (ctx as unknown as { params?: Record<string, string> }).params ?? {};
  check(endpoint, 'params', params);
  check(endpoint, 'query', ctx.query);
  check(endpoint, 'headers', ctx.headers);
  check(endpoint, 'body', body);
  return { body, query: ctx.query, params } as unknown as CheckedRequest<E>;
}
