// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from './SearchBox';

afterEach(cleanup);

describe('SearchBox', () => {
  it('is disabled for a blank term and hands over the trimmed term', () => {
    const onSearch = vi.fn();
    render(<SearchBox value="" onSearch={onSearch} label="Search blogs" />);
    const button = screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search blogs' }), { target: { value: '   ' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search blogs' }), { target: { value: ' shaker ' } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(onSearch).toHaveBeenCalledWith('shaker');
  });
  it('names its field after the query parameter for plain GET submits', () => {
    render(<SearchBox value="oak" paramName="q" />);
    expect((screen.getByRole('searchbox') as HTMLInputElement).name).toBe('q');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('oak');
  });
});
