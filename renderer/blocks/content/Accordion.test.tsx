// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Accordion } from './Accordion';

afterEach(cleanup);

const items = [
  { title: 'Do you ship?', description: '<p>Yes, <strong>everywhere</strong> in the US.</p>' },
  { title: 'What is included?', description: ['Doors', 'Hinges'] },
  { title: 'Evil', description: '<img src=x onerror="alert(1)">' },
];

describe('Accordion', () => {
  it('opens one item at a time', () => {
    render(<Accordion items={items} />);
    const first = screen.getByRole('button', { name: 'Do you ship?' });
    const second = screen.getByRole('button', { name: 'What is included?' });
    expect(first.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('everywhere').tagName).toBe('STRONG');
    fireEvent.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Hinges').tagName).toBe('LI');
    fireEvent.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('false');
  });
  it('moves focus with the arrow keys, Home and End', () => {
    render(<Accordion items={items} />);
    const buttons = screen.getAllByRole('button');
    buttons[0]!.focus();
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1]!, { key: 'End' });
    expect(document.activeElement).toBe(buttons[2]);
    fireEvent.keyDown(buttons[2]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(buttons[2]);
  });
  it('never renders markup outside the allowed set', () => {
    const { container } = render(<Accordion items={items} initiallyOpen={2} />);
    expect(container.querySelector('img')).toBeNull();
  });
});
