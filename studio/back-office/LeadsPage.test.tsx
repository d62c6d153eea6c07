// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeadDetail, LeadForm, LeadSummary } from '../api/back-office-leads';
import { StudioApiError } from '../api/studio-client';
import { operators, renderInStudio, visit } from '../app/testing/studio-fixture';
import { fakeLeadClient } from './lead-fixture';
import { LeadsPage } from './LeadsPage';

afterEach(cleanup);

const FORMS: LeadForm[] = [
  { name: 'contact', title: 'Contact us', estimator: false, inContent: true, total: 5, counts: { new: 2, contacted: 2, closed: 1 } },
  { name: 'kitchen-estimate', title: 'Kitchen estimate', estimator: true, inContent: true, total: 1, counts: { new: 1, contacted: 0, closed: 0 } },
  { name: 'old-survey', title: null, estimator: false, inContent: false, total: 3, counts: { new: 0, contacted: 0, closed: 3 } },
];

const CONTACT: LeadSummary = { id: 7, form: 'contact', created: '2026-03-02T10:00:00.000Z', status: 'new', name: 'Jo Byrne', email: 'jo@example.com', dealer: null, estimate: null, uploads: 1 };
const ESTIMATE: LeadSummary = {
  id: 8,
  form: 'kitchen-estimate',
  created: '2026-03-03T10:00:00.000Z',
  status: 'contacted',
  name: null,
  email: 'sam@example.com',
  dealer: { id: 'acme', name: 'Acme Kitchens' },
  estimate: { materials: '$9,000.00 - $11,000.00', labor: '$3,000.00 - $4,000.00', total: '$12,000.00 - $15,000.00' },
  uploads: 0,
};

const DETAIL: LeadDetail = {
  ...CONTACT,
  formTitle: 'Contact us',
  updated: '2026-03-02T10:00:00.000Z',
  quote: null,
  answers: [
    { name: 'name', label: 'Your name', value: 'Jo Byrne' },
    { name: 'email', label: 'E-mail', value: 'jo@example.com' },
    { name: 'message', label: 'How can we help?', value: 'A walnut island,\nabout 3 m.' },
    { name: 'plan', label: 'Floor plan', value: 'plan.pdf' },
  ],
  files: [{ id: 9, field: 'plan', name: 'plan.pdf', type: 'application/pdf', size: 240_000, url: '/api/studio/leads/7/files/9' }],
};

const page = (items: LeadSummary[], next: string | null = null) => Promise.resolve({ items, next });

