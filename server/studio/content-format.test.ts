import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../build-output';
import { listDefinitionFiles } from './content-path';
import { formatDefinition } from './content-format';

const site = path.join(projectRoot, 'examples', 'site');

describe('the canonical format of a published definition', () => {
  it('follows from the value alone: any layout of the same value gives the same text, and formatting it again changes nothing', async () => {
    const value = { $schema: '../../schemas/json/page.schema.json', metadata: { title: 'Été', description: 'x'.repeat(130) }, blocks: [{ type: 'text', n: 1.5 }] };
    const compact = await formatDefinition(JSON.stringify(value));
    expect(await formatDefinition(JSON.stringify(value, null, 4))).toBe(compact);
    expect(await formatDefinition('{"$schema":"../../schemas/json/page.schema.json","metadata":{"title":"\\u00c9t\\u00e9","description":"' + 'x'.repeat(130) + '"},"blocks":[{"type":"text","n":1.50}]}')).toBe(compact);
    expect(await formatDefinition(compact)).toBe(compact);
    expect(compact).toBe(`{
  "$schema": "../../schemas/json/page.schema.json",
  "metadata": {
    "title": "Été",
    "description": "${'x'.repeat(130)}"
  },
  "blocks": [{ "type": "text", "n": 1.5 }]
}
`);
  });

  it('is the format of the demo content, so the first publish of a file shows only its change', async () => {
    const off: string[] = [];
    for (const file of listDefinitionFiles(site)) {
      const text = fs.readFileSync(path.join(site, file), 'utf8');
      if ((await formatDefinition(text)) !== text) off.push(file);
    }
    // To bring a file to it: npx prettier --parser json --print-width 120 --object-wrap collapse --write FILE
    expect(off).toEqual([]);
  });
});
