// @vitest-environment jsdom
/**
 * The demo store's definitions open in their generated forms: the precompiled validators know every
 * subschema rjsf asks about (no "no precompiled validator" warning), no form reports an error for a
 * valid file, and opening changes nothing. One file of each kind, and every block type the demo
 * pages use, each in its own block form.
 */
import { cleanup, render } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentLayout, matchesPattern } from '../../server/content/content-layout';
import { BlockForm } from './BlockForm';
import type { BlockData } from './block-list';
import { DefinitionForm } from './DefinitionForm';
import { ProblemStore, type EditorFormContext } from './editor-context';
import { blockSchemaByType } from './form-schemas';
import { loadValidators, type KindValidators } from './validators';

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn');
});
afterEach(() => {
  cleanup();
  expect(warn).not.toHaveBeenCalled();
  warn.mockRestore();
});

const root = path.join(process.cwd(), 'examples/site');
const walk = (d: string): string[] => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
const files = walk(root)
  .map((f) => path.relative(root, f))
  .sort()
  .map((rel) => ({ rel, kind: contentLayout.find((e) => matchesPattern(e.pattern, rel))?.schema }))
  .filter((f): f is { rel: string; kind: NonNullable<typeof f.kind> } => Boolean(f.kind));
const read = (rel: string) => JSON.parse(fs.readFileSync(path.join(root, rel), 'utf8')) as unknown;

const contextOf = (validators: KindValidators): EditorFormContext => ({
  names: { form: [], popup: [], page: [], style: [], estimator: [], route: [] },
  images: [],
  blockValidators: validators.blocks,
  problems: new ProblemStore(),
  readOnly: false,
});

const oneOfEachKind = [...new Map(files.map((f) => [f.kind, f] as const)).values()];

describe('a definition of each kind opens in its form', () => {
  for (const { rel, kind } of oneOfEachKind) {
    it(`${kind}: ${rel}`, async () => {
      const validators = await loadValidators(kind);
      const data = read(rel);
      const changes: unknown[] = [];
      const { container } = render(<DefinitionForm validators={validators} data={data} formContext={contextOf(validators)} readOnly={false} onChange={(d) => changes.push(d)} />);
      expect(container.querySelector('.studio-definition-form input, .studio-definition-form select')).toBeTruthy();
      expect(container.querySelectorAll('.error-detail').length).toBe(0);
      for (const c of changes) expect(c).toEqual(data);
    });
  }
});

describe('every block type of the demo pages opens in its block form', () => {
  const byType = new Map<string, BlockData>();
  for (const f of files.filter((f) => f.kind === 'page')) for (const b of (read(f.rel) as { blocks: BlockData[] }).blocks) if (!byType.has(String(b.type))) byType.set(String(b.type), b);
  for (const [type, block] of byType) {
    it(type, async () => {
      const validators = await loadValidators('page');
      const onChange = vi.fn();
      const { container } = render(
        <BlockForm blockId="b1" index={0} block={block} schema={blockSchemaByType.get(type)!} validator={validators.blocks.get(type)!} formContext={contextOf(validators)} readOnly={false} onChange={onChange} />,
      );
      expect(container.querySelector('.studio-block-form')).toBeTruthy();
      expect(container.querySelectorAll('.error-detail').length).toBe(0);
      for (const [, changed] of onChange.mock.calls) expect(changed).toEqual(block);
    });
  }
});

describe('site settings in sections', () => {
  it('shows the simple settings, each group or list in a closed section, and opens the one a problem is in', async () => {
    const validators = await loadValidators('site-settings');
    const context = contextOf(validators);
    const { container } = render(<DefinitionForm validators={validators} data={read('site.json')} formContext={context} readOnly={false} onChange={() => {}} />);
    const sections = [...container.querySelectorAll<HTMLDetailsElement>('details.studio-section')];
    expect(sections.map((s) => s.querySelector('summary')!.textContent)).toEqual(expect.arrayContaining(['Contact details', 'Cookie consent']));
    expect(sections.every((s) => !s.open)).toBe(true);
    expect(container.querySelector('#def_siteName')!.closest('details')).toBeNull();
    context.problems.focus('/contact/phone');
    const contact = sections.find((s) => s.querySelector('summary')!.textContent === 'Contact details')!;
    expect(contact.open).toBe(true);
    expect(document.activeElement?.id).toBe('def_contact_phone');
  });
});
