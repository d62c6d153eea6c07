// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackToTop } from './BackToTop';

afterEach(cleanup);

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => void window.dispatchEvent(new Event('scroll')));
}

describe('BackToTop', () => {
  it('appears after 200 px of scrolling, hides again above it, and scrolls to the top', () => {
    const spy = vi.fn();
    window.scrollTo = spy as unknown as typeof window.scrollTo;
    render(<BackToTop />);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    scrollTo(200);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    scrollTo(201);
    fireEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    scrollTo(0);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
  });
});
