/**
 * The vendored provider documents (server/gateways/fakes/providers) hold what the operation list
 * says and stand on their own. Reads only the vendored files, never ../shared/providers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { licenceFile, PROVIDER_SOURCES, VENDORED_DOCUMENTS, VENDORED_FIXTURES, vendoredDir } from '../server/gateways/fakes/providers/vendored-operations';
import { collectRefs, extractOperations, formatDocument, noticeText, parseOperation, pointerSegments, resolveRef } from './extract-provider-specs';

type Json = Record<string, unknown>;

function read(file: string): { text: string; doc: Json } {
  const text = fs.readFileSync(path.join(vendoredDir, file), 'utf8');
  return { text, doc: JSON.parse(text) as Json };
}

function operationsOf(doc: Json): string[] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([template, item]) => Object.keys(item).map((method) => `${method} ${template}`));
}

describe('vendored provider documents', () => {
  for (const [name, listed] of Object.entries(VENDORED_DOCUMENTS)) {
    describe(listed.file, () => {
      const { text, doc } = read(listed.file);

      it('holds exactly the operations of the list, and says which in its extract note', () => {
        expect(operationsOf(doc).sort()).toEqual([...listed.operations].sort());
        expect(doc['x-showroom-extract']).toMatchObject({ operations: listed.operations, licence: expect.stringContaining(licenceFile(listed.provider)) });
      });

      it('resolves every $ref inside itself', () => {
        const refs = [...new Set(collectRefs(doc))];
        expect(refs.length, `${name} references components`).toBeGreaterThan(0);
        expect(refs.filter((ref) => pointerSegments(ref) === null), 'only local references').toEqual([]);
        expect(refs.filter((ref) => resolveRef(doc, ref) === undefined), 'unresolved references').toEqual([]);
      });

      it('carries no component the operations do not reach', () => {
        const reached = new Set<string>();
        const pending = collectRefs(doc.paths);
        while (pending.length) {
          const segments = pointerSegments(pending.pop()!)!;
          const key = segments.slice(0, 3).join('/');
          if (reached.has(key)) continue;
          reached.add(key);
          pending.push(...collectRefs(resolveRef(doc, `#/${segments.slice(0, 3).join('/')}`)));
        }
        const present = Object.entries(doc.components as Record<string, Json>)
          .filter(([kind]) => kind !== 'securitySchemes')
          .flatMap(([kind, entries]) => Object.keys(entries).map((component) => `components/${kind}/${component}`));
        expect(present.filter((key) => !reached.has(key))).toEqual([]);
      });

      it('is written as the extract script writes it (not edited by hand)', () => {
        expect(text).toBe(formatDocument(doc));
      });
    });
  }

  it('keeps the Stripe example objects the fake answers with', () => {
    const { text, doc } = read(VENDORED_FIXTURES.file);
    expect(Object.keys(doc.resources as Json)).toEqual([...VENDORED_FIXTURES.resources]);
    expect((doc.resources as Record<string, Json>).payment_intent).toMatchObject({ object: 'payment_intent' });
    expect(text).toBe(formatDocument(doc));
  });

  it('keeps each provider\'s licence and the NOTICE beside them', () => {
    expect(fs.readFileSync(path.join(vendoredDir, licenceFile('stripe')), 'utf8')).toMatch(/^The MIT License[\s\S]*Copyright \(c\) 2011- Stripe, Inc\./);
    expect(fs.readFileSync(path.join(vendoredDir, licenceFile('paypal')), 'utf8')).toMatch(/Apache License\s+Version 2\.0[\s\S]*Copyright 2023 PayPal/);
    const notice = fs.readFileSync(path.join(vendoredDir, 'NOTICE.md'), 'utf8');
    expect(notice).toBe(noticeText());
    for (const source of Object.values(PROVIDER_SOURCES)) expect(notice).toContain(source.repository);
  });
});

describe('extractOperations', () => {
  const full: Json = {
    openapi: '3.0.3',
    info: { title: 'Shop', version: '1' },
    tags: [{ name: 'orders' }],
    paths: {
      '/orders': {
        post: { requestBody: { $ref: '#/components/requestBodies/order' }, responses: { '201': { content: { 'application/json': { schema: { $ref: '#/components/schemas/order' } } } } }, security: [{ oauth: [] }] },
        get: { responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/order_list' } } } } } },
      },
      '/orders/{id}': { get: { parameters: [{ $ref: '#/components/parameters/id' }] } },
    },
    components: {
      schemas: {
        order: { type: 'object', properties: { items: { type: 'array', items: { $ref: '#/components/schemas/item' } }, parent: { $ref: '#/components/schemas/order' } } },
        item: { type: 'object', properties: { money: { $ref: '#/components/schemas/amounts/properties/value' } } },
        amounts: { type: 'object', properties: { value: { type: 'string' } } },
        order_list: { type: 'array', items: { $ref: '#/components/schemas/order' } },
        unused: { type: 'string' },
      },
      requestBodies: { order: { content: { 'application/json': { schema: { $ref: '#/components/schemas/order' } } } } },
      parameters: { id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } },
      securitySchemes: { oauth: { type: 'oauth2' }, basic: { type: 'http', scheme: 'basic' } },
    },
  };

  it('keeps the listed operations and the closure of their references, cycles and references into a component included', () => {
    const out = extractOperations(full, ['post /orders'], { by: 'test' });
    expect(out.paths).toEqual({ '/orders': { post: (full.paths as Record<string, Json>)['/orders']!.post } });
    expect(out.components).toEqual({
      schemas: { order: expect.any(Object), item: expect.any(Object), amounts: expect.any(Object) },
      requestBodies: { order: expect.any(Object) },
      securitySchemes: { oauth: { type: 'oauth2' } },
    });
    expect(out).not.toHaveProperty('tags');
    expect(out['x-showroom-extract']).toEqual({ by: 'test' });
    // Source order, whatever order the list names them in.
    expect(Object.keys((out.components as Record<string, Json>).schemas!)).toEqual(['order', 'item', 'amounts']);
  });

  it('refuses an operation the document does not have, and a reference to nothing', () => {
    expect(() => extractOperations(full, ['delete /orders'], {})).toThrow(/delete \/orders: no such operation/);
    expect(() => parseOperation('POST /orders')).toThrow(/method \/path/);
    const broken = structuredClone(full);
    ((broken.components as Record<string, Json>).schemas!.item as Json).properties = { gone: { $ref: '#/components/schemas/missing' } };
    expect(() => extractOperations(broken, ['post /orders'], {})).toThrow(/#\/components\/schemas\/missing: points at nothing/);
  });

  it('writes one path or component a line, and reads back to the same document', () => {
    const out = extractOperations(full, ['get /orders', 'get /orders/{id}'], {});
    const text = formatDocument(out);
    expect(JSON.parse(text)).toEqual(out);
    expect(text).toContain('\n      "order_list": {"type":"array","items":{"$ref":"#/components/schemas/order"}}\n    },\n');
    expect(text).toContain('\n    "/orders/{id}": {"get":');
  });
});
