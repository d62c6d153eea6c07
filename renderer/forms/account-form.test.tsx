// @vitest-environment jsdom
/** An account form through the form engine: the same validation and messages, its own endpoint, then the next page. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import { signedInHint } from '../blocks/account/signed-in-hint';
import { FormBlock } from './FormBlock';

const signIn: FormDefinition = {
  name: 'account-sign-in',
  account: 'sign-in',
  title: 'Sign in',
  fields: [
    { name: 'email', type: 'email', label: 'E-mail', required: true },
    { name: 'password', type: 'password', label: 'Password', required: true, autocomplete: 'current-password' },
  ],
  buttons: { submit: { text: 'Sign in' } },
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanup();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the sign-in form', () => {
  it('is a masked password field that posts nowhere but its account endpoint', () => {
    const { container } = render(<FormBlock form={signIn} />);
    const password = screen.getByLabelText(/Password/) as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('current-password');
    expect(container.querySelector('form')?.getAttribute('action')).toBeNull();
  });

  it("validates like any form, shows the server's one message for a wrong password, then goes to returnTo", async () => {
    window.history.replaceState(null, '', '/my-account/login?returnTo=%2Fmy-account%2Fquotes');
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(401, { error: 'invalid_credentials', message: 'Invalid email or password.' }))
      .mockResolvedValueOnce(json(200, { success: true, message: 'Signed in.' }));
    const navigate = vi.fn();
    render(<FormBlock form={signIn} fetch={fetch} navigate={navigate} />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'jane@example.com' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'wrong-password' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/my-account/login');
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'right-password' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(navigate).toHaveBeenCalledWith('/my-account/quotes');
    expect(signedInHint.getSnapshot()).toBe(true);
  });

  it('shows the captcha once the server asks for it, and sends its token with the right password (issue 17)', async () => {
    const captchaNamed = { recaptchaToken: 'Please complete the reCAPTCHA verification' };
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(400, { error: 'captcha_required', message: 'Too many failed sign-in attempts.', fields: captchaNamed }))
      .mockResolvedValueOnce(json(200, { success: true, message: 'Signed in.' }));
    const navigate = vi.fn();
    render(<FormBlock form={signIn} fetch={fetch} navigate={navigate} />);
    expect(screen.queryByLabelText(/not a robot/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'jane@example.com' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'right-password' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(JSON.parse(String(fetch.mock.calls[0]![1].body))).toEqual({ email: 'jane@example.com', password: 'right-password' });
    // The server's message, and the captcha with its message under it.
    expect(screen.getByText('Too many failed sign-in attempts.')).toBeTruthy();
    const box = screen.getByLabelText(/not a robot/) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByText('Please complete the reCAPTCHA verification')).toBeTruthy();
    // Not ticked: nothing is sent.
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(fetch).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByLabelText(/not a robot/));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(JSON.parse(String(fetch.mock.calls[1]![1].body))).toEqual({ email: 'jane@example.com', password: 'right-password', recaptchaToken: 'test-pass' });
    expect(navigate).toHaveBeenCalledWith('/my-account');
  });

  it('a returnTo of another site leads to the account home instead', async () => {
    window.history.replaceState(null, '', '/my-account/login?returnTo=https%3A%2F%2Fevil.example%2F');
    const navigate = vi.fn();
    render(<FormBlock form={signIn} fetch={vi.fn().mockResolvedValue(json(200, { success: true }))} navigate={navigate} />);
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'jane@example.com' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'right-password' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(navigate).toHaveBeenCalledWith('/my-account');
  });
});
