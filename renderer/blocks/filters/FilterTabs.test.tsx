// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterTabs } from './FilterTabs';

afterEach(cleanup);
const tabs = [
  { value: 'shipping', label: 'Shipping' },
  { value: 'finishes', label: 'Finishes' },
];

describe('FilterTabs', () => {
  it('offers an optional All tab and reports the choice', () => {
    const onSelect = vi.fn();
    render(<FilterTabs tabs={tabs} selected={null} onSelect={onSelect} label="FAQ topics" />);
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Finishes' }));
    expect(onSelect).toHaveBeenCalledWith('finishes');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });
  it('leaves All out when asked and shows scroll buttons in buttons mode', () => {
    render(<FilterTabs tabs={tabs} selected="shipping" onSelect={() => {}} showAll={false} mode="buttons" label="Topics" />);
    expect(screen.queryByRole('button', { name: 'All' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Scroll tabs forward' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Shipping' }).getAttribute('aria-pressed')).toBe('true');
  });
  it('moves focus with the arrow keys', () => {
    render(<FilterTabs tabs={tabs} selected={null} onSelect={() => {}} label="Topics" />);
    const all = screen.getByRole('button', { name: 'All' });
    all.focus();
    fireEvent.keyDown(all, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('Shipping');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement?.textContent).toBe('Finishes');
  });
});
