// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { safeReturnTo, signInPathFor } from '../blocks/account/account-paths';
import { moveResetToken, readResetToken } from '../blocks/account/reset-link-token';
import { INVALID_RESET_LINK, postAccountForm, waitText } from './account-form-api';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function recorder(answers: Record<string, Response | (() => Response)>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push({ path, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    const a = answers[path];
    return typeof a === 'function' ? a() : (a ?? json(404, { error: 'not_found', message: 'No.' }));
  });
  return { fetch, calls };
}

afterEach(() => vi.restoreAllMocks());

describe('account forms go to their fixed endpoint', () => {
  it('register sends only the account fields, then signs in with them', async () => {
    const { fetch, calls } = recorder({
      '/api/my-account/register': json(202, { success: true, message: 'Thank you for registering. Please check your e-mail, then sign in.' }),
      '/api/my-account/login': json(200, { success: true, message: 'Signed in.', accessToken: 'secret' }),
    });
    const values = { firstName: ' Jane ', lastName: 'Walker', email: 'jane@example.com', phone: '', password: ' pass phrase 1 ', newsletter: true };
    const result = await postAccountForm('register', { values, honeypot: '' }, { fetch });
    expect(calls.map((c) => c.path)).toEqual(['/api/my-account/register', '/api/my-account/login']);
    expect(calls[0]!.body).toEqual({ firstName: 'Jane', lastName: 'Walker', email: 'jane@example.com', password: ' pass phrase 1 ' });
    expect(calls[1]!.body).toEqual({ email: 'jane@example.com', password: ' pass phrase 1 ' });
    expect(result).toMatchObject({ ok: true, signedIn: true });
  });

  it('a taken e-mail (whose sign-in then fails) shows the registration message and signs nobody in', async () => {
    const { fetch } = recorder({
      '/api/my-account/register': json(202, { success: true, message: 'Thank you for registering. Please check your e-mail, then sign in.' }),
      '/api/my-account/login': json(401, { error: 'invalid_credentials', message: 'Invalid email or password.' }),
    });
    const result = await postAccountForm('register', { values: { email: 'taken@example.com', password: 'x'.repeat(12) } }, { fetch });
    expect(result).toEqual({ ok: true, message: 'Thank you for registering. Please check your e-mail, then sign in.', id: null, token: null });
  });

  it("brings the server's field messages back to the form", async () => {
    const { fetch } = recorder({
      '/api/my-account/register': json(400, { error: 'validation_failed', message: 'Please check the form.', fields: { password: 'Password must be at least 10 characters' } }),
    });
    expect(await postAccountForm('register', { values: { email: 'a@b.co', password: 'short' } }, { fetch })).toEqual({
      ok: false,
      message: 'Please check the form.',
      fields: { password: 'Password must be at least 10 characters' },
    });
  });

  it('a throttled sign-in says how long to wait', async () => {
    const { fetch } = recorder({
      '/api/my-account/login': json(429, { error: 'too_many_requests', message: 'Too many failed sign-in attempts. Please try again later.' }, { 'Retry-After': '900' }),
    });
    const result = await postAccountForm('sign-in', { values: { email: 'a@b.co', password: 'wrong-wrong' } }, { fetch });
    expect(result).toMatchObject({ ok: false, message: 'Too many failed sign-in attempts. Please try again later. You can try again in 15 minutes.' });
    expect(waitText('1')).toBe('You can try again in 1 second.');
    expect(waitText('61')).toBe('You can try again in 2 minutes.');
    expect(waitText(null)).toBeNull();
  });

  it('the reset form sends the link token with the new password, and refuses without one', async () => {
    const { fetch, calls } = recorder({ '/api/my-account/password-reset/confirm': json(200, { success: true, message: 'Your password has been changed.' }) });
    expect(await postAccountForm('reset-password', { values: { password: 'new-password-1' } }, { fetch, resetToken: null })).toEqual({
      ok: false,
      message: INVALID_RESET_LINK,
      fields: {},
    });
    expect(calls).toEqual([]);
    await postAccountForm('reset-password', { values: { password: 'new-password-1' } }, { fetch, resetToken: 'tok-123' });
    expect(calls[0]).toEqual({ path: '/api/my-account/password-reset/confirm', body: { password: 'new-password-1', token: 'tok-123' } });
  });

  it('a network failure is a result without a message (the form shows its generic error)', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await postAccountForm('forgot-password', { values: { email: 'a@b.co' } }, { fetch })).toEqual({ ok: false, message: null, fields: {} });
  });
});

describe('returnTo and the reset token', () => {
  it('returnTo must be a path of this site', () => {
    expect(safeReturnTo('/my-account/orders?page=2')).toBe('/my-account/orders?page=2');
    for (const bad of [null, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/a\nb', '/my-account/login?returnTo=/x']) {
      expect(safeReturnTo(bad), String(bad)).toBe('/my-account');
    }
    expect(signInPathFor('/my-account/quotes/Q1')).toBe('/my-account/login?returnTo=%2Fmy-account%2Fquotes%2FQ1');
  });

  it('the reset link token leaves the address bar for sessionStorage', () => {
    const replace = vi.fn();
    moveResetToken({ href: 'https://shop.test/my-account/reset-password?token=abc&x=1', replace }, sessionStorage);
    expect(replace).toHaveBeenCalledWith('/my-account/reset-password?x=1');
    expect(readResetToken(sessionStorage)).toBe('abc');
    replace.mockClear();
    moveResetToken({ href: 'https://shop.test/my-account/reset-password', replace }, sessionStorage);
    expect(replace).not.toHaveBeenCalled();
  });
});
