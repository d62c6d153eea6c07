// Editors show a property's title or description on hover: every property of these schemas has one.
import { describe, expect, it } from 'vitest';
import { definitionSchemas } from '../index';

type Node = { [key: string]: unknown };
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Pointers of properties (and map values) that carry neither a title nor a description. */
function unannotated(schema: Node, at = ''): string[] {
  const out: string[] = [];
  const described = (s: Node) => typeof s.title === 'string' || typeof s.description === 'string' || typeof s.$ref === 'string';
  if (isNode(schema.properties)) {
    for (const [name, sub] of Object.entries(schema.properties)) {
      if (isNode(sub) && !described(sub)) out.push(`${at}/properties/${name}`);
    }
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'enum' || key === 'const' || key === 'discriminator') continue;
    if (isNode(value)) out.push(...unannotated(value, `${at}/${key}`));
    else if (Array.isArray(value)) value.forEach((v, i) => isNode(v) && out.push(...unannotated(v, `${at}/${key}/${i}`)));
  }
  return out;
}

describe('form, popup and estimator schemas', () => {
  it('the check finds a bare property', () => {
    expect(unannotated({ properties: { a: { type: 'string' }, b: { type: 'object', properties: { c: { type: 'number' } }, description: 'B' } } })).toEqual(['/properties/a', '/properties/b/properties/c']);
  });

  it.each(['form', 'popup', 'estimator-template', 'estimator-pricing'] as const)('%s: every property has a title or description', (name) => {
    expect(unannotated(definitionSchemas[name] as unknown as Node)).toEqual([]);
  });
});
