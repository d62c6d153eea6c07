/**
 * Checks requests against a provider's own OpenAPI document, as the provider would: the operation
 * for the method and path, its path, query and header parameters, and its request body schema.
 * Used by the fake providers in tests, so a request the real provider would refuse fails the test.
 *
 * The documents are the extracts vendored in ./providers (the operations our adapters call and what
 * they reference; see providers/vendored-operations.ts), so the contract tests run from any clone.
 *
 * OpenAPI 3.0 schemas are close to JSON Schema draft-07 but not the same: `nullable` and boolean
 * `exclusiveMinimum` are mapped first; unknown keywords (x-*, discriminator, example) are ignored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { VENDORED_DOCUMENTS, vendoredDir, type VendoredDocumentName } from './providers/vendored-operations';

export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>>; components?: unknown };

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: unknown;
  $ref?: string;
}

interface OpenApiOperation {
  operationId?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { $ref?: string; required?: boolean; content?: Record<string, { schema: unknown }> };
}

const documents = new Map<VendoredDocumentName, OpenApiDocument>();

/** Reads (once per process) and normalises a vendored provider document, e.g. 'stripe'. */
export function loadOpenApi(name: VendoredDocumentName): OpenApiDocument {
  let doc = documents.get(name);
  if (!doc) {
    doc = normalise(JSON.parse(fs.readFileSync(path.join(vendoredDir, VENDORED_DOCUMENTS[name].file), 'utf8'))) as OpenApiDocument;
    documents.set(name, doc);
  }
  return doc;
}

/**
 * Why a request matched no operation. The extracts hold only the operations in
 * vendored-operations.ts: an adapter calling another one needs it added there and extracted.
 */
export function unknownOperation(provider: string, method: string, urlPath: string): string {
  return `${method} ${urlPath}: ${provider} has no such operation, or it is not in the vendored extract (add it to server/gateways/fakes/providers/vendored-operations.ts and run npm run providers:extract)`;
}

function normalise(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalise);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    // Examples and descriptions are data, not schemas: keep them as they are.
    out[key] = key === 'example' || key === 'examples' ? value : normalise(value);
  }
  if (out.exclusiveMinimum === true && typeof out.minimum === 'number') {
    out.exclusiveMinimum = out.minimum;
    delete out.minimum;
  }
  if (out.exclusiveMaximum === true && typeof out.maximum === 'number') {
    out.exclusiveMaximum = out.maximum;
    delete out.maximum;
  }
  if (out.exclusiveMinimum === false) delete out.exclusiveMinimum;
  if (out.exclusiveMaximum === false) delete out.exclusiveMaximum;
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (out.type === undefined) return { anyOf: [out, { type: 'null' }] };
  } else if (out.nullable === false) delete out.nullable;
  return out;
}

