// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ErasurePlan, LeadOfAddress, Subscriber, SubscriberRemoved } from '../api/back-office-leads';
import { StudioApiError } from '../api/studio-client';
import { operators, renderInStudio, visit } from '../app/testing/studio-fixture';
import { fakeLeadClient } from './lead-fixture';
import { SubscribersPage } from './SubscribersPage';
import { scaledMs } from '../../scripts/test-calibration';

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
const plan = (id: number, otherLeads: LeadOfAddress[]): ErasurePlan => ({
  id,
  email: 'ann@example.com',
  consents: 1,
  newsletterMails: 1,
  newsletterLeads: [{ id: 30, form: 'newsletter', formTitle: 'Newsletter', created: '2026-03-01T09:00:00.000Z' }],
  otherLeads,
  remains: { orders: 0, quotes: 0, account: false, mails: 0 },
});
const removed = (id: number, changes: Partial<SubscriberRemoved>): SubscriberRemoved => ({
  id,
  consents: 1,
  mails: 1,
  leads: 1,
  otherLeads: 0,
  notifications: 1,
  files: 0,
  remains: { orders: 0, quotes: 0, account: false, mails: 0, leads: 0 },
  ...changes,
});

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

  it('says what the erasure takes and what stays before removing an address, then removes its row and says what went', async () => {
    visit('/studio/subscribers');
    const subscriberErasure = vi.fn((id: number) => Promise.resolve(plan(id, [])));
    const removeSubscriber = vi.fn((id: number) => Promise.resolve(removed(id, {})));
    renderInStudio(<SubscribersPage client={fakeLeadClient({ subscribers: () => page([ANN, BEN]), subscriberErasure, removeSubscriber })} />, { operator: operators.admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove ann@example.com' }));
    const question = screen.getByRole('group', { name: 'Remove ann@example.com?' });
    const erase = await within(question).findByRole('button', { name: 'Erase' });
    expect(subscriberErasure).toHaveBeenCalledWith(3);
    expect(question.textContent).toContain(
      "Erase ann@example.com and its consent record, the newsletter's mail to it and its sign-up through Newsletter, with the mails about it? This cannot be undone.",
    );
    expect(question.textContent).toContain('Nothing else of this address stays in the store.');
    expect(within(question).queryByRole('checkbox')).toBeNull();
    expect(removeSubscriber).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(erase);

    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Remove ann@example.com?' })).toBeNull();
    expect(removeSubscriber).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove ann@example.com' }));

    fireEvent.click(screen.getByRole('button', { name: 'Remove ann@example.com' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Erase' }));
    await waitFor(() => expect(screen.queryByText('ann@example.com')).toBeNull());
    expect(removeSubscriber).toHaveBeenCalledWith(3, false);
    expect(screen.getByRole('status').textContent).toBe('ann@example.com was erased, with its consent record, 1 newsletter mail, 1 lead and 1 mail about it. Nothing else of this address stays in the store.');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Every address' }));
  });

  it("offers the address's other leads, erases them only when ticked, and says what stays", async () => {
    visit('/studio/subscribers');
    const other = [
      { id: 40, form: 'contact', formTitle: 'Get in touch', created: '2026-03-02T10:00:00.000Z' },
      { id: 41, form: 'free-kitchen-design', formTitle: 'Free kitchen design', created: '2026-03-04T10:00:00.000Z' },
    ];
    const subscriberErasure = vi.fn((id: number) => Promise.resolve({ ...plan(id, other), remains: { orders: 2, quotes: 1, account: true, mails: 3 } }));
    const removeSubscriber = vi.fn((id: number, otherLeads?: boolean) =>
      Promise.resolve(removed(id, { otherLeads: otherLeads ? 2 : 0, notifications: otherLeads ? 4 : 1, files: otherLeads ? 1 : 0, remains: { orders: 2, quotes: 1, account: true, mails: 3, leads: otherLeads ? 0 : 2 } })),
    );
    renderInStudio(<SubscribersPage client={fakeLeadClient({ subscribers: () => page([ANN]), subscriberErasure, removeSubscriber })} />, { operator: operators.admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove ann@example.com' }));
    const question = screen.getByRole('group', { name: 'Remove ann@example.com?' });
    const choice = await within(question).findByRole('checkbox', { name: /^Also erase its 2 other leads, with their files and the mails about them: Get in touch \(.+\), Free kitchen design \(.+\)$/ });
    expect((choice as HTMLInputElement).checked).toBe(false);
    expect(question.textContent).toContain("Stays: its 2 other leads, 2 orders and 1 quote (the store's accounts keep them), a customer account with this address (its owner closes it) and 3 mails to it about orders, quotes or its account.");
    fireEvent.click(choice);
    expect(question.textContent).toContain("Stays: 2 orders and 1 quote (the store's accounts keep them), a customer account");
    fireEvent.click(within(question).getByRole('button', { name: 'Erase' }));
    await waitFor(() => expect(removeSubscriber).toHaveBeenCalledWith(3, true));
    expect((await screen.findByRole('status', {}, { timeout: scaledMs(2000) })).textContent).toMatch(/^ann@example.com was erased, with its consent record, 1 newsletter mail, 3 leads \(2 of other forms\), 4 mails about them and 1 file\. Stays: 2 orders and 1 quote/);
  });

  it('keeps the row and says why when the removal is refused', async () => {
    visit('/studio/subscribers');
    const removeSubscriber = vi.fn(() => Promise.reject(new StudioApiError(404, 'not_found', 'There is no such subscriber.')));
    renderInStudio(<SubscribersPage client={fakeLeadClient({ subscribers: () => page([ANN]), subscriberErasure: (id) => Promise.resolve(plan(id, [])), removeSubscriber })} />, {
      operator: operators.admin,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove ann@example.com' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Erase' }));
    expect(await screen.findByText('There is no such subscriber.')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('cell', { name: 'ann@example.com' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Remove ann@example.com?' })).toBeNull();
  });

  it('closes the question and says why when what the erasure takes cannot be read', async () => {
    visit('/studio/subscribers');
    const subscriberErasure = vi.fn(() => Promise.reject(new StudioApiError(404, 'not_found', 'There is no such subscriber.')));
    renderInStudio(<SubscribersPage client={fakeLeadClient({ subscribers: () => page([ANN]), subscriberErasure })} />, { operator: operators.admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove ann@example.com' }));
    expect(await screen.findByText('There is no such subscriber.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Remove ann@example.com?' })).toBeNull();
    expect(screen.getByRole('cell', { name: 'ann@example.com' })).toBeTruthy();
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