describe('LeadsPage, the list', () => {
  it('shows the forms with their new leads counted, estimators marked, the current one marked', async () => {
    visit('/studio/leads?form=contact');
    const client = fakeLeadClient({ forms: () => Promise.resolve(FORMS), leads: () => page([CONTACT]) });
    renderInStudio(<LeadsPage id={null} client={client} />, { operator: operators.viewer });
    const forms = await screen.findByRole('navigation', { name: 'Forms' });
    const links = within(forms).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['All forms, 3 new', 'Contact us, 2 new', 'Kitchen estimate Estimator, 1 new', 'old-survey (no longer on the site), 0 new']);
    expect(links[1]!.getAttribute('aria-current')).toBe('page');
    expect(links[2]!.getAttribute('href')).toBe('/studio/leads?form=kitchen-estimate');
    expect(screen.getByRole('heading', { level: 2, name: 'Contact us' })).toBeTruthy();
  });

  it('puts the form, status and search in the address, and asks the server for them', async () => {
    visit('/studio/leads?form=contact');
    const leads = vi.fn(() => page([CONTACT]));
    renderInStudio(<LeadsPage id={null} client={fakeLeadClient({ forms: () => Promise.resolve(FORMS), leads })} />, { operator: operators.viewer });
    await screen.findByRole('link', { name: 'Jo Byrne' });
    expect(leads).toHaveBeenLastCalledWith({ form: 'contact' }, expect.anything());

    const status = screen.getByRole('navigation', { name: 'Status' });
    fireEvent.click(within(status).getByRole('link', { name: 'Contacted' }));
    expect(window.location.pathname + window.location.search).toBe('/studio/leads?form=contact&status=contacted');
    await waitFor(() => expect(leads).toHaveBeenLastCalledWith({ form: 'contact', status: 'contacted' }, expect.anything()));
    expect(within(status).getByRole('link', { name: 'Contacted' }).getAttribute('aria-current')).toBe('true');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the answers' }), { target: { value: ' walnut ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(window.location.search).toBe('?form=contact&status=contacted&search=walnut');
    await waitFor(() => expect(leads).toHaveBeenLastCalledWith({ form: 'contact', status: 'contacted', search: 'walnut' }, expect.anything()));

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Forms' })).getByRole('link', { name: /All forms/ }));
    expect(window.location.search).toBe('?status=contacted&search=walnut');
  });

  it("shows an estimate's range and dealer as the server sent them, and the lead's status in words", async () => {
    visit('/studio/leads');
    renderInStudio(<LeadsPage id={null} client={fakeLeadClient({ forms: () => Promise.resolve(FORMS), leads: () => page([ESTIMATE, CONTACT]) })} />, { operator: operators.viewer });
    const rows = await screen.findAllByRole('row');
    const estimate = within(rows[1]!);
    expect(estimate.getByRole('link', { name: 'sam@example.com' }).getAttribute('href')).toBe('/studio/leads/8');
    expect(estimate.getByText('$12,000.00 - $15,000.00')).toBeTruthy();
    expect(estimate.getByText('Acme Kitchens')).toBeTruthy();
    expect(estimate.getByText('Kitchen estimate')).toBeTruthy();
    expect(estimate.getByText('Contacted')).toBeTruthy();
    const contact = within(rows[2]!);
    expect(contact.getByText('jo@example.com')).toBeTruthy();
    expect(contact.getByText('1 file')).toBeTruthy();
    expect(contact.getByText('New')).toBeTruthy();
  });

  it('gives the Export CSV link to admins only, with the filters, and only for a chosen form', async () => {
    visit('/studio/leads?form=contact&status=new');
    const client = fakeLeadClient({ forms: () => Promise.resolve(FORMS), leads: () => page([CONTACT]) });
    renderInStudio(<LeadsPage id={null} client={client} />, { operator: operators.admin });
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toBe('/api/studio/leads/export.csv?form=contact&status=new');
    expect(link.hasAttribute('download')).toBe(true);
    cleanup();

    renderInStudio(<LeadsPage id={null} client={client} />, { operator: operators.editor });
    await screen.findByRole('link', { name: 'Jo Byrne' });
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    cleanup();

    visit('/studio/leads');
    renderInStudio(<LeadsPage id={null} client={client} />, { operator: operators.admin });
    await screen.findByRole('link', { name: 'Jo Byrne' });
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    expect(screen.getByText('Choose a form to export its leads as CSV.')).toBeTruthy();
  });

  it('reads the next page after the last lead, and says when that was all', async () => {
    visit('/studio/leads');
    const leads = vi.fn((query: { after?: string }) => (query.after ? page([CONTACT]) : page([ESTIMATE], '8')));
    renderInStudio(<LeadsPage id={null} client={fakeLeadClient({ forms: () => Promise.resolve(FORMS), leads })} />, { operator: operators.viewer });
    fireEvent.click(await screen.findByRole('button', { name: 'More leads' }));
    await screen.findByRole('link', { name: 'Jo Byrne' });
    expect(leads).toHaveBeenLastCalledWith({ after: '8' }, expect.anything());
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('That is every lead: 2.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More leads' })).toBeNull();
  });

  it('shows an error with a retry, and an empty list as empty', async () => {
    visit('/studio/leads?status=closed');
    const leads = vi.fn().mockRejectedValueOnce(new StudioApiError(503, 'unavailable', 'The database is not answering.')).mockResolvedValue({ items: [], next: null });
    renderInStudio(<LeadsPage id={null} client={fakeLeadClient({ forms: () => Promise.resolve(FORMS), leads })} />, { operator: operators.viewer });
    expect(await screen.findByText('Could not load the leads: The database is not answering.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No closed lead here.')).toBeTruthy();
  });
});

