import { describe, expect, it } from 'vitest';
import { blockListReducer, initialBlockList, reconcileIds, type BlockListState } from './block-list';
import { blockCatalogue, blockSummary, filterCatalogue, newBlock } from './block-catalogue';

const state = (): BlockListState => initialBlockList([{ type: 'a' }, { type: 'b' }, { type: 'c' }]);
const types = (s: BlockListState) => s.blocks.map((b) => b.type);

describe('the block list reducer', () => {
  it('inserts, duplicates (a deep copy with a new id), moves with its id, removes and undoes', () => {
    let s = state();
    const [idA, idB, idC] = s.ids;
    s = blockListReducer(s, { type: 'insert', block: { type: 'd' } });
    expect(types(s)).toEqual(['a', 'b', 'c', 'd']);
    s = blockListReducer(s, { type: 'duplicate', index: 1 });
    expect(types(s)).toEqual(['a', 'b', 'b', 'c', 'd']);
    expect(s.blocks[2]).not.toBe(s.blocks[1]);
    expect(new Set(s.ids).size).toBe(5);
    s = blockListReducer(s, { type: 'move', from: 0, to: 3 });
    expect(types(s)).toEqual(['b', 'b', 'c', 'a', 'd']);
    expect(s.ids[3]).toBe(idA);
    expect(s.ids[0]).toBe(idB);
    s = blockListReducer(s, { type: 'remove', index: 2 });
    expect(types(s)).toEqual(['b', 'b', 'a', 'd']);
    expect(s.removed).toMatchObject({ id: idC, index: 2 });
    s = blockListReducer(s, { type: 'undo-remove' });
    expect(types(s)).toEqual(['b', 'b', 'c', 'a', 'd']);
    expect(s.ids[2]).toBe(idC);
    expect(s.removed).toBeNull();
  });

  it('keeps the state for moves past the ends and edits that change nothing', () => {
    const s = state();
    expect(blockListReducer(s, { type: 'move', from: 0, to: -1 })).toBe(s);
    expect(blockListReducer(s, { type: 'move', from: 2, to: 3 })).toBe(s);
    expect(blockListReducer(s, { type: 'replace', index: 0, block: s.blocks[0]! })).toBe(s);
    expect(blockListReducer(s, { type: 'undo-remove' })).toBe(s);
  });

  it('keeps ids by position when a list changes outside (same length), else makes new ones for the rest', () => {
    const ids = ['x', 'y'];
    expect(reconcileIds(ids, 2)).toBe(ids);
    expect(reconcileIds(ids, 1)).toEqual(['x']);
    const longer = reconcileIds(ids, 3);
    expect(longer.slice(0, 2)).toEqual(['x', 'y']);
    expect(longer[2]).toMatch(/^block-/);
  });
});

describe('the block catalogue', () => {
  it('names every block type with its schema title, its plain description and the address of its picture', () => {
    const banner = blockCatalogue.find((e) => e.type === 'banner')!;
    expect(banner.title).toBe('Banner');
    expect(banner.description).toBe('A wide picture with a title, a line of text and a button.');
    expect(banner.picture).toBe('/api/studio/block-examples/banner');
    expect(blockCatalogue.every((e) => e.title && e.description && e.picture.endsWith(`/${e.type}`))).toBe(true);
    expect(filterCatalogue('popup appear').map((e) => e.type)).toContain('popup');
  });

  it('starts a block with its type and empty required lists and groups', () => {
    expect(newBlock('banner')).toEqual({ type: 'banner', image: {} });
    expect(newBlock('steps')).toEqual({ type: 'steps', steps: [] });
    expect(newBlock('promotions')).toEqual({ type: 'promotions' });
  });

  it('summarises a block by its title, heading, form or first slide', () => {
    expect(blockSummary({ type: 'form', form: 'contact' })).toBe('contact');
    expect(blockSummary({ type: 'banner-slider', slides: [{ title: 'Kitchens' }] })).toBe('Kitchens');
    expect(blockSummary({ type: 'popup', popups: ['a', 'b'] })).toBe('a, b');
  });
});
