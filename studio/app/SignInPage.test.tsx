// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STUDIO_CAPTCHA_NEEDED, STUDIO_CODE_JUST_USED, STUDIO_INVALID_CREDENTIALS } from '../../schemas/api/studio';
import { StudioApiError } from '../api/studio-client';
import { SignInPage } from './SignInPage';
import { fakeClient, operators, renderInStudio, visit } from './testing/studio-fixture';

afterEach(cleanup);

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('SignInPage', () => {
  it('labels every field; the code field asks for digits and lets the app fill a one-time code', () => {
    renderInStudio(<SignInPage next={null} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to the studio' })).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    const code = screen.getByLabelText('Code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    // The rule is there before typing, tied to the field.
    const hint = document.getElementById(code.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(hint?.textContent).toMatch(/6 digits/);
  });

  it('marks empty fields and says so in the alert, without calling the server', () => {
    const client = fakeClient();
    renderInStudio(<SignInPage next={null} />, { client });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert').textContent).toBe('Check the fields marked below.');
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
    expect(client.login).not.toHaveBeenCalled();
  });

  it("shows the server's one refusal in the alert region and empties the code", async () => {
    const login = vi.fn(() => Promise.reject(new StudioApiError(401, 'invalid_credentials', STUDIO_INVALID_CREDENTIALS)));
    renderInStudio(<SignInPage next={null} />, { client: fakeClient({ login }) });
    fill('E-mail', 'ada@example.com');
    fill('Password', 'a long enough password');
    fill('Code', '123 456');
    fireEvent.submit(screen.getByRole('button', { name: 'Sign in' }).closest('form')!);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(STUDIO_INVALID_CREDENTIALS));
    expect(login).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'a long enough password', code: '123456' });
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('');
    expect(screen.getAllByText(STUDIO_INVALID_CREDENTIALS)).toHaveLength(1);
  });

  it('puts a field the server names at that field', async () => {
    const login = vi.fn(() => Promise.reject(new StudioApiError(400, 'validation_failed', 'Enter a valid e-mail address.', { email: 'Enter a valid e-mail address.' })));
    renderInStudio(<SignInPage next={null} />, { client: fakeClient({ login }) });
    fill('E-mail', 'ada@');
    fill('Password', 'pw');
    fill('Code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter a valid e-mail address.', { selector: '.field__error' })).toBeTruthy();
  });

  it('switches to a recovery code and signs in with it, then goes where it was asked to', async () => {
    visit('/studio/sign-in?next=%2Fstudio%2Fhistory');
    const login = vi.fn(() => Promise.resolve(operators.editor));
    const { studio } = renderInStudio(<SignInPage next="/studio/history" />, { client: fakeClient({ login }) });
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.queryByLabelText('Code')).toBeNull();
    fill('E-mail', 'eddie@example.com');
    fill('Password', 'a long enough password');
    fill('Recovery code', ' abcd-efgh ');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(studio.setOperator).toHaveBeenCalledWith(operators.editor));
    expect(login).toHaveBeenCalledWith({ email: 'eddie@example.com', password: 'a long enough password', recoveryCode: 'abcd-efgh' });
    expect(window.location.pathname).toBe('/studio/history');
  });

  it('tells a code just used (right after the set-up) apart, at the code field', async () => {
    const login = vi.fn(() => Promise.reject(new StudioApiError(401, 'code_used', STUDIO_CODE_JUST_USED, { code: STUDIO_CODE_JUST_USED })));
    renderInStudio(<SignInPage next={null} />, { client: fakeClient({ login }) });
    fill('E-mail', 'ada@example.com');
    fill('Password', 'a long enough password');
    fill('Code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(STUDIO_CODE_JUST_USED));
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Code'));
  });

  it('shows the captcha when the server asks for it, and sends its token with the next try', async () => {
    const login = vi
      .fn()
      .mockRejectedValueOnce(new StudioApiError(400, 'captcha_required', STUDIO_CAPTCHA_NEEDED, { recaptchaToken: STUDIO_CAPTCHA_NEEDED }, { siteKey: null }))
      .mockResolvedValueOnce(operators.editor);
    const { studio } = renderInStudio(<SignInPage next={null} />, { client: fakeClient({ login }) });
    fill('E-mail', 'ada@example.com');
    fill('Password', 'a long enough password');
    fill('Code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(STUDIO_CAPTCHA_NEEDED));
    const box = screen.getByLabelText('I am not a robot (test captcha)');
    // Not ticked: refused here, without asking the server.
    fill('Code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Tick the captcha first.')).toBeTruthy();
    expect(login).toHaveBeenCalledTimes(1);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(studio.setOperator).toHaveBeenCalledWith(operators.editor));
    expect(login).toHaveBeenLastCalledWith({ email: 'ada@example.com', password: 'a long enough password', code: '654321', recaptchaToken: 'test-pass' });
  });
});
