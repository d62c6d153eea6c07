// Writes every definition schema to schemas/json/{name}.schema.json, the files content names as $schema.
import fs from 'node:fs';
import path from 'node:path';
import { publishedSchemas } from '../schemas/index';

export const schemaJsonDir = path.resolve('schemas/json');

export function schemaFiles(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(publishedSchemas).map(([name, schema]) => [`${name}.schema.json`, JSON.stringify(schema, null, 2) + '\n']),
  );
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  fs.mkdirSync(schemaJsonDir, { recursive: true });
  for (const [file, text] of Object.entries(schemaFiles())) fs.writeFileSync(path.join(schemaJsonDir, file), text);
  console.log(`Wrote ${Object.keys(schemaFiles()).length} schemas to ${schemaJsonDir}`);
}
