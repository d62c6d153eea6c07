// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_CHANGED } from '../../schemas/api/studio-reviews';
import { StudioApiError, type ReviewDetail, type ReviewSummary } from '../api/studio-client';
import { ReviewPage } from './ReviewPage';
import { fakeClient, operators, renderInStudio } from './testing/studio-fixture';

afterEach(cleanup);

const CHANGE: ReviewSummary = {
  id: 4,
  status: 'submitted',
  author: operators.editor.email,
  note: 'New Dallas showroom page',
  files: ['routes.json'],
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  decidedBy: null,
  version: null,
  unseen: false,
  overlaps: [],
};
const DETAIL: ReviewDetail = {
  review: CHANGE,
  revision: 'rev-shown',
  files: [{ path: 'routes.json', text: '{}', kind: 'changed', publishedSince: false, lines: [{ where: 'Route 24', change: 'added', after: '/showrooms/dallas → showroom-dallas' }], diff: '+x\n' }],
  events: [{ at: '2026-11-27T10:00:00.000Z', operator: operators.editor.email, kind: 'submitted', comment: 'New Dallas showroom page' }],
};

describe('ReviewPage', () => {
  it('lists the changes waiting, and shows one in the words of the form with its thread', async () => {
    renderInStudio(<ReviewPage id={4} />, { client: fakeClient({ reviews: vi.fn(() => Promise.resolve([CHANGE])), review: () => Promise.resolve(DETAIL) }), operator: operators.viewer });
    const link = await screen.findByRole('link', { name: /^Change 4\s*Waiting for review.*New Dallas showroom page/ });
    expect(link.getAttribute('aria-current')).toBe('true');
    expect((await screen.findByText('Route 24')).closest('li')!.textContent).toBe('Route 24 added: /showrooms/dallas → showroom-dallas');
    expect(screen.getByText(/submitted ·/).closest('li')!.textContent).toContain('New Dallas showroom page');
    // A viewer reads; deciding is a publisher's.
    expect(screen.queryByRole('button', { name: 'Publish this change' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send back' })).toBeNull();
  });

  it("lets a publisher send it back only with a comment, or publish it", async () => {
    const sendBackReview = vi.fn(() => Promise.resolve({ ...DETAIL, review: { ...CHANGE, status: 'sent_back' as const } }));
    const publishReview = vi.fn(() => Promise.resolve({ ...DETAIL, review: { ...CHANGE, status: 'published' as const, version: 9 } }));
    renderInStudio(<ReviewPage id={4} />, {
      client: fakeClient({ reviews: vi.fn(() => Promise.resolve([CHANGE])), review: () => Promise.resolve(DETAIL), sendBackReview, publishReview }),
      operator: operators.publisher,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send back' }));
    const comment = screen.getByLabelText('Comment for the author');
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Say what needs to change.')).toBeTruthy();
    expect(sendBackReview).not.toHaveBeenCalled();
    fireEvent.change(comment, { target: { value: ' Add the Sunday hours. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send back' }));
    expect(await screen.findByText(`Sent change 4 back to ${operators.editor.email}.`)).toBeTruthy();
    expect(sendBackReview).toHaveBeenCalledWith(4, { comment: 'Add the Sunday hours.' });
    // Decided: no more buttons.
    expect(screen.queryByRole('button', { name: 'Publish this change' })).toBeNull();
    cleanup();

    renderInStudio(<ReviewPage id={4} />, {
      client: fakeClient({ reviews: vi.fn(() => Promise.resolve([CHANGE])), review: () => Promise.resolve(DETAIL), publishReview }),
      operator: operators.publisher,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Publish this change' }));
    expect(await screen.findByText('Published change 4 as version 9.')).toBeTruthy();
    expect(within(screen.getByText('State').parentElement!).getByRole('link', { name: 'version 9' })).toBeTruthy();
    // Publish carries the revision the publisher was shown.
    expect(publishReview).toHaveBeenCalledWith(4, { revision: 'rev-shown' });
  });

  it('says plainly when the change was submitted again since the publisher opened it, and publishes nothing', async () => {
    const publishReview = vi.fn(() => Promise.reject(new StudioApiError(409, 'review_changed', REVIEW_CHANGED)));
    renderInStudio(<ReviewPage id={4} />, {
      client: fakeClient({ reviews: vi.fn(() => Promise.resolve([CHANGE])), review: () => Promise.resolve(DETAIL), publishReview }),
      operator: operators.publisher,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Publish this change' }));
    expect(await screen.findByText(REVIEW_CHANGED)).toBeTruthy();
    expect(within(screen.getByText('State').parentElement!).getByText('Waiting for review')).toBeTruthy();
  });

  it('lets the author withdraw their change while it waits, and nobody else', async () => {
    const withdrawReview = vi.fn(() => Promise.resolve({ ...DETAIL, review: { ...CHANGE, status: 'withdrawn' as const } }));
    renderInStudio(<ReviewPage id={4} />, { client: fakeClient({ reviews: vi.fn(() => Promise.resolve([CHANGE])), review: () => Promise.resolve(DETAIL), withdrawReview }), operator: operators.publisher });
    await screen.findByText('Route 24');
    expect(screen.queryByRole('button', { name: 'Withdraw this change' })).toBeNull();
    cleanup();

    renderInStudio(<ReviewPage id={4} />, { client: fakeClient({ reviews: vi.fn(() => Promise.resolve([CHANGE])), review: () => Promise.resolve(DETAIL), withdrawReview }), operator: operators.editor });
    const withdraw = await screen.findByRole('button', { name: 'Withdraw this change' });
    expect(document.getElementById(withdraw.getAttribute('aria-describedby')!)!.textContent).toBe('Takes it out of review: no publisher sees it any more. Your drafts stay as they are.');
    fireEvent.click(withdraw);
    expect(await screen.findByText('Withdrew change 4: your drafts stay as they are, to go on with or submit again.')).toBeTruthy();
    expect(withdrawReview).toHaveBeenCalledWith(4);
    expect(within(screen.getByText('State').parentElement!).getByText('Withdrawn')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw this change' })).toBeNull();
  });
});
