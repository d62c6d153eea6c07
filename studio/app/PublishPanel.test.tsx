// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_CONFLICT, PUBLISH_BLOCKED } from '../../schemas/api/studio';
import { StudioApiError } from '../api/studio-client';
import { pageAddress, problemsOfFields, PublishPanel, type PublishPanelProps } from './PublishPanel';
import { navigate } from './router';
import { fakeClient, operators, renderInStudio } from './testing/studio-fixture';

afterEach(cleanup);

const draft = { path: 'pages/showroom-austin.json', schema: 'page', published: false, draft: true };
const problem = { file: 'pages/showroom-austin.json', pointer: '/blocks/1/form', message: 'No form named "contakt".' };

function panel(props: Partial<PublishPanelProps> = {}): PublishPanelProps {
  return { operator: operators.publisher, drafts: [draft], problems: [], draftsChecked: true, onProblems: vi.fn(), onPublished: vi.fn(), onReload: vi.fn(), ...props };
}

describe('PublishPanel', () => {
  it('keeps Publish disabled while a problem stands, with the reason beside it, and lists the problem with a link to its file', () => {
    renderInStudio(<PublishPanel {...panel({ problems: [problem] })} />);
    const publish = screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement;
    expect(publish.disabled).toBe(true);
    const reason = document.getElementById(publish.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toContain(PUBLISH_BLOCKED);
    fireEvent.click(screen.getByRole('button', { name: 'See the problems' }));
    const link = within(document.querySelector<HTMLElement>('.problems')!).getByRole('link', { name: 'pages/showroom-austin.json' });
    expect(link.closest('.problem')?.textContent).toContain('/blocks/1/form');
    expect(link.closest('.problem')?.textContent).toContain('No form named "contakt".');
    expect(link.getAttribute('href')).toBe('/studio/edit/pages/showroom-austin.json');
  });

  it('shows no Publish to a viewer or an editor; an editor submits the drafts for review with a note', async () => {
    const change = (status: 'submitted' | 'sent_back') => ({ id: 12, status, author: operators.editor.email, note: 'Austin page', files: [draft.path], createdAt: '2026-11-27T10:00:00.000Z', updatedAt: '2026-11-27T10:00:00.000Z', decidedBy: null, version: null, unseen: false, overlaps: [] });
    const submitReview = vi.fn(() => Promise.resolve({ review: change('submitted'), revision: 'r1', files: [], events: [] }));
    const reviews = vi.fn(() => Promise.resolve([] as ReturnType<typeof change>[]));
    renderInStudio(<PublishPanel {...panel({ operator: operators.editor })} />, { operator: operators.editor, client: fakeClient({ reviews, submitReview }) });
    expect(screen.queryByRole('button', { name: /^Publish/ })).toBeNull();
    const submit = screen.getByRole('button', { name: 'Submit for review' });
    // A note is asked for, at the field.
    fireEvent.click(submit);
    expect(screen.getByLabelText('Note for the publisher').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Say in a few words what the change is.')).toBeTruthy();
    expect(submitReview).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Note for the publisher'), { target: { value: ' The Austin showroom ' } });
    fireEvent.click(screen.getByLabelText('E-mail me the decision'));
    fireEvent.click(submit);
    expect(await screen.findByText(/Submitted for review as change 12/)).toBeTruthy();
    expect(submitReview).toHaveBeenCalledWith({ note: 'The Austin showroom', notifyByEmail: true, paths: [draft.path] });
    cleanup();

    // Sent back: the publisher's comment above, and "Submit again" for that change.
    const resubmitReview = vi.fn(() => Promise.resolve({ review: change('submitted'), revision: 'r1', files: [], events: [] }));
    const review = vi.fn(() => Promise.resolve({ review: change('sent_back'), revision: 'r1', files: [], events: [{ at: '2026-11-27T11:00:00.000Z', operator: operators.publisher.email, kind: 'sent_back' as const, comment: 'Add the opening hours.' }] }));
    renderInStudio(<PublishPanel {...panel({ operator: operators.editor })} />, {
      operator: operators.editor,
      client: fakeClient({ reviews: vi.fn(() => Promise.resolve([change('sent_back')])), review, resubmitReview }),
    });
    // The note shows at once; the publisher's comment joins it when the change's thread has loaded.
    const sentBack = `Change 12 was sent back by ${operators.publisher.email}: “Add the opening hours.”`.replace(/[“”]/g, '');
    await waitFor(() => expect(screen.getByRole('note').textContent).toBe(sentBack));
    fireEvent.change(screen.getByLabelText('Note for the publisher'), { target: { value: 'Hours added' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit again' }));
    await screen.findByText(/Submitted for review as change 12/);
    expect(resubmitReview).toHaveBeenCalledWith(12, { note: 'Hours added' });
    cleanup();

    renderInStudio(<PublishPanel {...panel({ operator: operators.viewer, drafts: [] })} />, { operator: operators.viewer });
    expect(screen.queryByRole('button', { name: /^Publish|Submit/ })).toBeNull();
    expect(screen.getByText(/drafting needs the editor role/)).toBeTruthy();
  });

  it('publishes with the message, then links to the page on the site', async () => {
    const publish = vi.fn(() => Promise.resolve({ version: 7, files: ['pages/showroom-austin.json', 'routes.json'] }));
    const file = vi.fn(() =>
      Promise.resolve({ path: 'routes.json', schema: 'routes', draft: null, published: { hash: 'h', text: JSON.stringify({ routes: [{ path: '/showrooms/austin', page: 'showroom-austin' }] }) } }),
    );
    const props = panel();
    renderInStudio(<PublishPanel {...props} />, { client: fakeClient({ publish, file }) });
    fireEvent.change(screen.getByLabelText(/What changed/), { target: { value: ' The Austin showroom ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const view = await screen.findByRole('link', { name: /View \/showrooms\/austin on the site/ });
    expect(view.getAttribute('href')).toBe('/showrooms/austin');
    expect(publish).toHaveBeenCalledWith({ message: 'The Austin showroom' });
    expect(screen.getByRole('status').textContent).toContain('Published as version 7');
    expect(props.onPublished).toHaveBeenCalledWith({ version: 7, files: ['pages/showroom-austin.json', 'routes.json'] });
    // The next screen starts without it.
    act(() => navigate('/studio/edit/pages/home.json'));
    expect(screen.getByRole('status').textContent).not.toContain('Published as version 7');
  });

  it('explains a conflict and reloads the file after discarding the draft', async () => {
    const publish = vi.fn(() => Promise.reject(new StudioApiError(409, 'publish_conflict', DRAFT_CONFLICT, { 'pages/showroom-austin.json': DRAFT_CONFLICT })));
    const discardDraft = vi.fn(() => Promise.resolve({}));
    const props = panel();
    renderInStudio(<PublishPanel {...props} />, { client: fakeClient({ publish, discardDraft }) });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(DRAFT_CONFLICT));
    fireEvent.click(screen.getByRole('button', { name: /Discard my draft and reload/ }));
    await waitFor(() => expect(props.onReload).toHaveBeenCalledWith('pages/showroom-austin.json'));
    expect(discardDraft).toHaveBeenCalledWith('pages/showroom-austin.json');
  });

  it("hands a refused publish's problems back", async () => {
    const publish = vi.fn(() => Promise.reject(new StudioApiError(422, 'publish_blocked', PUBLISH_BLOCKED, { 'pages/a.json:/blocks/0': 'Bad block.' })));
    const props = panel();
    renderInStudio(<PublishPanel {...props} />, { client: fakeClient({ publish }) });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(props.onProblems).toHaveBeenCalledWith([{ file: 'pages/a.json', pointer: '/blocks/0', message: 'Bad block.' }]));
    // The details open; the reason is the parent's to show once the problems come back.
    expect(screen.getByRole('button', { name: /1 draft/ }).getAttribute('aria-expanded')).toBe('true');
  });
});

describe('PublishPanel before any check of the drafts', () => {
  it('says the drafts are not checked yet rather than "0 problems"', () => {
    renderInStudio(<PublishPanel {...panel({ draftsChecked: false })} />);
    expect(screen.getByRole('button', { name: /1 draft · not checked yet/ })).toBeTruthy();
    expect(screen.getByText(/checked with the whole site each time one is saved/)).toBeTruthy();
  });
});

describe('publish helpers', () => {
  it('reads file:pointer fields as problems', () => {
    expect(problemsOfFields({ 'site.json:': 'x', 'routes.json:/routes/3/page': 'y', 'pages/b.json': 'z', more: '3 more problem(s) not listed.' })).toEqual([
      { file: 'site.json', pointer: '', message: 'x' },
      { file: 'routes.json', pointer: '/routes/3/page', message: 'y' },
      { file: 'pages/b.json', pointer: '', message: 'z' },
      { file: '', pointer: '', message: '3 more problem(s) not listed.' },
    ]);
  });

  it("finds a page's address in routes.json, skipping routes with parameters", () => {
    const routes = JSON.stringify({ routes: [{ path: '/orders/:id', page: 'a' }, { path: '/a', page: 'a' }] });
    expect(pageAddress(routes, ['pages/a.json'])).toBe('/a');
    expect(pageAddress(routes, ['forms/a.json'])).toBeNull();
    expect(pageAddress('not json', ['pages/a.json'])).toBeNull();
  });
});
