import { describe, expect, it } from 'vitest';
import { definitionSchemas } from './index';
import { schemaId } from './schema-id';

/** Pointers of the properties that give editors nothing to show on hover. */
function undescribed(node: unknown, at: string, isProperty = false, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n, i) => undescribed(n, `${at}/${i}`, false, out));
  else if (typeof node === 'object' && node !== null) {
    const o = node as Record<string, unknown>;
    if (isProperty && !('title' in o) && !('description' in o) && !('$ref' in o)) out.push(at);
    for (const [key, value] of Object.entries(o)) {
      if (key === 'properties' && typeof value === 'object' && value !== null) {
        for (const [name, prop] of Object.entries(value)) undescribed(prop, `${at}/properties/${name}`, true, out);
      } else if (key !== 'properties') undescribed(value, `${at}/${key}`, false, out);
    }
  }
  return out;
}

/** Pointers of the properties without a title: the studio's label of the field, and the name a problem gives it. */
function untitled(node: unknown, at: string, isProperty = false, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n, i) => untitled(n, `${at}/${i}`, false, out));
  else if (typeof node === 'object' && node !== null) {
    const o = node as Record<string, unknown>;
    if (isProperty && typeof o.title !== 'string' && !('$ref' in o)) out.push(at);
    for (const [key, value] of Object.entries(o)) {
      if (key === 'properties' && typeof value === 'object' && value !== null) {
        for (const [name, prop] of Object.entries(value)) untitled(prop, `${at}/properties/${name}`, true, out);
      } else if (key !== 'properties') untitled(value, `${at}/${key}`, false, out);
    }
  }
  return out;
}

describe('the published definition schemas', () => {
  it.each(Object.entries(definitionSchemas))('%s gives every property a title (the label the studio and the problems show)', (name, schema) => {
    expect(untitled(schema, name)).toEqual([]);
  });

  it.each(Object.entries(definitionSchemas))('%s is published under its own $id', (name, schema) => {
    expect(schema.$id).toBe(schemaId(name));
  });

  it.each(Object.entries(definitionSchemas))('%s describes every property (editors show it on hover)', (name, schema) => {
    expect(undescribed(schema, name)).toEqual([]);
  });
});
