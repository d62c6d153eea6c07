// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../schemas/site-settings.schema';
import { Footer } from './Footer';

afterEach(cleanup);

const base: SiteSettings = { siteName: 'Oak & Hearth Cabinetry', navigation: [] };

describe('Footer', () => {
  it('shows the link columns of the site settings, in order', () => {
    render(
      <Footer
        settings={{
          ...base,
          footer: [
            { title: 'Help', links: [{ label: 'Contact', path: '/contact' }, { label: 'File a Claim', path: '/claim' }] },
            { title: 'Company', links: [{ label: 'About Us', path: '/about-us' }] },
          ],
        }}
      />,
    );
    const help = screen.getByRole('navigation', { name: 'Help' });
    expect(within(help).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Contact', '/contact'],
      ['File a Claim', '/claim'],
    ]);
    expect(screen.getAllByRole('navigation').map((n) => n.getAttribute('aria-label'))).toEqual(['Help', 'Company']);
  });

  it('has no link columns when the settings name none', () => {
    render(<Footer settings={base} />);
    expect(screen.queryAllByRole('navigation')).toHaveLength(0);
    expect(screen.getByText(/Oak & Hearth Cabinetry\. All rights reserved\./)).toBeTruthy();
  });
});
