// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setSignedInHint, SIGNED_IN_KEY } from '../blocks/account/signed-in-hint';
import { testSettings } from '../testing/page-fixture';
import { Header, SIGNED_IN_HINT_KEY } from './Header';

afterEach(cleanup);

const settings = {
  ...testSettings,
  navigation: [
    ...testSettings.navigation,
    {
      label: 'Styles',
      path: '/styles',
      megaMenu: { columns: [{ title: 'Shaker', links: [{ label: 'Hartford', path: '/styles/hartford', description: 'Classic' }] }] },
    },
  ],
};

describe('Header', () => {
  it('opens submenus and mega menus with their buttons; Escape closes and returns focus', () => {
    const { container } = render(<Header settings={settings} />);
    const toggle = screen.getByRole('button', { name: 'Cabinets menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(container.querySelector('.menu__item--open a[href="/products/kitchen-cabinets/shaker"]')).not.toBeNull();
    fireEvent.keyDown(toggle, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    // Focus leaving an open panel closes it.
    fireEvent.click(toggle);
    fireEvent.blur(toggle, { relatedTarget: screen.getByRole('link', { name: 'Contact' }) });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Styles menu' }));
    expect(container.querySelector('.menu__item--open .mega__description')?.textContent).toBe('Classic');
  });

  it("opens the mobile drawer 'Our Offerings', traps focus, and closes on Escape", () => {
    render(<Header settings={settings} />);
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(menuButton);
    const dialog = screen.getByRole('dialog', { name: 'Our Offerings' });
    const close = screen.getByRole('button', { name: 'Close menu' });
    expect(document.activeElement).toBe(close);
    // Shift+Tab from the first focusable wraps to the last one inside the drawer.
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(close);
    fireEvent.click(screen.getByRole('button', { name: 'Cabinets submenu' }));
    expect(dialog.querySelector('a[href="/products/kitchen-cabinets/shaker"]')).not.toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menuButton);
  });

  it("links to the account: 'Sign in', or 'My account' once this browser has signed in", () => {
    expect(SIGNED_IN_HINT_KEY).toBe(SIGNED_IN_KEY);
    localStorage.clear();
    render(<Header settings={settings} />);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/my-account');
    cleanup();
    setSignedInHint(true);
    render(<Header settings={settings} />);
    expect(screen.getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/my-account');
    setSignedInHint(false);
  });
});
