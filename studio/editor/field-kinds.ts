/**
 * Which string and number properties of the published schemas deserve a better input than a text
 * box, found from the property's name and its schema (no schema is annotated for the studio):
 * references to other definitions (a form block's `form`, a popup block's `popups`, a route's
 * `page`, a style's name, an action's `path`), images of the content folder (`src`, `image`, `logo`
 * with a /images/ description), money (a number "in dollars"), dates (YYYY-MM-DD) and rich text
 * (an `html` property, or a string whose media type is text/html).
 */

export type ReferenceTarget = 'form' | 'popup' | 'page' | 'style' | 'estimator' | 'route';

export type FieldKind =
  | { type: 'reference'; target: ReferenceTarget; strict: boolean }
  | { type: 'image' }
  | { type: 'money' }
  | { type: 'date' }
  | { type: 'rich-text' }
  | { type: 'long-text' };

interface SchemaLike {
  type?: unknown;
  description?: unknown;
  pattern?: unknown;
  format?: unknown;
  contentMediaType?: unknown;
}

const IMAGE_NAMES = new Set(['src', 'image', 'logo', 'thumbnail', 'fullSize', 'hoverSrc', 'swatch', 'icon', 'avatar', 'photo', 'picture', 'imageSrc', 'imageUrl']);
const PATH_NAMES = new Set(['path', 'to', 'href', 'link', 'url']);
const LONG_TEXT_NAMES = new Set(['description', 'intro', 'answer', 'text', 'subtitle', 'reviewText', 'summary', 'body', 'message', 'content', 'paragraph']);

/** `slides-0` (an item of the slides list) -> `slides`. */
export function baseFieldName(name: string): string {
  return name.replace(/(-\d+)+$/, '');
}

const cache = new WeakMap<object, Map<string, FieldKind | null>>();

export function fieldKind(name: string, schema: SchemaLike): FieldKind | null {
  let byName = cache.get(schema);
  if (!byName) cache.set(schema, (byName = new Map()));
  if (byName.has(name)) return byName.get(name)!;
  const kind = classify(baseFieldName(name), schema);
  byName.set(name, kind);
  return kind;
}

function classify(name: string, schema: SchemaLike): FieldKind | null {
  const description = typeof schema.description === 'string' ? schema.description : '';
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('number') || types.includes('integer')) {
    return types.includes('number') && /\bdollars?\b|\bprice\b.*\$|US \$/i.test(description) ? { type: 'money' } : null;
  }
  if (!types.includes('string')) return null;

  if (schema.contentMediaType === 'text/html' || name === 'html') return { type: 'rich-text' };
  if (schema.format === 'date' || schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$' || /\bYYYY-MM-DD\b/.test(description)) return { type: 'date' };

  if (/\bforms\/\{name\}\.json/.test(description) || /^Which form\b/.test(description)) return { type: 'reference', target: 'form', strict: true };
  if (/\bpopups\/\{name\}\.json/.test(description) || /^Which popup\b/.test(description) || name === 'popups') return { type: 'reference', target: 'popup', strict: true };
  if (/\bestimator\/\{name\}\.json/.test(description) || /^Which estimator\b/.test(description)) return { type: 'reference', target: 'estimator', strict: true };
  if (/\bpage definition in pages\//i.test(description) || /\bpages\/\{name\}\.json/.test(description)) return { type: 'reference', target: 'page', strict: true };
  // A style may also be a route parameter (':styleName'), so the list only suggests.
  if (/\bcatalog\/styles\/\{name\}\.json/.test(description) || /^(Name of the|Which) (product )?style\b/i.test(description) || name === 'styles' || name === 'styleName') {
    return { type: 'reference', target: 'style', strict: false };
  }

  if (IMAGE_NAMES.has(name) && (/\/images\//.test(description) || /\b(image|picture|logo|icon)\b/i.test(description) || name === 'src')) return { type: 'image' };

  // A link may also be a full URL or a path not in routes.json, so the list only suggests.
  if (PATH_NAMES.has(name) && /\bsite path\b|\bpath of (this|the) site\b|\blinks? to\b|\bPage that\b|a full URL/i.test(description)) {
    return { type: 'reference', target: 'route', strict: false };
  }
  if (LONG_TEXT_NAMES.has(name) && !schema.pattern && !/\b(button|link)\b/i.test(description)) return { type: 'long-text' };
  return null;
}
