/**
 * Writes the custom elements manifest (schema 2.1.0, https://github.com/webcomponents/custom-elements-manifest)
 * from the elements' typed tables (widgets/element-specs.ts): the build calls it (a rollup plugin in
 * rollup.config.ts) and dist/widgets/custom-elements.json is served at /widgets/custom-elements.json,
 * for editors, Storybook-like tools and dealers' developers.
 */
import { propertyNameOf, type AttributeType, type ElementSpec } from '../widgets/element-base/element-spec';

function typeText(type: AttributeType, jsonType?: string): string {
  if (Array.isArray(type)) return type.map((v) => JSON.stringify(v)).join(' | ');
  if (type === 'json') return jsonType ?? 'unknown';
  if (type === 'url') return 'string';
  return type as string;
}

export function customElementsManifest(specs: readonly ElementSpec[]) {
  return {
    schemaVersion: '2.1.0',
    readme: 'docs/dealers.md',
    modules: specs.map((spec) => ({
      kind: 'javascript-module',
      path: `esm/${spec.module}.js`,
      declarations: [
        {
          kind: 'class',
          name: spec.className,
          tagName: spec.tagName,
          customElement: true,
          description: spec.description,
          superclass: { name: 'HTMLElement' },
          attributes: spec.attributes.map((a) => ({
            name: a.name,
            fieldName: propertyNameOf(a.name),
            type: { text: typeText(a.type, a.typeText) },
            description: a.required ? `${a.description} Required.` : a.description,
            ...(a.default !== undefined ? { default: a.default } : {}),
          })),
          members: [
            ...spec.attributes.map((a) => ({
              kind: 'field',
              name: propertyNameOf(a.name),
              attribute: a.name,
              type: { text: `${typeText(a.type, a.typeText)} | undefined` },
              description: a.description,
            })),
            ...spec.properties.map((p) => ({ kind: 'field', name: p.name, type: { text: p.typeText }, description: p.description })),
          ],
          events: spec.events.map((e) => ({ name: e.name, type: { text: 'CustomEvent' }, description: e.description })),
          cssParts: spec.parts.map((p) => ({ name: p.name, description: p.description })),
          cssProperties: spec.cssProperties.map((c) => ({ name: c.name, description: c.description, ...(c.default !== undefined ? { default: c.default } : {}) })),
        },
      ],
      exports: [
        { kind: 'custom-element-definition', name: spec.tagName, declaration: { name: spec.className, module: `esm/${spec.module}.js` } },
      ],
    })),
  };
}