describe('LeadsPage, one lead', () => {
  it('shows every answer under its label, and the files as downloads through the studio', async () => {
    const client = fakeLeadClient({ lead: () => Promise.resolve(DETAIL) });
    renderInStudio(<LeadsPage id={7} client={client} />, { operator: operators.viewer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jo Byrne' })).toBeTruthy();
    const answers = screen.getByRole('region', { name: 'Answers' });
    expect(within(answers).getAllByRole('term').map((t) => t.textContent)).toEqual(['Your name', 'E-mail', 'How can we help?', 'Floor plan']);
    expect(within(answers).getByText(/A walnut island,\s+about 3 m\./)).toBeTruthy();
    expect(within(answers).getByRole('link', { name: 'jo@example.com' }).getAttribute('href')).toBe('mailto:jo@example.com');
    const file = within(screen.getByRole('region', { name: 'Files' })).getByRole('link', { name: 'plan.pdf' });
    expect(file.getAttribute('href')).toBe('/api/studio/leads/7/files/9');
    expect(file.getAttribute('download')).toBe('plan.pdf');
    expect(screen.getByText('Floor plan · application/pdf · 234 KB')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Leads of Contact us/ }).getAttribute('href')).toBe('/studio/leads?form=contact');
  });

  it("shows an estimate's range and dealer as sent", async () => {
    const estimate: LeadDetail = { ...ESTIMATE, formTitle: 'Kitchen estimate', updated: ESTIMATE.created, answers: [{ name: 'email', label: 'E-mail', value: 'sam@example.com' }], files: [], quote: { id: 31, number: 'Q-000031', total: 5214.5 } };
    renderInStudio(<LeadsPage id={8} client={fakeLeadClient({ lead: () => Promise.resolve(estimate) })} />, { operator: operators.viewer });
    const card = await screen.findByRole('region', { name: 'Estimate' });
    const facts = within(card)
      .getAllByRole('term')
      .map((t) => `${t.textContent}: ${t.nextElementSibling?.textContent}`);
    expect(facts).toEqual([
      'Materials: $9,000.00 - $11,000.00',
      'Labor: $3,000.00 - $4,000.00',
      'Total: $12,000.00 - $15,000.00',
      'Dealer: Acme Kitchens',
      'Starting quote: Quote Q-000031, $5,214.50 (a draft of the estimate’s usual cabinets)',
    ]);
    expect(within(card).getByRole('link', { name: 'Quote Q-000031, $5,214.50' }).getAttribute('href')).toBe('/studio/quotes/31');
    expect(screen.queryByRole('region', { name: 'Files' })).toBeNull();
  });

  it('lets a viewer read the status, not change it', async () => {
    renderInStudio(<LeadsPage id={7} client={fakeLeadClient({ lead: () => Promise.resolve(DETAIL) })} />, { operator: operators.viewer });
    const card = await screen.findByRole('region', { name: 'Status' });
    expect(within(card).getByText('New')).toBeTruthy();
    expect(within(card).queryByRole('radio')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it("lets an editor change the status, and says so", async () => {
    const setLeadStatus = vi.fn((id: number, status: 'new' | 'contacted' | 'closed') => Promise.resolve({ id, status }));
    renderInStudio(<LeadsPage id={7} client={fakeLeadClient({ lead: () => Promise.resolve(DETAIL), setLeadStatus })} />, { operator: operators.editor });
    const group = await screen.findByRole('group', { name: 'Status of this lead' });
    const save = screen.getByRole('button', { name: 'Save status' }) as HTMLButtonElement;
    expect((within(group).getByRole('radio', { name: 'New' }) as HTMLInputElement).checked).toBe(true);
    expect(save.disabled).toBe(true);
    fireEvent.click(within(group).getByRole('radio', { name: 'Contacted' }));
    fireEvent.click(save);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Marked contacted.'));
    expect(setLeadStatus).toHaveBeenCalledWith(7, 'contacted');
    expect(save.disabled).toBe(true);
  });

  it('says why a status change was refused', async () => {
    const setLeadStatus = vi.fn(() => Promise.reject(new StudioApiError(403, 'forbidden', 'Your role does not allow this.')));
    renderInStudio(<LeadsPage id={7} client={fakeLeadClient({ lead: () => Promise.resolve(DETAIL), setLeadStatus })} />, { operator: operators.editor });
    fireEvent.click(await screen.findByRole('radio', { name: 'Closed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save status' }));
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Closed' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows a missing lead as an error with a retry', async () => {
    const lead = vi.fn(() => Promise.reject(new StudioApiError(404, 'not_found', 'There is no such lead.')));
    renderInStudio(<LeadsPage id={99} client={fakeLeadClient({ lead })} />, { operator: operators.viewer });
    expect(await screen.findByText('Could not load lead 99: There is no such lead.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(lead).toHaveBeenCalledTimes(2));
  });
});
