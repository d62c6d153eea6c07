import { describe, expect, it } from 'vitest';
import { definitionSchemas } from '../../schemas/index';
import { blockSchemaByType } from './form-schemas';
import { fieldKind, type FieldKind } from './field-kinds';

type S = { properties?: Record<string, S>; items?: S; description?: string; type?: unknown };
const prop = (schema: S, ...path: string[]): S => path.reduce<S>((s, key) => (key === '[]' ? s.items! : s.properties![key]!), schema);
const block = (type: string) => blockSchemaByType.get(type) as S;

describe('field kinds found from the published schemas', () => {
  const cases: [string, string, S, FieldKind['type'] | null, string?][] = [
    ['form block form', 'form', prop(block('form'), 'form'), 'reference', 'form'],
    ['popup block popups', 'popups-0', prop(block('popup'), 'popups', '[]'), 'reference', 'popup'],
    ['route page', 'page', prop(definitionSchemas.routes as S, 'routes', '[]', 'page'), 'reference', 'page'],
    ['estimator template', 'template', prop(block('estimator'), 'template'), 'reference', 'estimator'],
    ['sample style name', 'styleName', prop(block('order-samples'), 'styleName'), 'reference', 'style'],
    ['category styles', 'styles-0', prop(definitionSchemas['product-categories'] as S, 'categories', '[]', 'styles', '[]'), 'reference', 'style'],
    ['action path', 'path', prop(block('banner'), 'action', 'path'), 'reference', 'route'],
    ['image src', 'src', prop(block('banner'), 'image', 'src'), 'image'],
    ['page metadata image', 'image', prop(definitionSchemas.page as S, 'metadata', 'image'), 'image'],
    ['site logo', 'logo', prop(definitionSchemas['site-settings'] as S, 'logo'), 'image'],
    ['sample price', 'price', prop(definitionSchemas['product-style'] as S, 'items', '[]', 'price'), 'money'],
    ['shipping rate', 'rate', { type: 'number', description: 'Shipping price of the whole order in dollars, e.g. 149 or 0 for free shipping.' }, 'money'],
    ['blog date', 'publishDate', prop(definitionSchemas.blogs as S, 'blogs', '[]', 'publishDate'), 'date'],
    ['rich text', 'html', prop(block('rich-text'), 'html'), 'rich-text'],
    ['route pattern', 'path', prop(definitionSchemas.routes as S, 'routes', '[]', 'path'), null],
    ['a plain title', 'title', prop(block('banner'), 'title'), null],
    ['a column count', 'columns', prop(block('cards'), 'columns'), null],
  ];
  for (const [what, name, schema, type, target] of cases) {
    it(what, () => {
      expect(schema, what).toBeTruthy();
      const kind = fieldKind(name, schema as never);
      expect(kind?.type ?? null).toBe(type);
      if (target) expect(kind).toMatchObject({ target });
    });
  }
});
