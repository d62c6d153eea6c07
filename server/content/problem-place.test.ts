/**
 * Problems in the words of the form, on the demo store: every block of every demo page is broken
 * the ways an editor breaks one (a required setting emptied, text where a number goes, a choice
 * that is not one, a link to no page, a form that does not exist), each change
 * made in memory (readDefinitions' changes: nothing is written into examples/). Every problem the
 * schemas and the lint then report inside a block names the block by its number counted from one
 * and its type ("Block 2 (Rich text)") and the field by the label the form gives it, and no message
 * carries a JSON pointer or a file name of the content folder.
 */
import { describe, expect, it } from 'vitest';
import { mutationChanges, mutations, pages, siteDir, typeTitle, type Json, type Mutation } from './demo-mutations';
import { readDefinitions } from './load-content';
import { placeOf, problemSentence } from '../../schemas/definition-places';
import { definitionSchemas } from '../../schemas/index';
import { scaledMs } from '../../scripts/test-calibration';

function problemsWith(list: Mutation[]) {
  return readDefinitions(siteDir, mutationChanges(list)).problems;
}

describe('problems in the words of the form, on the demo store', () => {
  it('names the block by number and type and the field by its label, for every schema and lint problem the mutations make', () => {
    for (const kind of ['schema', 'lint'] as const) {
      const list = mutations(kind);
      expect(list.length, kind).toBeGreaterThan(kind === 'schema' ? 30 : 2);
      const problems = problemsWith(list);
      for (const m of list) {
        const mine = problems.filter((p) => p.file === m.file && p.pointer.startsWith(`/blocks/${m.block}/${m.property}`));
        expect(mine.length, `${m.file} block ${m.block} ${m.property} (${kind})`).toBeGreaterThan(0);
        for (const p of mine) {
          expect(p.where, `${m.file}#${p.pointer}`).toBe(`Block ${m.block + 1} (${typeTitle(m.type)}) · ${m.label}`);
          expect(p.message).not.toMatch(/\/blocks\/|\.json|routes|required property/);
        }
      }
      // Whatever else the demo reports inside a block is in the same words.
      for (const p of problems.filter((p) => /^\/blocks\/\d+\//.test(p.pointer))) expect(p.where).toMatch(/^Block \d+ \([A-Z][^)]*\) · [A-Z]/);
    }
  }, scaledMs(30_000));

  it('reads as the issue asks: a link in rich text, and a schema problem that hides no other', () => {
    const about = pages.find((p) => p.page.blocks.some((b) => b.type === 'rich-text'))!;
    const page = structuredClone(about.page);
    const at = page.blocks.findIndex((b) => b.type === 'rich-text');
    page.blocks[at]!.html = '<p>See <a href="/showrooms/dallas">Dallas</a>.</p>';
    // A schema problem in another block of the same page.
    const other = at === 0 ? 1 : 0;
    page.blocks[other]!.type = 'bannr';
    const problems = readDefinitions(siteDir, new Map([[about.file, JSON.stringify(page)]])).problems.filter((p) => p.file === about.file);
    expect(problems.map(problemSentence)).toEqual(
      expect.arrayContaining([`Block ${at + 1} (Rich text) · Text: the link /showrooms/dallas goes to no page`, expect.stringMatching(new RegExp(`^Block ${other + 1} \\(unknown type "bannr"\\)`))]),
    );
  });

  it('lists a broken form reference beside an emptied title of the same page', () => {
    const contact = pages.find((p) => p.file === 'pages/contact.json')!;
    const page = structuredClone(contact.page) as { metadata: Json; blocks: Json[] };
    const at = page.blocks.findIndex((b) => b.type === 'form');
    page.metadata.title = '';
    page.blocks[at]!.form = 'contact-us';
    const problems = readDefinitions(siteDir, new Map([[contact.file, JSON.stringify(page)]])).problems.filter((p) => p.file === contact.file);
    expect(problems.map(problemSentence)).toEqual(['Page metadata · Title: should not be empty', `Block ${at + 1} (Form) · Form: there is no form named "contact-us"`]);
  });

  it('names a missing required field at the field, and a list item by its own name', () => {
    const root = definitionSchemas.page as unknown as Json;
    const value = { blocks: [{ type: 'rich-text', html: '' }, { type: 'cards', items: [{ title: 'A', action: { path: '/x' } }] }] };
    expect(placeOf(root, value, '/blocks/1/items/0/action/path')).toBe('Block 2 (Cards) · Card 1 · Card action · Path');
    expect(placeOf(root, value, '/metadata/title')).toBe('Page metadata · Title');
  });
});
