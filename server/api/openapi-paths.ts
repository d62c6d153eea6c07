/**
 * OpenAPI path items assembled from the endpoints' contracts (schemas/api/), never written by hand:
 * `/api/order/:id` becomes `/api/order/{id}`, the params/query/headers schemas become parameters,
 * the body schema the request body, and every 4xx answers the shared Error schema.
 */
import type { Endpoint } from '../../schemas/api/endpoint';

type Schema = { properties?: Record<string, Record<string, unknown>>; required?: readonly string[]; description?: string };

const X_KEYWORDS = /^x-/;

/** The schema without the validator's private keywords (x-message, x-required): OpenAPI shows the rest. */
function publicSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(publicSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !X_KEYWORDS.test(k)).map(([k, v]) => [k, publicSchema(v)]));
}

function parameters(schema: unknown, where: 'path' | 'query' | 'header'): object[] {
  const s = schema as Schema | undefined;
  return Object.entries(s?.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (s?.required ?? []).includes(name),
    schema: publicSchema(property),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

export function contractPaths(endpoints: readonly Endpoint[]): Record<string, Record<string, object>> {
  const paths: Record<string, Record<string, object>> = {};
  for (const e of endpoints) {
    const request = e.request ?? {};
    const params = [...parameters(request.params, 'path'), ...parameters(request.query, 'query'), ...parameters(request.headers, 'header')];
    const responses = Object.fromEntries(
      Object.entries(e.responses).map(([status, schema]) => [
        status,
        Number(status) >= 400
          ? { description: (schema as Schema).description ?? 'An error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }
          : { description: (schema as Schema).description ?? 'OK', content: { [e.responseTypes?.[Number(status)] ?? 'application/json']: { schema: publicSchema(schema) } } },
      ]),
    );
    (paths[openApiPath(e.path)] ??= {})[e.method.toLowerCase()] = {
      summary: e.summary,
      description: `Who may call it: ${e.caller}.`,
      tags: e.tags,
      ...(e.security?.length ? { security: e.security.map((scheme) => ({ [scheme]: [] })) } : {}),
      ...(params.length ? { parameters: params } : {}),
      ...(request.body ? { requestBody: { required: true, content: Object.fromEntries((e.bodyTypes ?? ['application/json']).map((type) => [type, { schema: publicSchema(request.body) }])) } } : {}),
      responses,
    };
  }
  return paths;
}
