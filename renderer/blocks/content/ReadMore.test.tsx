// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReadMore, ShortList } from './ReadMore';

afterEach(cleanup);

describe('ReadMore and ShortList', () => {
  it('cuts a 350-character description on a word boundary with Read more / Show less', () => {
    const text = 'Solid maple shaker doors on plywood boxes. '.repeat(10);
    const { container } = render(<ReadMore text={text} limit={350} />);
    const shown = container.querySelector('p')!.textContent!;
    expect(shown.endsWith('...')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(353);
    fireEvent.click(screen.getByRole('button', { name: 'Read more' }));
    expect(container.querySelector('p')!.textContent).toBe(text);
    expect(screen.getByRole('button', { name: 'Show less' })).toBeTruthy();
  });
  it('shows the first 6 items of a longer list with Read more...', () => {
    render(<ShortList items={['1', '2', '3', '4', '5', '6', '7']} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'Read more...' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
  });
  it('has no button for 6 items', () => {
    render(<ShortList items={['1', '2', '3', '4', '5', '6']} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
