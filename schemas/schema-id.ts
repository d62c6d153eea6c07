/** Every published schema is identified by one URL; the server serves the same file under /schemas/. */
export const SCHEMA_BASE = 'https://showroom.dev/schemas/';

export function schemaId(name: string): string {
  return `${SCHEMA_BASE}${name}.schema.json`;
}
