/**
 * The demo store broken the ways an editor breaks it: every block type of the demo pages with a
 * required setting emptied, text where a number goes, a choice that is not one (schema), a link to
 * no page, a form or popup that does not exist (lint). Made in memory, as changes
 * (readDefinitions' changes): nothing is written into examples/. Used by the tests of problem
 * messages (./problem-place.test.ts) and of the incremental check (./site-check.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { blockSchemas } from '../../schemas/page.schema';

export const siteDir = path.resolve('examples/site');

export type Json = Record<string, unknown>;
type Schema = { title?: string; type?: string; enum?: unknown[]; minLength?: number; required?: string[]; properties?: Record<string, Schema> };

export const blockSchemaOf = new Map((blockSchemas as unknown as Schema[]).map((s) => [String((s.properties!.type as { const?: string }).const), s]));
export const typeTitle = (type: string) => blockSchemaOf.get(type)!.title!.replace(/\s+block$/i, '');

export const pages = fs
  .readdirSync(path.join(siteDir, 'pages'))
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => ({ file: `pages/${f}`, page: JSON.parse(fs.readFileSync(path.join(siteDir, 'pages', f), 'utf8')) as { blocks: Json[] } }));

export interface Mutation {
  file: string;
  block: number;
  type: string;
  /** The block property changed, and the place its problem names after the block (its field's label). */
  property: string;
  label: string;
  apply(block: Json): void;
}

/** One mutation of each kind for each block type, on the first demo block of that type that has such a property. */
export function mutations(kind: 'schema' | 'lint'): Mutation[] {
  const out: Mutation[] = [];
  const done = new Set<string>();
  for (const { file, page } of pages) {
    page.blocks.forEach((block, b) => {
      const type = String(block.type);
      const schema = blockSchemaOf.get(type);
      if (!schema?.properties) return;
      const add = (what: string, property: string, apply: (block: Json) => void, below = '') => {
        if (done.has(`${type} ${what}`)) return;
        done.add(`${type} ${what}`);
        out.push({ file, block: b, type, property, label: below || schema.properties![property]!.title || property, apply });
      };
      for (const [name, prop] of Object.entries(schema.properties)) {
        if (name === 'type') continue;
        if (kind === 'schema') {
          if (schema.required?.includes(name) && name in block) add('required', name, (bl) => delete bl[name]);
          else if (prop.enum && name in block) add('enum', name, (bl) => (bl[name] = 'not-a-choice'));
          else if (prop.type === 'string' && typeof block[name] === 'string') add('type', name, (bl) => (bl[name] = 42));
          else if (prop.type === 'boolean' && name in block) add('type', name, (bl) => (bl[name] = 'yes'));
        } else {
          if (name === 'html' && typeof block[name] === 'string') add('link', name, (bl) => (bl[name] = `${String(bl[name])}<p><a href="/showrooms/dallas">Dallas</a></p>`));
          else if (name === 'form' && typeof block[name] === 'string') add('form', name, (bl) => (bl[name] = 'no-such-form'));
          else if (name === 'popups' && Array.isArray(block[name])) add('popup', name, (bl) => ((bl[name] as string[])[0] = 'no-such-popup'), 'Popup 1');
          else if (name === 'action' && typeof (block[name] as Json | undefined)?.path === 'string') add('action', name, (bl) => ((bl[name] as Json).path = '/showrooms/dallas'), `${schema.properties[name]!.title} · ${(schema.properties[name] as { properties?: Record<string, { title?: string }> }).properties?.['path']?.title ?? 'Path'}`);
          else if (/^(path|href|link|url)$/.test(name) && typeof block[name] === 'string' && String(block[name]).startsWith('/')) add('link', name, (bl) => (bl[name] = '/showrooms/dallas'));
        }
      }
    });
  }
  return out;
}

/** The pages as they are with the mutations applied, as changes to check. */
export function mutationChanges(list: Mutation[]): Map<string, string> {
  const changed = new Map<string, { blocks: Json[] }>();
  for (const m of list) {
    const page = changed.get(m.file) ?? (structuredClone(pages.find((p) => p.file === m.file)!.page) as { blocks: Json[] });
    m.apply(page.blocks[m.block]!);
    changed.set(m.file, page);
  }
  return new Map([...changed].map(([file, page]) => [file, JSON.stringify(page, null, 2)]));
}
