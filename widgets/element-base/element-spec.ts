/**
 * The typed table that describes one element: its attributes, JS properties, events, `::part()`
 * names and `--showroom-*` custom properties. The element base builds the element from it (which
 * attributes to observe, how to parse them) and scripts/write-widget-manifest.ts writes
 * dist/widgets/custom-elements.json from the same table, so the two cannot drift apart.
 * Pure data: importable in Node without a DOM.
 */
import type { ShowroomEventName } from '../showroom-events';

/** How an attribute's text becomes a value; 'url' is an absolute http(s) URL; a list of strings is an enumeration. */
export type AttributeType = 'string' | 'url' | 'number' | 'boolean' | 'json' | readonly string[];

export interface AttributeSpec {
  /** kebab-case; the JS property is its camelCase form (api-base -> apiBase). */
  name: string;
  type: AttributeType;
  description: string;
  /** What the element uses when the attribute is absent, as documentation. */
  default?: string;
  required?: boolean;
  /** For 'json' attributes: the TypeScript type of the parsed value, for the manifest. */
  typeText?: string;
}

/** A JS-only property for rich configuration (objects, functions); never reflected to an attribute. */
export interface PropertySpec {
  name: string;
  /** The TypeScript type, for the manifest. */
  typeText: string;
  description: string;
}

export interface EventSpec {
  name: ShowroomEventName;
  description: string;
}

export interface PartSpec {
  name: string;
  description: string;
}

export interface CssPropertySpec {
  name: `--showroom-${string}`;
  description: string;
  default?: string;
}

export interface ElementSpec {
  tagName: `showroom-${string}`;
  /** The ES module that defines it: dist/widgets/esm/{module}.js. */
  module: string;
  /** The class name in the manifest. */
  className: string;
  description: string;
  attributes: readonly AttributeSpec[];
  properties: readonly PropertySpec[];
  events: readonly EventSpec[];
  parts: readonly PartSpec[];
  cssProperties: readonly CssPropertySpec[];
}

/** api-base -> apiBase */
export function propertyNameOf(attribute: string): string {
  return attribute.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
