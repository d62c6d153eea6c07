// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STUDIO_CODE_WRONG, STUDIO_PASSWORD_RULE, STUDIO_SETUP_LINK_INVALID } from '../../schemas/api/studio';
import { StudioApiError } from '../api/studio-client';
import { groupSecret, SetupPage, svgDataUrl } from './SetupPage';
import { fakeClient, renderInStudio, visit } from './testing/studio-fixture';

afterEach(cleanup);

const SECRET = { email: 'new@example.com', secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', otpauthUri: 'otpauth://totp/x', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>' };
const CODES = Array.from({ length: 10 }, (_, i) => `code-${i}-abcd-efgh`);

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('SetupPage', () => {
  it('without a token says the link is not valid', () => {
    visit('/studio/setup');
    renderInStudio(<SetupPage />);
    expect(screen.getByRole('alert').textContent).toBe(STUDIO_SETUP_LINK_INVALID);
  });

  it('takes the token out of the address bar, shows the password rule before typing, and refuses a short password', () => {
    visit('/studio/setup#token=tok-123');
    const client = fakeClient();
    renderInStudio(<SetupPage />, { client });
    expect(window.location.hash).toBe('');
    const password = screen.getByLabelText('New password');
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toContain(STUDIO_PASSWORD_RULE);
    fill('New password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/This one has 5\./)).toBeTruthy();
    expect(client.setupPassword).not.toHaveBeenCalled();
  });

  it('walks password, app, recovery codes; the QR code is an image, never markup in the page', async () => {
    visit('/studio/setup#token=tok-123');
    const setupPassword = vi.fn(() => Promise.resolve(SECRET));
    const setupConfirm = vi
      .fn()
      .mockRejectedValueOnce(new StudioApiError(400, 'validation_failed', STUDIO_CODE_WRONG, { code: STUDIO_CODE_WRONG }))
      .mockResolvedValueOnce({ recoveryCodes: CODES });
    renderInStudio(<SetupPage />, { client: fakeClient({ setupPassword, setupConfirm }) });

    fill('New password', 'twelve chars or more');
    fill('Repeat the password', 'twelve chars or more');
    fireEvent.click(screen.getByRole('button', { name: 'Set the password' }));
    const qr = (await screen.findByRole('img', { name: /QR code/ })) as HTMLImageElement;
    expect(setupPassword).toHaveBeenCalledWith({ token: 'tok-123', password: 'twelve chars or more' });
    expect(qr.getAttribute('src')).toBe(svgDataUrl(SECRET.qrSvg));
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(document.querySelector('svg')).toBeNull();
    expect(screen.getByText(groupSecret(SECRET.secret)).textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');

    fill('Code from the app', '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Check the code' }));
    await waitFor(() => expect(screen.getByLabelText('Code from the app').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(STUDIO_CODE_WRONG)).toBeTruthy();

    fill('Code from the app', '222222');
    fireEvent.click(screen.getByRole('button', { name: 'Check the code' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(setupConfirm).toHaveBeenLastCalledWith({ token: 'tok-123', code: '222222' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(screen.queryByRole('link', { name: 'Sign in to the studio' })).toBeNull();
    fireEvent.click(screen.getByLabelText('I have saved them'));
    expect(screen.getByRole('link', { name: 'Sign in to the studio' }).getAttribute('href')).toBe('/studio/sign-in');
  });

  it('says when the passwords differ', () => {
    visit('/studio/setup#token=tok-123');
    renderInStudio(<SetupPage />);
    fill('New password', 'twelve chars or more');
    fill('Repeat the password', 'twelve chars or less');
    fireEvent.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(screen.getByLabelText('Repeat the password').getAttribute('aria-invalid')).toBe('true');
  });
});
