// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CookieBanner } from './CookieBanner';

const consent = { message: 'We use cookies.', expiryDays: 180 };

afterEach(() => {
  cleanup();
  document.cookie = 'showroom_cookie_consent=; Max-Age=0; Path=/';
});

describe('CookieBanner', () => {
  it('stays hidden when the visitor already chose', () => {
    render(<CookieBanner consent={consent} initiallyAnswered />);
    expect(screen.queryByText('We use cookies.')).toBeNull();
  });

  it('stores acceptance and hides itself', () => {
    render(<CookieBanner consent={consent} initiallyAnswered={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(screen.queryByText('We use cookies.')).toBeNull();
    expect(document.cookie).toContain('showroom_cookie_consent=accepted');
  });

  it('stores rejection and hides itself', () => {
    render(<CookieBanner consent={consent} initiallyAnswered={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reject all' }));
    expect(document.cookie).toContain('showroom_cookie_consent=rejected');
  });

  it('only shows a placeholder for preferences', () => {
    render(<CookieBanner consent={consent} initiallyAnswered={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Manage preferences' }));
    expect(screen.getByText('Cookie preferences are coming soon.')).toBeTruthy();
    expect(screen.getByText('We use cookies.')).toBeTruthy();
  });
});
