// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteFiles } from '../api/studio-client';
import { fileLabel, fileTitle, groupFiles, pageName, pageSections } from './kinds';
import { fakeClient, operators, renderInStudio, visit } from './testing/studio-fixture';
import { Workspace } from './Workspace';

afterEach(cleanup);

// The editor is the editor room's (studio/editor); here a stand-in that autosaves on a click.
vi.mock('./EditorArea', () => ({
  EditorArea: (props: { path: string; schemaName: string; onSaved(r: unknown): void }) => (
    <div data-testid="editor">
      editing {props.path} ({props.schemaName})
      <button type="button" onClick={() => props.onSaved({ path: props.path, revision: 1, updatedAt: '2026-03-01T00:00:00.000Z', problems: [{ file: props.path, pointer: '/blocks/0/form', message: 'No form named "x".' }] })}>
        autosave
      </button>
    </div>
  ),
}));

const SITE: SiteFiles = {
  files: [
    { path: 'pages/home.json', schema: 'page', published: true, draft: true },
    { path: 'pages/contact.json', schema: 'page', published: true, draft: false },
    { path: 'forms/contact.json', schema: 'form', published: true, draft: false },
    { path: 'popups/welcome.json', schema: 'popup', published: true, draft: false },
    { path: 'catalog/styles/hartford.json', schema: 'product-style', published: true, draft: false },
    { path: 'site.json', schema: 'site-settings', published: true, draft: false },
    { path: 'data/reviews.json', schema: 'reviews', published: true, draft: false },
  ],
  images: ['/images/a.svg'],
  problems: [{ file: 'popups/welcome.json', pointer: '/title', message: 'Too long.' }],
  draftProblems: [],
};

const files = () => Promise.resolve(structuredClone(SITE));

