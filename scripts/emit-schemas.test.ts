import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaFiles, schemaJsonDir } from './emit-schemas';

describe('published schema files', () => {
  it('are up to date with the TypeScript schemas (run npm run schemas)', () => {
    for (const [file, text] of Object.entries(schemaFiles())) {
      expect(fs.readFileSync(path.join(schemaJsonDir, file), 'utf8'), file).toBe(text);
    }
  });
});
