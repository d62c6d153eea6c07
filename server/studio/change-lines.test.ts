/**
 * What changed in a file, read as changes in the words of the form: a block by its number and
 * type, a list item by its number from one, a property by its title; a block added at the top is
 * one line, not every block "changed"; rich text as its words; long values shortened.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../build-output';
import { changeLines, MAX_CHANGE_LINES } from './change-lines';

const demo = (file: string) => fs.readFileSync(path.join(projectRoot, 'examples', 'site', file), 'utf8');
type Json = Record<string, any>;
const edited = (file: string, edit: (v: Json) => void) => {
  const value = JSON.parse(demo(file)) as Json;
  edit(value);
  return JSON.stringify(value);
};

describe('changeLines', () => {
  it('names a slide of a banner slider and its title, before and after', () => {
    const after = edited('pages/home.json', (v) => (v.blocks[0].slides[0].title = 'Kitchens for every family'));
    expect(changeLines('pages/home.json', demo('pages/home.json'), after)).toEqual([
      { where: 'Block 1 (Banner slider) · Banner slide 1 · Title', change: 'changed', before: 'Kitchens built to gather around', after: 'Kitchens for every family' },
    ]);
  });

  it('reads a block added at the top as one addition, and an edit of a block that moved as that edit', () => {
    const after = edited('pages/home.json', (v) => {
      v.blocks.unshift({ type: 'rich-text', html: '<h2>Opening hours</h2><p>Monday to <strong>Saturday</strong>.</p>' });
      v.blocks[1].label = 'Our kitchens';
    });
    expect(changeLines('pages/home.json', demo('pages/home.json'), after)).toEqual([
      { where: 'Block 1 (Rich text)', change: 'added', after: 'Opening hours Monday to Saturday.' },
      { where: 'Block 2 (Banner slider) · Label', change: 'changed', before: 'Featured', after: 'Our kitchens' },
    ]);
  });

  it('reads a route added, a block removed, a switch turned off and a new file', () => {
    const routes = edited('routes.json', (v) => v.routes.splice(1, 0, { path: '/showrooms/austin', page: 'showroom-austin' }));
    expect(changeLines('routes.json', demo('routes.json'), routes)).toEqual([{ where: 'Route 2', change: 'added', after: '/showrooms/austin → showroom-austin' }]);
    const contact = JSON.parse(demo('pages/contact.json')) as Json;
    const formAt = contact.blocks.findIndex((b: Json) => b.type === 'form');
    const noTitle = edited('pages/contact.json', (v) => (v.blocks[formAt].showTitle = false));
    expect(changeLines('pages/contact.json', demo('pages/contact.json'), noTitle)).toEqual([{ where: `Block ${formAt + 1} (Form) · Show title`, change: 'added', after: 'off' }]);
    const removed = edited('pages/contact.json', (v) => v.blocks.splice(formAt, 1));
    expect(changeLines('pages/contact.json', demo('pages/contact.json'), removed)).toEqual([{ where: `Block ${formAt + 1} (Form)`, change: 'removed', before: 'contact' }]);
    expect(changeLines('pages/new.json', null, '{"metadata":{"title":"New","description":"New."},"blocks":[]}')).toEqual([{ where: '', change: 'added', after: '' }]);
  });

  it('gives no lines for a text that is not JSON, and counts what is beyond the limit', () => {
    expect(changeLines('pages/home.json', demo('pages/home.json'), '{ not json')).toEqual([]);
    const many = { metadata: { title: 'A', description: 'B' }, blocks: Array.from({ length: 60 }, (_, i) => ({ type: 'rich-text', html: `<p>${i}</p>` })) };
    const lines = changeLines('pages/x.json', JSON.stringify({ ...many, blocks: [] }), JSON.stringify(many));
    expect(lines).toHaveLength(MAX_CHANGE_LINES + 1);
    expect(lines.at(-1)).toEqual({ where: '20 more changes', change: 'changed' });
    const long = 'x'.repeat(200);
    const [line] = changeLines('pages/x.json', JSON.stringify({ metadata: { title: 'A' } }), JSON.stringify({ metadata: { title: long } }));
    expect(line!.after).toHaveLength(80);
  });
});
