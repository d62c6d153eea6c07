// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Subscriber } from '../api/back-office-leads';
import { StudioApiError } from '../api/studio-client';
import { operators, renderInStudio, visit } from '../app/testing/studio-fixture';
import { fakeLeadClient } from './lead-fixture';
import { SubscribersPage } from './SubscribersPage';

afterEach(cleanup);

const ANN: Subscriber = {
  id: 3,
  email: 'ann@example.com',
  status: 'subscribed',
  source: 'newsletter',
  created: '2026-03-01T09:00:00.000Z',
  updated: '2026-03-01T09:05:00.000Z',
  unsubscribedAt: null,
  consents: [
    {
      id: 11,
      form: 'newsletter',
      page: `${window.location.origin}/kitchens`,
      requestedAt: '2026-03-01T09:00:00.000Z',
      requestedFrom: '203.0.113.9',
      confirmedAt: '2026-03-01T09:05:00.000Z',
      confirmedFrom: '203.0.113.10',
      expiresAt: null,
    },
  ],
};
const BEN: Subscriber = {
  id: 2,
  email: 'ben@example.com',
  status: 'pending',
  source: 'footer-signup',
  created: '2026-02-27T09:00:00.000Z',
  updated: '2026-02-27T09:00:00.000Z',
  unsubscribedAt: null,
  consents: [
    { id: 10, form: 'footer-signup', page: null, requestedAt: '2026-02-27T09:00:00.000Z', requestedFrom: '198.51.100.7', confirmedAt: null, confirmedFrom: null, expiresAt: '2026-03-06T09:00:00.000Z' },
  ],
};

const page = (items: Subscriber[], next: string | null = null) => Promise.resolve({ items, next });

describe('SubscribersPage', () => {
  it('lists each address with its status and its consent record', async () => {
    visit('/studio/subscribers');
    renderInStudio(<SubscribersPage client={fakeLeadClient({ subscribers: () => page([ANN, BEN]) })} />, { operator: operators.viewer });
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    const ann = within(rows[1]!);
    expect(ann.getByText('ann@example.com')).toBeTruthy();
    expect(ann.getByText('Subscribed')).toBeTruthy();
    const summary = rows[1]!.querySelector('summary')!;
    expect(summary.textContent).toMatch(/^Asked .+ via newsletter on \/kitchens · confirmed .+$/);
    const facts = Array.from(rows[1]!.querySelectorAll('dt')).map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(facts[0]).toMatch(/^Asked for: .+, from 203\.0\.113\.9$/);
    expect(facts.slice(1, 3)).toEqual(['Form: newsletter', 'Page: /kitchens']);
    expect(facts[3]).toMatch(/^Confirmed: .+, from 203\.0\.113\.10$/);
    const ben = within(rows[2]!);
    expect(ben.getByText('Not confirmed')).toBeTruthy();
    expect(rows[2]!.querySelector('summary')!.textContent).toMatch(/via footer-signup · not confirmed$/);
    expect(ben.getByText(/Not yet: the link expires/)).toBeTruthy();
  });

  it('gives viewers and editors no Remove and no Export CSV', async () => {
    visit('/studio/subscribers');
    renderInStudio(<SubscribersPage client={fakeLeadClient({ subscribers: () => page([ANN]) })} />, { operator: operators.editor });
    await screen.findByText('ann@example.com');
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
  });

  it("gives an admin the export of the list as filtered", async () => {
    visit('/studio/subscribers?status=subscribed');
    renderInStudio(<SubscribersPage client={fakeLeadClient({ subscribers: () => page([ANN]) })} />, { operator: operators.admin });
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toBe('/api/studio/subscribers/export.csv?status=subscribed');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('asks before removing an address, then removes its row and says so', async () => {
    visit('/studio/subscribers');
    const removeSubscriber = vi.fn((id: number) => Promise.resolve({ id, consents: 1, mails: 0 }));
    renderInStudio(<SubscribersPage client={fakeLeadClient({ subscribers: () => page([ANN, BEN]), removeSubscriber })} />, { operator: operators.admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove ann@example.com' }));
    const question = screen.getByRole('group', { name: 'Remove ann@example.com?' });
    expect(question.textContent).toContain('Erase ann@example.com and its consent record? This cannot be undone.');
    expect(removeSubscriber).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Erase' }));

    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Remove ann@example.com?' })).toBeNull();
    expect(removeSubscriber).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove ann@example.com' }));

    fireEvent.click(screen.getByRole('button', { name: 'Remove ann@example.com' }));
    fireEvent.click(screen.getByRole('button', { name: 'Erase' }));
    await waitFor(() => expect(screen.queryByText('ann@example.com')).toBeNull());
    expect(removeSubscriber).toHaveBeenCalledWith(3);
    expect(screen.getByRole('status').textContent).toBe('ann@example.com was removed, with its consent record.');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Every address' }));
  });

  it('keeps the row and says why when the removal is refused', async () => {
    visit('/studio/subscribers');
    const removeSubscriber = vi.fn(() => Promise.reject(new StudioApiError(404, 'not_found', 'There is no such subscriber.')));
    renderInStudio(<SubscribersPage client={fakeLeadClient({ subscribers: () => page([ANN]), removeSubscriber })} />, { operator: operators.admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove ann@example.com' }));
    fireEvent.click(screen.getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText('There is no such subscriber.')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('cell', { name: 'ann@example.com' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Remove ann@example.com?' })).toBeNull();
  });

  it('puts the status and search in the address, and asks the server for them', async () => {
    visit('/studio/subscribers');
    const subscribers = vi.fn(() => page([BEN]));
    renderInStudio(<SubscribersPage client={fakeLeadClient({ subscribers })} />, { operator: operators.viewer });
    await screen.findByText('ben@example.com');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Status' })).getByRole('link', { name: 'Not confirmed' }));
    expect(window.location.search).toBe('?status=pending');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the addresses' }), { target: { value: 'ben' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(window.location.search).toBe('?status=pending&search=ben');
    await waitFor(() => expect(subscribers).toHaveBeenLastCalledWith({ status: 'pending', search: 'ben' }, expect.anything()));
    expect(screen.getByRole('heading', { level: 2, name: 'Not confirmed matching “ben”' })).toBeTruthy();
  });

  it('reads more addresses after the last one, and shows an error with a retry', async () => {
    visit('/studio/subscribers');
    const subscribers = vi
      .fn()
      .mockRejectedValueOnce(new StudioApiError(503, 'unavailable', 'The database is not answering.'))
      .mockImplementation((query: { after?: string }) => (query.after ? page([BEN]) : page([ANN], '3')));
    renderInStudio(<SubscribersPage client={fakeLeadClient({ subscribers })} />, { operator: operators.viewer });
    expect(await screen.findByText('Could not load the subscribers: The database is not answering.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fireEvent.click(await screen.findByRole('button', { name: 'More addresses' }));
    expect(await screen.findByText('ben@example.com')).toBeTruthy();
    expect(subscribers).toHaveBeenLastCalledWith({ after: '3' }, expect.anything());
    expect(screen.getByText('That is every address: 2.')).toBeTruthy();
  });
});
