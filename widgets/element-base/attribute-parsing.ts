/**
 * Turns an element's stored attribute texts (or values set as JS properties) into typed props, and
 * reports what is wrong instead of throwing: the element shows the messages inside itself, so a
 * typo on a dealer's page is visible where it happened and breaks nothing else on the page.
 */
import { propertyNameOf, type AttributeSpec } from './element-spec';

export interface ParsedConfiguration {
  values: Record<string, unknown>;
  errors: string[];
}

function isHttpUrl(text: string): boolean {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** Values set as JS properties arrive already typed; only text from an attribute is parsed. */
export function parseAttributeValue(spec: AttributeSpec, raw: unknown): { value?: unknown; error?: string } {
  if (typeof raw !== 'string') return { value: raw };
  const { name, type } = spec;
  if (Array.isArray(type)) {
    return type.includes(raw) ? { value: raw } : { error: `${name}="${raw}" is not one of: ${type.join(', ')}.` };
  }
  switch (type) {
    case 'number': {
      const n = raw.trim() === '' ? Number.NaN : Number(raw);
      return Number.isFinite(n) ? { value: n } : { error: `${name}="${raw}" is not a number.` };
    }
    case 'url':
      return isHttpUrl(raw) ? { value: raw } : { error: `${name}="${raw}" is not an http(s) URL such as https://shop.example.com.` };
    case 'boolean':
      // Present means true, as for HTML's own boolean attributes; "false" is accepted as false.
      return { value: raw !== 'false' };
    case 'json':
      try {
        return { value: JSON.parse(raw) as unknown };
      } catch (err) {
        return { error: `${name} is not valid JSON (${(err as Error).message}).` };
      }
    default:
      return { value: raw };
  }
}

/** All attributes of an element at once, keyed by property name; absent ones are left out. */
export function parseConfiguration(specs: readonly AttributeSpec[], stored: Record<string, unknown>): ParsedConfiguration {
  const values: Record<string, unknown> = {};
  const errors: string[] = [];
  for (const spec of specs) {
    const property = propertyNameOf(spec.name);
    const raw = stored[property];
    if (raw === undefined || raw === null) {
      if (spec.required) errors.push(`${spec.name} is required.`);
      continue;
    }
    const { value, error } = parseAttributeValue(spec, raw);
    if (error) errors.push(error);
    else values[property] = value;
  }
  return { values, errors };
}
