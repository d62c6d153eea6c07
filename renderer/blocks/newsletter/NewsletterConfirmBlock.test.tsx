// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewsletterConfirmBlock, selectNewsletterConfirmData } from './NewsletterConfirmBlock';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const block = { type: 'newsletter-confirm' as const, text: 'About twice a month.', messages: { expired: 'Too old: sign up again.' } };

describe('the newsletter confirmation block', () => {
  it("takes the route's token", () => {
    expect(selectNewsletterConfirmData(block, { params: { confirmationToken: '7.abc' } })).toEqual({ token: '7.abc' });
    expect(selectNewsletterConfirmData(block, { params: {} })).toEqual({ token: '' });
  });

  it('posts the token of the link and says the subscription is confirmed', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(200, { success: true, message: 'Your subscription to our newsletter is confirmed.', data: { email: 'a***@example.com', status: 'subscribed', subscribed: true } }));
    vi.stubGlobal('fetch', fetch);
    render(<NewsletterConfirmBlock block={block} data={{ token: '7.secret' }} />);
    expect(screen.getByText('Confirming your subscription…')).toBeTruthy();
    await screen.findByText('Your subscription to our newsletter is confirmed.');
    expect(screen.getByText('About twice a month.')).toBeTruthy();
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual(['POST /api/newsletter/confirm/7.secret']);
  });

  it('says why a link does not confirm: unknown, expired or used (configured), or the server unreachable', async () => {
    const cases: [Response | Error, string][] = [
      [json(404, { error: 'confirmation_not_found', message: 'x' }), 'This confirmation link is not valid.'],
      [json(410, { error: 'confirmation_expired', message: 'x' }), 'Too old: sign up again.'],
      [json(410, { error: 'confirmation_used', message: 'x' }), 'Too old: sign up again.'],
      [new Error('offline'), 'We could not confirm your subscription just now. Please try again later.'],
    ];
    for (const [answer, shown] of cases) {
      vi.stubGlobal('fetch', vi.fn(async () => (answer instanceof Error ? Promise.reject(answer) : answer)));
      render(<NewsletterConfirmBlock block={block} data={{ token: '7.secret' }} />);
      expect((await screen.findByRole('alert')).textContent).toBe(shown);
      cleanup();
    }
  });

  it('a page opened without a token posts nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<NewsletterConfirmBlock block={block} data={{ token: '' }} />);
    expect((await screen.findByRole('alert')).textContent).toBe('This confirmation link is not valid.');
    expect(fetch).not.toHaveBeenCalled();
  });
});
