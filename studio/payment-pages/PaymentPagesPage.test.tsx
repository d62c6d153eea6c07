// @vitest-environment jsdom
/**
 * The Payment pages screen: each method with its SAQ and the store's, the checks with what changed
 * and the button that approves a check as the baseline (the list reloads with who approved it), the
 * blocked scripts in words, the evidence links, and a failed approval's message.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentPageCheck, PaymentPageChecks, PaymentPagesClient, PaymentPagesOverview, ViolationKinds } from '../api/payment-pages';
import { StudioApiError } from '../api/studio-client';
import { operators, renderInStudio } from '../app/testing/studio-fixture';
import { PaymentPagesPage } from './PaymentPagesPage';

afterEach(cleanup);

const overview: PaymentPagesOverview = {
  storeSaq: 'A-EP',
  methods: [
    { name: 'paypal', title: 'PayPal', gateway: 'paypal', enabled: true, configured: true, integration: 'paypal-buttons', integrationLabel: 'PayPal buttons (SAQ A)', saq: 'A', why: 'The buyer pays in PayPal’s own window.' },
    { name: 'anet', title: 'Card (Authorize.net)', gateway: 'authorizenet', enabled: true, configured: true, integration: 'accept-js', integrationLabel: 'Authorize.net Accept.js with the store’s own card fields (SAQ A-EP)', saq: 'A-EP', why: 'The card is typed into the store’s own fields.' },
  ],
  pages: [],
  inventory: { generatedAt: '2031-01-01T10:00:00.000Z', firstParty: [], thirdParty: [] },
};
const check = (over: Partial<PaymentPageCheck>): PaymentPageCheck => ({
  id: 7,
  startedAt: '2031-01-02T10:00:00.000Z',
  finishedAt: '2031-01-02T10:00:05.000Z',
  runBy: 'schedule',
  mode: 'browser',
  outcome: 'changed',
  baseUrl: 'https://shop.example',
  changes: [{ page: '/checkout', kind: 'script-added', subject: 'https://cdn.skimmer.example/card.js', summary: 'new script: https://cdn.skimmer.example/card.js' }],
  baselineId: 5,
  error: null,
  approvedAt: null,
  approvedBy: null,
  pages: [],
  ...over,
});
const violations: ViolationKinds = {
  total: 4,
  kinds: [{ id: 1, type: 'csp', page: '/checkout', directive: 'script-src-elem', blocked: 'inline', label: 'an inline script (not in the page as the store sent it)', count: 4, firstSeenAt: '2031-01-02T09:00:00.000Z', lastSeenAt: '2031-01-02T09:30:00.000Z', mailedAt: null, sample: {} }],
};

function client(checks: () => Promise<PaymentPageChecks>, approve: PaymentPagesClient['approve'] = vi.fn()): PaymentPagesClient {
  return { overview: async () => overview, checks, violations: async () => violations, approve };
}

describe('the Payment pages screen', () => {
  it('shows the SAQ of each method and of the store, the blocked scripts in words, and the evidence links', async () => {
    renderInStudio(<PaymentPagesPage client={client(async () => ({ everyHours: 168, baselineId: 5, lastRunAt: null, checks: [check({})] }))} />, { operator: operators.admin });
    expect(await screen.findByText('SAQ A-EP', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('PayPal buttons (SAQ A)')).toBeTruthy();
    expect(await screen.findByText('an inline script (not in the page as the store sent it)')).toBeTruthy();
    expect(screen.getByText(/The server runs it every week\. The baseline is check 5\./)).toBeTruthy();
    expect(screen.getByText('/checkout: new script: https://cdn.skimmer.example/card.js')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the evidence (web page)' }).getAttribute('href')).toBe('/api/studio/payment-pages/evidence?format=html');
  });

  it('approves a check as the baseline and shows who approved it', async () => {
    let approved = false;
    const approve = vi.fn(async () => {
      approved = true;
      return check({ approvedAt: '2031-01-02T11:00:00.000Z', approvedBy: 'ada@example.com' });
    });
    const checks = async () => ({ everyHours: 24, baselineId: approved ? 7 : 5, lastRunAt: null, checks: [check(approved ? { approvedAt: '2031-01-02T11:00:00.000Z', approvedBy: 'ada@example.com' } : {})] });
    renderInStudio(<PaymentPagesPage client={client(checks, approve)} />, { operator: operators.admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve check 7 as the baseline' }));
    expect(approve).toHaveBeenCalledWith(7);
    const row = (await screen.findByText(/Approved by ada@example.com/)).closest('tr')!;
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.getByText(/The baseline is check 7\./)).toBeTruthy();
  });

  it('says why an approval failed', async () => {
    const approve = vi.fn(() => Promise.reject(new StudioApiError(409, 'check_failed', 'This check could not load the pages: there is nothing to approve. Run the check again.')));
    renderInStudio(<PaymentPagesPage client={client(async () => ({ everyHours: null, baselineId: null, lastRunAt: null, checks: [check({ outcome: 'no_baseline', changes: [] })] }), approve)} />, { operator: operators.admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve check 7 as the baseline' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('there is nothing to approve'));
    expect(screen.getByText(/does not run it on a schedule/)).toBeTruthy();
  });
});
