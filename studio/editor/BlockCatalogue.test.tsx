// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockSchemas } from '../../schemas/page.schema';
import { BlockCatalogue } from './BlockCatalogue';

afterEach(cleanup);

function openCatalogue() {
  const onAdd = vi.fn();
  render(<BlockCatalogue onAdd={onAdd} />);
  fireEvent.click(screen.getByRole('button', { name: '+ Add a block' }));
  return { onAdd, catalogue: screen.getByRole('group', { name: 'Block types' }) };
}

describe('BlockCatalogue', () => {
  it('shows every block type with its picture, its name and its plain description', () => {
    const { catalogue } = openCatalogue();
    const cards = within(catalogue).getAllByRole('listitem');
    expect(cards).toHaveLength(blockSchemas.length);
    const banner = cards.find((c) => c.querySelector('[data-block-type="banner"]'))!;
    const picture = banner.querySelector('iframe')!;
    // The picture is the server's drawing of the example, in a frame where nothing runs, out of the tab order.
    expect(picture.getAttribute('src')).toBe('/api/studio/block-examples/banner');
    expect(picture.getAttribute('sandbox')).toBe('');
    expect(picture.getAttribute('loading')).toBe('lazy');
    expect(picture.tabIndex).toBe(-1);
    expect(within(banner).getByRole('button').textContent).toBe('BannerA wide picture with a title, a line of text and a button.');
  });

  it('is used by keyboard: ↓ from the filter, arrows between types, Enter adds, Escape closes', () => {
    const { onAdd, catalogue } = openCatalogue();
    const filter = within(catalogue).getByLabelText('Find a block type');
    expect(document.activeElement).toBe(filter);
    fireEvent.change(filter, { target: { value: 'banner' } });
    const shown = within(catalogue).getAllByRole('button').map((b) => b.getAttribute('data-block-type'));
    expect(shown).toEqual(['banner', 'banner-slider', 'title-banner']);
    fireEvent.keyDown(filter, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('data-block-type')).toBe('banner');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('data-block-type')).toBe('title-banner');
    // Past the last it stays; up from the first goes back to the filter.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('data-block-type')).toBe('title-banner');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(filter);
    fireEvent.keyDown(filter, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    // A button adds on Enter as on a click (the browser turns Enter into a click).
    fireEvent.click(document.activeElement!);
    expect(onAdd).toHaveBeenCalledWith('banner-slider');
    expect(screen.queryByRole('group', { name: 'Block types' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '+ Add a block' }));
    fireEvent.keyDown(screen.getByLabelText('Find a block type'), { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Block types' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '+ Add a block' }));
  });

  it('says so when no type matches the filter', () => {
    const { catalogue } = openCatalogue();
    fireEvent.change(within(catalogue).getByLabelText('Find a block type'), { target: { value: 'spaceship' } });
    expect(within(catalogue).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(catalogue).getByText('No block type matches “spaceship”.')).toBeTruthy();
  });
});
