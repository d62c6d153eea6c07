/**
 * Imports run one way, `examples -> server | widgets | renderer -> schemas` (docs/development.md "Layout"): every
 * non-test source file of widgets/ and schemas/ is parsed and its imports checked, so a widget that
 * reaches into the renderer (and would bundle it into a custom element) fails `npm test` with the
 * file and line named.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkImportDirection, importDirectionProblems, layerSourceFiles, moduleImports } from './import-direction';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('import direction (examples -> server | widgets | renderer -> schemas)', () => {
  it('holds in widgets/, studio/ and schemas/: no import of renderer/, server/ or examples/ (nor widgets/ from the studio), and schemas/ imports nothing of ours nor Node', () => {
    const problems = checkImportDirection(root);
    expect(problems, `Imports against the direction:\n${problems.join('\n')}`).toEqual([]);
  });

  it('keeps the studio to studio/ and schemas/: the renderer and the widgets belong to the storefront', () => {
    expect(layerSourceFiles(root, 'studio')).toContain('studio/back-office/OrderDetail.tsx');
    const problems = importDirectionProblems('studio/back-office/Demo.tsx', [
      { specifier: '../../renderer/blocks/account/status-labels', line: 1 },
      { specifier: '../../widgets/forms/FileField', line: 2 },
      { specifier: '../../schemas/status-labels', line: 3 },
      { specifier: '../app/ui', line: 4 },
    ]);
    expect(problems.map((p) => p.split(' imports ')[0])).toEqual(['studio/back-office/Demo.tsx:1', 'studio/back-office/Demo.tsx:2']);
  });

  it('scans the source files, element specs included, and leaves the tests out', () => {
    const widgets = layerSourceFiles(root, 'widgets');
    const schemas = layerSourceFiles(root, 'schemas');
    expect(widgets).toContain('widgets/estimator/Estimator.tsx');
    expect(widgets).toContain('widgets/forms/form-store.ts');
    expect(widgets).toContain('widgets/estimator/estimator.spec.ts');
    expect(schemas).toContain('schemas/money.ts');
    expect([...widgets, ...schemas].filter((f) => /\.test\.tsx?$/.test(f))).toEqual([]);
    // The scanner reads real imports: the estimator's field list comes from the widgets' form engine.
    const estimator = moduleImports('Estimator.tsx', fs.readFileSync(path.join(root, 'widgets/estimator/Estimator.tsx'), 'utf8'));
    expect(estimator.map((i) => i.specifier)).toContain('../forms/FieldList');
  });

  it('catches every form of import of renderer/, server/ or examples/ from a widget, naming file and line', () => {
    const source = [
      "import type { FormStore } from '../../renderer/forms/form-store';",
      "// import { notCode } from '../../server/in-a-comment';",
      "export { createApp } from '../../server/app';",
      "export * from '../../examples/site/data';",
      "const text = \"import x from '../../server/in-a-string'\";",
      "const lazy = () => import('../../renderer/App');",
      "type Props = import('../../renderer/page-context').PageContext;",
      "import fs = require('../../server/fs-like');",
      "import { api } from '../api-client';",
      "import { money } from '../../schemas/money';",
      "import { useState } from 'react';",
    ].join('\n');
    const problems = importDirectionProblems('widgets/demo/Demo.tsx', moduleImports('Demo.tsx', source));
    expect(problems.map((p) => p.split(' imports ')[0])).toEqual([
      'widgets/demo/Demo.tsx:1',
      'widgets/demo/Demo.tsx:3',
      'widgets/demo/Demo.tsx:4',
      'widgets/demo/Demo.tsx:6',
      'widgets/demo/Demo.tsx:7',
      'widgets/demo/Demo.tsx:8',
    ]);
    expect(problems[0]).toContain("'../../renderer/forms/form-store' (renderer/forms/form-store), of renderer/");
    expect(problems[1]).toContain('of server/');
    expect(problems[2]).toContain('of examples/');
  });

  it('refuses a schema importing any of ours or a Node built-in, and lets it import packages', () => {
    const source = [
      "import type { FromSchema } from 'json-schema-to-ts';",
      "import { moneyText } from './money';",
      "import { FIELD_MESSAGES } from '../evaluators/validation-messages';",
      "import { api } from '../../widgets/api-client';",
      "import fs from 'node:fs';",
      "import path from 'path';",
      "import { join } from 'path/posix';",
      "import secrets from '../../../outside';",
    ].join('\n');
    const problems = importDirectionProblems('schemas/forms/demo.ts', moduleImports('demo.ts', source));
    expect(problems.map((p) => p.split(' imports ')[0])).toEqual([
      'schemas/forms/demo.ts:4',
      'schemas/forms/demo.ts:5',
      'schemas/forms/demo.ts:6',
      'schemas/forms/demo.ts:7',
      'schemas/forms/demo.ts:8',
    ]);
    expect(problems[0]).toContain('of widgets/');
    expect(problems[1]).toContain('a Node built-in');
    expect(problems[4]).toContain('outside the repository');
  });

  it('leaves the renderer and the server free to import downwards', () => {
    const imports = moduleImports('FormBlock.tsx', "import { FieldList } from '../../widgets/forms/FieldList';\nimport fs from 'node:fs';");
    expect(importDirectionProblems('renderer/forms/FormBlock.tsx', imports)).toEqual([]);
    expect(importDirectionProblems('server/app.ts', imports)).toEqual([]);
  });
});
