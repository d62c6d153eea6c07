// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StudioApiError, type OperatorRow } from '../api/studio-client';
import { AuditPage } from './AuditPage';
import { OperatorsPage } from './OperatorsPage';
import { fakeClient, operators, renderInStudio } from './testing/studio-fixture';

afterEach(cleanup);

const ROWS: OperatorRow[] = [
  { ...operators.admin, active: true, disabled: false },
  { ...operators.editor, active: true, disabled: false },
  { id: 9, email: 'newbie@example.com', role: 'viewer', active: false, disabled: false },
];

describe('OperatorsPage', () => {
  it('lists operators with their role and state; no controls on your own row', async () => {
    renderInStudio(<OperatorsPage />, { client: fakeClient({ operators: () => Promise.resolve(ROWS) }), operator: operators.admin });
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('(you)')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('combobox')).toBeNull();
    expect(within(rows[2]!).getByText('Active')).toBeTruthy();
    expect(within(rows[3]!).getByText('Set-up pending')).toBeTruthy();
  });

  it('adds an operator and shows the set-up link once, with a copy button', async () => {
    const addOperator = vi.fn(() => Promise.resolve({ id: 10, email: 'sam@example.com', role: 'publisher' as const, setupUrl: 'http://localhost/studio/setup#token=abc' }));
    const list = vi.fn(() => Promise.resolve(ROWS));
    renderInStudio(<OperatorsPage />, { client: fakeClient({ operators: list, addOperator }), operator: operators.admin });
    await screen.findAllByRole('row');
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'sam@example.com' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'publisher' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add and make a set-up link' }));
    const box = await screen.findByRole('region', { name: 'Set-up link for sam@example.com' });
    expect(addOperator).toHaveBeenCalledWith({ email: 'sam@example.com', role: 'publisher' });
    expect(within(box).getByText('http://localhost/studio/setup#token=abc')).toBeTruthy();
    expect(within(box).getByRole('button', { name: 'Copy the link' })).toBeTruthy();
    expect(document.activeElement).toBe(box);
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('says at the field when the e-mail is an operator already', async () => {
    const addOperator = vi.fn(() => Promise.reject(new StudioApiError(409, 'operator_exists', 'That e-mail is an operator already.')));
    renderInStudio(<OperatorsPage />, { client: fakeClient({ operators: () => Promise.resolve(ROWS), addOperator }), operator: operators.admin });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'eddie@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add and make a set-up link' }));
    await waitFor(() => expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('That e-mail is an operator already.')).toBeTruthy();
  });

  it('changes a role and disables an operator after confirming', async () => {
    const updateOperator = vi.fn((id: number, body: { role?: string; disabled?: boolean }) => Promise.resolve({ id, email: 'eddie@example.com', role: (body.role ?? 'editor') as 'editor' }));
    renderInStudio(<OperatorsPage />, { client: fakeClient({ operators: () => Promise.resolve(ROWS), updateOperator }), operator: operators.admin });
    fireEvent.change(await screen.findByLabelText('Role of eddie@example.com'), { target: { value: 'publisher' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change the role of eddie@example.com' }));
    await waitFor(() => expect(updateOperator).toHaveBeenCalledWith(2, { role: 'publisher' }));
    fireEvent.click(screen.getByRole('button', { name: 'Disable eddie@example.com' }));
    expect(updateOperator).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(updateOperator).toHaveBeenCalledWith(2, { disabled: true }));
    expect(await screen.findByText('eddie@example.com is disabled: their sessions have ended.')).toBeTruthy();
  });

  it('shows a list error with a retry', async () => {
    const list = vi.fn().mockRejectedValueOnce(new StudioApiError(500, 'internal', 'Something broke.')).mockResolvedValue(ROWS);
    renderInStudio(<OperatorsPage />, { client: fakeClient({ operators: list }), operator: operators.admin });
    expect(await screen.findByText(/Could not load the operators: Something broke\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('row')).toHaveLength(4);
  });
});

describe('AuditPage', () => {
  it('lists entries newest first, and an empty log as empty', async () => {
    const entries = [{ id: 2, at: '2026-03-02T10:00:00.000Z', action: 'publish', operator: 'pia@example.com', detail: 'version 2', ip: '127.0.0.1' }];
    renderInStudio(<AuditPage />, { client: fakeClient({ audit: () => Promise.resolve(entries) }), operator: operators.admin });
    const rows = await screen.findAllByRole('row');
    expect(rows[1]!.textContent).toContain('publish');
    expect(rows[1]!.textContent).toContain('version 2');
    expect(screen.getByText('That is the whole log.')).toBeTruthy();
    cleanup();
    renderInStudio(<AuditPage />, { client: fakeClient({ audit: () => Promise.resolve([]) }), operator: operators.admin });
    expect(await screen.findByText('Nothing has happened yet.')).toBeTruthy();
  });
});
