// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StudioApiError } from '../api/studio-client';
import { App } from './App';
import { matchRoute, safeNext } from './router';
import { fakeClient, operators, visit } from './testing/studio-fixture';

afterEach(cleanup);

const signedOut = () => Promise.reject(new StudioApiError(401, 'not_signed_in', 'Sign in to the studio.'));

describe('App', () => {
  it('sends a signed-out visit to sign-in, keeping where it was going', async () => {
    visit('/studio/history');
    render(<App client={fakeClient({ me: signedOut })} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the studio' })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/studio/sign-in?next=%2Fstudio%2Fhistory');
  });

  it('sends a signed-in operator from sign-in to the studio, with a header naming them', async () => {
    visit('/studio/sign-in');
    render(<App client={fakeClient({ me: () => Promise.resolve(operators.editor), files: () => new Promise(() => {}) })} />);
    const banner = await screen.findByRole('banner');
    expect(window.location.pathname).toBe('/studio');
    expect(banner.textContent).toContain('eddie@example.com');
    expect(banner.textContent).toContain('Editor');
    expect(screen.queryByRole('link', { name: 'Operators' })).toBeNull();
  });

  it('tells an editor in the navigation of a decision on their change, and a publisher what waits', async () => {
    visit('/studio/history');
    render(<App client={fakeClient({ me: () => Promise.resolve(operators.editor), versions: () => Promise.resolve([]), reviewCounts: () => Promise.resolve({ waiting: 3, answered: 1 }) })} />);
    expect(await screen.findByRole('link', { name: /^Review\s*\(1 decided\)$/ })).toBeTruthy();
    cleanup();
    render(<App client={fakeClient({ me: () => Promise.resolve(operators.publisher), versions: () => Promise.resolve([]), reviewCounts: () => Promise.resolve({ waiting: 3, answered: 0 }) })} />);
    expect(await screen.findByRole('link', { name: /^Review\s*\(3 waiting\)$/ })).toBeTruthy();
  });

  it('tells a publisher in the navigation how many refunds wait to be carried out, and an editor nothing', async () => {
    visit('/studio/history');
    const waitingRefunds = vi.fn(() => Promise.resolve({ count: 2 }));
    render(<App client={fakeClient({ me: () => Promise.resolve(operators.publisher), versions: () => Promise.resolve([]), reviewCounts: () => Promise.resolve({ waiting: 0, answered: 0 }), waitingRefunds })} />);
    expect(await screen.findByRole('link', { name: /^Orders\s*\(2 refunds waiting\)$/ })).toBeTruthy();
    cleanup();
    const notAsked = vi.fn(() => Promise.resolve({ count: 2 }));
    render(<App client={fakeClient({ me: () => Promise.resolve(operators.editor), versions: () => Promise.resolve([]), reviewCounts: () => Promise.resolve({ waiting: 0, answered: 0 }), waitingRefunds: notAsked })} />);
    expect(await screen.findByRole('link', { name: 'Orders' })).toBeTruthy();
    expect(notAsked).not.toHaveBeenCalled();
  });

  it('keeps the admin pages for admins', async () => {
    visit('/studio/operators');
    render(<App client={fakeClient({ me: () => Promise.resolve(operators.publisher) })} />);
    expect(await screen.findByText(/Only admins see this page/)).toBeTruthy();
  });

  it('signs out, ending the session on the server', async () => {
    visit('/studio/history');
    const logout = vi.fn(() => Promise.resolve({}));
    render(<App client={fakeClient({ me: () => Promise.resolve(operators.admin), logout, versions: () => Promise.resolve([]) })} />);
    expect(await screen.findByRole('link', { name: 'Audit log' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(window.location.pathname).toBe('/studio/sign-in'));
    expect(logout).toHaveBeenCalled();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the studio' })).toBeTruthy();
  });

  it('goes back to sign-in when a call finds the session ended', async () => {
    visit('/studio/history');
    render(<App client={fakeClient({ me: () => Promise.resolve(operators.viewer), versions: signedOut })} />);
    expect(await screen.findByText('Your session has ended. Sign in again to go on.')).toBeTruthy();
    expect(window.location.search).toBe('?next=%2Fstudio%2Fhistory');
  });

  it('says when the server does not answer, with a retry', async () => {
    visit('/studio');
    const me = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockImplementation(signedOut);
    render(<App client={fakeClient({ me })} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the studio' })).toBeTruthy();
  });
});

describe('routes', () => {
  it('matches the studio paths', () => {
    const q = new URLSearchParams();
    expect(matchRoute('/studio', q)).toEqual({ name: 'files', file: null });
    expect(matchRoute('/studio/edit/pages/home.json', q)).toEqual({ name: 'files', file: 'pages/home.json' });
    expect(matchRoute('/studio/history/12', new URLSearchParams('path=site.json'))).toEqual({ name: 'history', version: 12, file: 'site.json' });
    expect(matchRoute('/studio/quotes/5/edit', q)).toEqual({ name: 'quotes', id: 5, edit: true });
    expect(matchRoute('/studio/quotes/new/edit', q)).toEqual({ name: 'not-found' });
    expect(matchRoute('/studio/nope', q)).toEqual({ name: 'not-found' });
  });

  it('goes after sign-in only to a studio page', () => {
    expect(safeNext('/studio/history')).toBe('/studio/history');
    expect(safeNext('//evil.example/studio')).toBeNull();
    expect(safeNext('https://evil.example/studio')).toBeNull();
    expect(safeNext('/studios')).toBeNull();
    expect(safeNext('/studio/sign-in')).toBeNull();
  });
});
