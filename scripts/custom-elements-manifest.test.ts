import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, widgetsDir } from '../server/build-output';
import { elementModules } from '../widgets/element-names';
import { elementSpecs } from '../widgets/element-specs';
import { customElementsManifest } from './custom-elements-manifest';

describe('the custom elements manifest', () => {
  const manifest = customElementsManifest(elementSpecs);

  it('has one spec for every element the loader knows, and no other', () => {
    expect(Object.fromEntries(elementSpecs.map((s) => [s.tagName, s.module]))).toEqual(elementModules);
  });

  it("describes an element's attributes, properties, events, parts and custom properties", () => {
    const paymentMethods = manifest.modules.find((m) => m.path === 'esm/payment-methods.js')!;
    const element = paymentMethods.declarations[0]!;
    expect(element.tagName).toBe('showroom-payment-methods');
    expect(element.attributes.map((a) => a.name)).toEqual(['api-base', 'dealer', 'scope']);
    expect(element.attributes.find((a) => a.name === 'scope')!.type.text).toBe('"sample-order" | "convert-to-order" | "complete-order-payment"');
    expect(element.members.map((m) => m.name)).toEqual(['apiBase', 'dealer', 'scope']);
    expect(element.events.map((e) => e.name)).toEqual(['showroom:payment-method-selected']);
    expect(element.cssParts.map((p) => p.name)).toEqual(['message', 'methods', 'method']);
    expect(element.cssProperties.map((p) => p.name)).toContain('--showroom-accent');
    expect(paymentMethods.exports).toEqual([
      { kind: 'custom-element-definition', name: 'showroom-payment-methods', declaration: { name: 'ShowroomPaymentMethods', module: 'esm/payment-methods.js' } },
    ]);
  });

  it('is what the build wrote to dist/widgets/custom-elements.json', () => {
    expect(JSON.parse(fs.readFileSync(path.join(widgetsDir, 'custom-elements.json'), 'utf8'))).toEqual(manifest);
  });

  it("has every element's attributes, events, parts and custom properties in the dealers' public surface", () => {
    const guide = fs.readFileSync(path.join(projectRoot, 'docs', 'dealers.md'), 'utf8');
    const heading = '## Versions, and what will not break';
    const section = guide.slice(guide.indexOf(heading));
    expect(section.length).toBeLessThan(guide.length);
    for (const spec of elementSpecs) {
      const row = section.split('\n').find((line) => line.startsWith(`| \`<${spec.tagName}>\``)) ?? '';
      expect(row, spec.tagName).not.toBe('');
      // What every element shares is listed once above the table; the rest is in the element's row.
      for (const attribute of spec.attributes) expect(attribute.name === 'api-base' || attribute.name === 'dealer' ? section : row, `${spec.tagName} ${attribute.name}`).toContain(`\`${attribute.name}\``);
      for (const part of spec.parts) expect(part.name === 'message' ? section : row, `${spec.tagName}::part(${part.name})`).toContain(`::part(${part.name})`);
      for (const property of spec.cssProperties) expect(section, `${spec.tagName} ${property.name}`).toContain(property.name);
      for (const event of spec.events) expect(row, `${spec.tagName} ${event.name}`).toContain(event.name);
    }
  });
});
