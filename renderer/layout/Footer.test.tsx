// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../schemas/site-settings.schema';
import { Footer } from './Footer';

afterEach(cleanup);

const base: SiteSettings = { siteName: 'Oak & Hearth Cabinetry', navigation: [] };

describe('Footer', () => {
  it('holds the newsletter form as its own island when the content has one, and none otherwise', () => {
    const form = { name: 'newsletter', title: 'Design ideas in your inbox', fields: [{ name: 'email', type: 'email' as const, label: 'E-mail', required: true }], buttons: { submit: { text: 'Subscribe' } } };
    const { container } = render(<Footer settings={base} newsletter={{ form }} />);
    const island = container.querySelector('showroom-island[data-island="footer-newsletter"]')!;
    expect(island.getAttribute('data-hydrate')).toBe('visible');
    expect(within(island as HTMLElement).getByLabelText(/^E-mail/)).toBeTruthy();
    expect(within(island as HTMLElement).getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    expect(JSON.parse(container.querySelector('#footer-newsletter-props')!.textContent!)).toEqual({ props: { form } });
    cleanup();
    const { container: without } = render(<Footer settings={base} />);
    expect(without.querySelector('showroom-island')).toBeNull();
  });

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
