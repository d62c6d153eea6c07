/** JSON pointers (RFC 6901) for lint problems: the same form ajv gives for schema problems. */

export function pointerSegment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function childPointer(pointer: string, key: string | number): string {
  return `${pointer}/${pointerSegment(key)}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Calls visit for every value in a JSON document, depth first, with its pointer and property name. */
export function walkJson(value: unknown, visit: (value: unknown, pointer: string, key: string | number | undefined) => void, pointer = '', key?: string | number): void {
  visit(value, pointer, key);
  if (Array.isArray(value)) value.forEach((v, i) => walkJson(v, visit, childPointer(pointer, i), i));
  else if (isRecord(value)) for (const [k, v] of Object.entries(value)) walkJson(v, visit, childPointer(pointer, k), k);
}