describe('Workspace', () => {
  it('lists the files by kind with draft and problem markers, and the site problems in the publish panel', async () => {
    visit('/studio');
    renderInStudio(<Workspace file={null} />, { client: fakeClient({ files }), operator: operators.publisher });
    const nav = await screen.findByRole('navigation', { name: 'Content files' });
    const groups = within(nav).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(groups).toEqual(['Pages 2', 'Forms 1', 'Popups 1', 'Catalog styles and categories 1', 'Site settings 1', 'Other 1']);
    // Pages by section of the site: these two have no address yet.
    expect(within(nav).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Not on the site yet']);
    expect(within(nav).getByRole('link', { name: /^home/ }).textContent).toContain('draft');
    expect(within(nav).getByRole('link', { name: /^welcome/ }).textContent).toContain('1 problem');
    // The disk's problem blocks publishing.
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('heading', { level: 2, name: 'Choose a file to edit' })).toBeTruthy();
  });

  it('filters the list, and says when nothing matches', async () => {
    renderInStudio(<Workspace file={null} />, { client: fakeClient({ files }), operator: operators.viewer });
    const nav = await screen.findByRole('navigation', { name: 'Content files' });
    fireEvent.change(within(nav).getByLabelText('Filter files'), { target: { value: 'contact' } });
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/studio/edit/pages/contact.json', '/studio/edit/forms/contact.json']);
    fireEvent.change(within(nav).getByLabelText('Filter files'), { target: { value: 'nothing like it' } });
    expect(within(nav).getByText(/No file matches/)).toBeTruthy();
    // A viewer creates nothing.
    expect(within(nav).queryByRole('button', { name: 'New page' })).toBeNull();
  });

  it('creates a new page: from a title or a name, refuses a bad or taken one, opens pages/<name>.json', async () => {
    visit('/studio');
    renderInStudio(<Workspace file={null} />, { client: fakeClient({ files }), operator: operators.editor });
    const nav = await screen.findByRole('navigation', { name: 'Content files' });
    fireEvent.click(within(nav).getByRole('button', { name: 'New page' }));
    const name = within(nav).getByLabelText('Name of the new page');
    fireEvent.change(name, { target: { value: '!!!' } });
    fireEvent.click(within(nav).getByRole('button', { name: 'Create page' }));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(name, { target: { value: 'Contact' } });
    fireEvent.click(within(nav).getByRole('button', { name: 'Create page' }));
    expect(within(nav).getByText(/pages\/contact\.json exists already/)).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Showroom Austin' } });
    expect(within(nav).getByText('It becomes pages/showroom-austin.json.')).toBeTruthy();
    fireEvent.click(within(nav).getByRole('button', { name: 'Create page' }));
    expect(window.location.pathname).toBe('/studio/edit/pages/showroom-austin.json');
    expect(within(nav).getByRole('link', { name: /showroom-austin/ }).textContent).toContain('new');
  });

  it('opens a file in the editor area with its kind, and says when there is no such file', async () => {
    renderInStudio(<Workspace file="forms/contact.json" />, { client: fakeClient({ files }), operator: operators.editor });
    expect(await screen.findByRole('heading', { level: 1, name: 'Form forms/contact.json' })).toBeTruthy();
    cleanup();
    renderInStudio(<Workspace file="catalog/nope.json" />, { client: fakeClient({ files }), operator: operators.editor });
    expect((await screen.findByText(/There is no file/)).closest('[role=alert]')?.textContent).toContain('There is no file catalog/nope.json');
  });

  it("after an autosave, marks the file as a draft and shows the whole site's problems from its answer", async () => {
    visit('/studio/edit/pages/contact.json');
    renderInStudio(<Workspace file="pages/contact.json" />, { client: fakeClient({ files }), operator: operators.publisher });
    expect((await screen.findByTestId('editor')).textContent).toContain('editing pages/contact.json (page)');
    const nav = screen.getByRole('navigation', { name: 'Content files' });
    expect(within(nav).getByRole('link', { name: /^contact/, current: 'page' }).textContent).not.toContain('draft');
    fireEvent.click(screen.getByRole('button', { name: 'autosave' }));
    expect(within(nav).getByRole('link', { name: /^contact/, current: 'page' }).textContent).toContain('draft');
    expect(screen.getByRole('button', { name: /2 drafts · 2 problems/ })).toBeTruthy();
    expect(screen.getByText('No form named "x".')).toBeTruthy();
  });

  it('shows a loading state, then an error state with a retry', async () => {
    let fail!: (e: unknown) => void;
    const filesCall = vi.fn().mockImplementationOnce(() => new Promise((_, reject) => (fail = reject))).mockImplementation(files);
    renderInStudio(<Workspace file={null} />, { client: fakeClient({ files: filesCall }), operator: operators.editor });
    expect(screen.getByText(/Loading the files/)).toBeTruthy();
    await act(async () => fail(new TypeError('offline')));
    expect(screen.getByText(/Could not load the files/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Content files' }).querySelectorAll('a').length).toBe(SITE.files.length));
  });
});

describe('kinds', () => {
  it('labels files without their folder and finds page names', () => {
    expect(fileLabel('pages/home.json')).toBe('home');
    expect(fileLabel('catalog/styles/hartford.json')).toBe('styles/hartford');
    expect(fileLabel('site.json')).toBe('site');
    expect(pageName('pages/home.json')).toBe('home');
    expect(pageName('forms/home.json')).toBeNull();
  });

  it('groups every kind the content folder has, in order, with anything unknown last', () => {
    const groups = groupFiles(
      [
        { path: 'tax-rules.json', schema: 'tax-rules', published: true, draft: false },
        { path: 'data/faqs.json', schema: 'faqs', published: true, draft: false },
        { path: 'x.json', schema: 'mystery', published: true, draft: false },
      ],
      '',
    );
    expect(groups.map((g) => g.group.label)).toEqual(['FAQs', 'Tax', 'Other']);
  });

  it('lists pages by title, finds them by title or address, and names a page without a title by its file', () => {
    const pages = [
      { path: 'pages/red-beard-remedy.json', schema: 'page', published: true, draft: false, title: 'Red Beard Remedy', addresses: ['/red-beard-remedy'] },
      { path: 'pages/account-address-edit.json', schema: 'page', published: true, draft: false, title: 'Edit address', addresses: ['/my-account/address/:id'] },
      { path: 'pages/new-one.json', schema: 'page', published: false, draft: true },
    ];
    expect(groupFiles(pages, '')[0]!.files.map(fileTitle)).toEqual(['Edit address', 'new-one', 'Red Beard Remedy']);
    expect(groupFiles(pages, 'my-account')[0]!.files.map(fileTitle)).toEqual(['Edit address']);
    expect(groupFiles(pages, 'remedy')[0]!.files.map(fileTitle)).toEqual(['Red Beard Remedy']);
  });

  it('sorts pages into the sections of the site their addresses make, main pages first and pages without an address last', () => {
    const page = (name: string, title: string, ...addresses: string[]) => ({ path: `pages/${name}.json`, schema: 'page', published: true, draft: false, title, addresses });
    const pages = [
      page('about-us', 'About us', '/about-us', '/aboutus'),
      page('account-home', 'My account', '/my-account'),
      page('account-orders', 'Your orders', '/my-account/orders'),
      page('blog-detail', 'Blog post', '/blogs/:blogPath'),
      page('blogs', 'Blog', '/blogs'),
      page('home', 'Kitchens built to gather around', '/'),
      page('payment-failure', 'Payment failed', '/payment/fail'),
      page('payment-verify', 'Checking your payment', '/payment/verify/:paymentMethod'),
      page('quote-payment', 'Pay your quote', '/quote/payment'),
      page('not-found', 'Page not found', '/*'),
      { path: 'pages/showroom-austin.json', schema: 'page', published: false, draft: true },
    ];
    expect(pageSections(pages).map((s) => [s.label, s.files.map(fileTitle)])).toEqual([
      ['Main pages', ['About us', 'Kitchens built to gather around', 'Pay your quote', 'Page not found']],
      ['Blog', ['Blog post', 'Blog']],
      ['My account', ['My account', 'Your orders']],
      ['Payment', ['Payment failed', 'Checking your payment']],
      ['Not on the site yet', ['showroom-austin']],
    ]);
  });
});