function pointer(parts: string[]): string {
  return '#/' + parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

export interface OperationMatch {
  template: string;
  method: string;
  params: Record<string, string>;
  operation: OpenApiOperation;
}

export class OpenApiValidator {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: Array<{ template: string; regex: RegExp; names: string[] }>;

  /** `coerce`: form-encoded bodies and query strings carry only strings; JSON bodies are checked as typed. */
  constructor(
    private readonly doc: OpenApiDocument,
    private readonly id: string,
    private readonly options: { coerceBody: boolean },
  ) {
    // PayPal's patterns are written for non-unicode regular expressions, hence unicodeRegExp: false.
    this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, unicodeRegExp: false, coerceTypes: options.coerceBody ? 'array' : false });
    this.ajv.addSchema(doc as object, id);
    this.templates = Object.keys(doc.paths)
      .map((template) => {
        const names: string[] = [];
        const regex = new RegExp(
          '^' +
            template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_m, name: string) => {
              names.push(name);
              return '([^/]+)';
            }) +
            '$',
        );
        return { template, regex, names };
      })
      // Literal paths win over templated ones (/orders/{id} must not swallow /orders/{id}/capture).
      .sort((a, b) => a.names.length - b.names.length);
  }

  match(method: string, urlPath: string): OperationMatch | null {
    const lower = method.toLowerCase();
    for (const { template, regex, names } of this.templates) {
      const m = regex.exec(urlPath);
      const operation = m && this.doc.paths[template]?.[lower];
      if (m && operation) {
        const params: Record<string, string> = {};
        names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1]!)));
        return { template, method: lower, params, operation };
      }
    }
    return null;
  }

  private validator(ref: string): ValidateFunction {
    let fn = this.compiled.get(ref);
    if (!fn) {
      fn = this.ajv.getSchema(`${this.id}${ref}`);
      if (!fn) throw new Error(`No schema at ${ref} in ${this.id}`);
      this.compiled.set(ref, fn);
    }
    return fn;
  }

  private resolve<T>(value: T & { $ref?: string }): T {
    if (!value.$ref) return value;
    let node: unknown = this.doc;
    for (const part of value.$ref.replace(/^#\//, '').split('/')) node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    return node as T;
  }

  private check(ref: string, data: unknown, where: string): string[] {
    const fn = this.validator(ref);
    if (fn(data)) return [];
    return (fn.errors ?? []).map((e) => `${where}${e.instancePath || ''} ${e.message ?? 'is invalid'}${e.params && 'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : ''}`);
  }

  /**
   * Every problem the provider would find in this request, as readable lines; [] when it is valid.
   * `body` is the decoded body (JSON value, or the object decoded from a form); undefined when none was sent.
   */
  validateRequest(
    match: OperationMatch,
    request: { query: Record<string, unknown>; headers: Record<string, string | undefined>; body: unknown; contentType: string | undefined },
  ): string[] {
    const problems: string[] = [];
    const base = ['paths', match.template, match.method];
    const parameters = (match.operation.parameters ?? []).map((p) => this.resolve(p));
    const known = new Set<string>();
    parameters.forEach((raw, index) => {
      const p = raw;
      const ref = match.operation.parameters![index]!.$ref
        ? match.operation.parameters![index]!.$ref!
        : pointer([...base, 'parameters', String(index)]);
      const schemaRef = `${ref}/schema`;
      let value: unknown;
      if (p.in === 'path') value = match.params[p.name];
      else if (p.in === 'query') {
        known.add(p.name);
        value = request.query[p.name];
      } else if (p.in === 'header') value = request.headers[p.name.toLowerCase()];
      else return;
      if (value === undefined) {
        if (p.required) problems.push(`${p.in} parameter ${p.name} is required`);
        return;
      }
      if (p.schema) {
        // Query and header values are strings on the wire; check them as the schema's type would read them.
        const coerced = this.coerceParameter(value, p.schema);
        problems.push(...this.check(schemaRef, coerced, `${p.in} parameter ${p.name}`));
      }
    });
    for (const name of Object.keys(request.query)) {
      if (!known.has(name)) problems.push(`query parameter ${name} is not accepted by this operation`);
    }

    const body = match.operation.requestBody ? this.resolve(match.operation.requestBody) : undefined;
    const bodyRef = match.operation.requestBody?.$ref ?? pointer([...base, 'requestBody']);
    if (request.body !== undefined && !(typeof request.body === 'object' && request.body !== null && Object.keys(request.body).length === 0 && match.method === 'get')) {
      if (!body?.content) problems.push('this operation takes no request body');
      else {
        const type = (request.contentType ?? '').split(';')[0]!.trim().toLowerCase();
        if (!body.content[type]) problems.push(`content type ${type || '(none)'} is not accepted; expected ${Object.keys(body.content).join(' or ')}`);
        else problems.push(...this.check(`${bodyRef}/content/${type.replace(/\//g, '~1')}/schema`, request.body, 'body'));
      }
    } else if (body?.required) problems.push('a request body is required');
    return problems;
  }

  /** Checks a response the fake is about to send against the operation's schema for that status. */
  validateResponse(match: OperationMatch, status: number, body: unknown): string[] {
    const responses = (match.operation as { responses?: Record<string, { content?: Record<string, unknown> }> }).responses ?? {};
    const entry = responses[String(status)] ? String(status) : 'default';
    if (!responses[entry]?.content?.['application/json']) return [];
    const ref = pointer(['paths', match.template, match.method, 'responses', entry, 'content', 'application/json', 'schema']);
    return this.check(ref, body, `response ${status}`);
  }

  private coerceParameter(value: unknown, schema: unknown): unknown {
    const type = (this.resolve(schema as { $ref?: string }) as { type?: unknown }).type;
    if (typeof value === 'string' && (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
    if (typeof value === 'string' && type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
    if (type === 'array' && !Array.isArray(value)) return [value];
    return value;
  }
}

/**
 * Decodes an application/x-www-form-urlencoded body or query with bracketed keys, as Stripe reads
 * it: `metadata[orderId]=7&payment_method_types[0]=card&expand[]=x` becomes
 * `{ metadata: { orderId: '7' }, payment_method_types: ['card'], expand: ['x'] }`.
 */
export function decodeBracketed(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split('[').map((p, i) => (i === 0 ? p : p.replace(/\]$/, '')));
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[i + 1]!);
      if (Array.isArray(node)) {
        const index = part === '' ? node.length : Number(part);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsIndex ? [] : {}) as Record<string, unknown> | unknown[];
      } else {
        if (last) node[part] = value;
        else node = (node[part] ??= nextIsIndex ? [] : {}) as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}
