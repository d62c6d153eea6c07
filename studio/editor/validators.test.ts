import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { studioGeneratedDir, studioValidatorFiles } from '../../scripts/build-studio-validators';
import { blockTypes, definitionNames } from './form-schemas';
import { templateFor } from './templates';
import { checkDefinition, loadValidators } from './validators';

describe('the studio validators', () => {
  it('studio/generated matches the schemas (run npm run build:studio-validators)', () => {
    const files = studioValidatorFiles();
    for (const [file, text] of Object.entries(files)) {
      const on = path.join(studioGeneratedDir, file);
      expect(fs.existsSync(on), `${file} is missing`).toBe(true);
      expect(fs.readFileSync(on, 'utf8') === text, `${file} is stale`).toBe(true);
    }
  });

  it('compile nothing at run time: no eval, no new Function, no import', () => {
    for (const file of fs.readdirSync(studioGeneratedDir).filter((f) => f.endsWith('.js'))) {
      const code = fs.readFileSync(path.join(studioGeneratedDir, file), 'utf8');
      expect(code, file).not.toMatch(/new Function|\beval\(|\brequire\(|^import /m);
    }
  });

  it('accept the template of every kind (a new file starts valid)', async () => {
    for (const kind of definitionNames) {
      const v = await loadValidators(kind);
      expect(checkDefinition(v, templateFor(kind, `x/new-thing.json`)), kind).toEqual([]);
    }
  });

  it('check a page block by block, at JSON pointers, with a suggestion for an unknown type', async () => {
    const v = await loadValidators('page');
    expect(v.blocks.size).toBe(blockTypes.length);
    const problems = checkDefinition(v, {
      metadata: { title: '', description: 'x' },
      blocks: [{ type: 'banner', title: 'Hi', image: { src: '/images/a.svg' } }, { type: 'bannr' }, { type: 'form', form: 'Not A Name' }],
      extra: 1,
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        { pointer: '/metadata/title', message: 'Must not be empty.' },
        { pointer: '/extra', message: '"extra" is not a property here.' },
        { pointer: '/blocks/0/image/alt', message: 'This field is required.' },
        { pointer: '/blocks/1/type', message: 'Unknown block type "bannr". Did you mean "banner"?' },
        expect.objectContaining({ pointer: '/blocks/2/form', message: expect.stringMatching(/^Not in the expected form\. Which form to show/) }),
      ]),
    );
  });
});
