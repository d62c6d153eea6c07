// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectUnsubscribeData, UnsubscribeBlock } from './UnsubscribeBlock';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A stand-in for the newsletter API: one subscriber, token 'tok'. */
function fakeApi(options: { failNext?: boolean } = {}) {
  let subscribed = true;
  let failNext = options.failNext ?? false;
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const [, action, token] = /\/api\/newsletter\/(subscription|unsubscribe|resubscribe)\/(.+)$/.exec(url) ?? [];
    if (token !== 'tok') return json(404, { error: 'subscription_not_found', message: 'This unsubscribe link is not valid: no subscription has this token.' });
    if (init?.method === 'POST') {
      if (failNext) {
        failNext = false;
        return json(503, { error: 'unavailable', message: 'Down' });
      }
      subscribed = action === 'resubscribe';
    }
    const message = init?.method === 'POST' ? (subscribed ? 'You are subscribed to our newsletter again.' : 'You have been unsubscribed from our newsletter.') : undefined;
    return json(200, { success: true, message, data: { email: 'a***@example.com', status: subscribed ? 'subscribed' : 'unsubscribed', subscribed } });
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const block = { type: 'newsletter-unsubscribe' as const, messages: { unsubscribeFailed: 'Could not unsubscribe, sorry.' } };

describe('the newsletter unsubscribe block', () => {
  it("takes the route's token", () => {
    expect(selectUnsubscribeData(block, { params: { unsubscribeToken: 'abc' } })).toEqual({ token: 'abc' });
    expect(selectUnsubscribeData(block, { params: {} })).toEqual({ token: '' });
  });

  it('reads the subscription, and its button toggles it through the server', async () => {
    const fetch = fakeApi();
    vi.stubGlobal('fetch', fetch);
    render(<UnsubscribeBlock block={block} data={{ token: 'tok' }} />);
    expect(screen.getByText('Checking your subscription…')).toBeTruthy();
    await screen.findByText('a***@example.com is subscribed to our newsletter.');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' })));
    await screen.findByText('You have been unsubscribed from our newsletter.');
    expect(screen.getByText('a***@example.com will no longer receive our newsletter.')).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Subscribe again' })));
    await screen.findByText('You are subscribed to our newsletter again.');
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`)).toEqual([
      'GET /api/newsletter/subscription/tok',
      'POST /api/newsletter/unsubscribe/tok',
      'POST /api/newsletter/resubscribe/tok',
    ]);
  });

  it("shows the configured failure message and keeps the button; an unknown token says so plainly", async () => {
    vi.stubGlobal('fetch', fakeApi({ failNext: true }));
    render(<UnsubscribeBlock block={block} data={{ token: 'tok' }} />);
    await screen.findByText('a***@example.com is subscribed to our newsletter.');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' })));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not unsubscribe, sorry.');
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
    cleanup();

    render(<UnsubscribeBlock block={block} data={{ token: 'unknown' }} />);
    expect((await screen.findByRole('alert')).textContent).toBe('This unsubscribe link is not valid: no subscription has this token.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
