// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertStack } from './AlertStack';
import { createAlertStore } from './alerts-store';

afterEach(cleanup);

describe('AlertStack', () => {
  it('shows nothing, then the alert, with a dismiss button unless not removable', () => {
    const store = createAlertStore();
    const { container } = render(<AlertStack store={store} />);
    expect(container.querySelectorAll('.alert')).toHaveLength(0);
    act(() => void store.addAlert({ message: 'Sample added to your cart.', messageType: 'success', fadeEffect: false }));
    expect(screen.getByRole('status').textContent).toContain('Sample added to your cart.');
    expect(container.querySelector('.alert--success')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByText('Sample added to your cart.')).toBeNull();
    act(() => void store.addAlert({ message: 'Stays', messageRemovable: false }));
    expect(screen.queryByRole('button', { name: 'Dismiss message' })).toBeNull();
  });
});
