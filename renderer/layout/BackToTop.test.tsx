// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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

  it('steps aside (hidden, not focusable) while a form field lies under it, and comes back when none does', async () => {
    const field = document.createElement('input');
    let under: Element[] = [field];
    // jsdom lays nothing out: what lies under the button is what the page would report.
    document.elementsFromPoint = ((_x: number, _y: number) => [document.querySelector('.back-to-top'), ...under, document.body].filter(Boolean)) as typeof document.elementsFromPoint;
    render(<BackToTop />);
    scrollTo(400);
    const button = screen.getByRole('button', { name: 'Back to top' });
    await waitFor(() => expect(button.hasAttribute('data-covering')).toBe(true));
    under = [document.createElement('p')];
    scrollTo(450);
    await waitFor(() => expect(button.hasAttribute('data-covering')).toBe(false));
    // A field that is the button's own (none today) or hidden does not count; a select does.
    under = [Object.assign(document.createElement('input'), { type: 'hidden' })];
    scrollTo(500);
    await waitFor(() => expect(button.hasAttribute('data-covering')).toBe(false));
    under = [document.createElement('select')];
    act(() => void document.dispatchEvent(new FocusEvent('focusin')));
    await waitFor(() => expect(button.hasAttribute('data-covering')).toBe(true));
  });
});
