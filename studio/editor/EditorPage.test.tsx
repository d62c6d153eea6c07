// @vitest-environment jsdom
import { act, cleanup, createEvent, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditorPage } from './EditorPage';
import { loadValidators } from './validators';
import { demoSite, demoText, editor, fakeStudioServer, viewer, type FakeFile } from './testing/fake-studio-server';
import { scaledMs } from '../../scripts/test-calibration';

const onSaved = vi.fn();
let server: ReturnType<typeof fakeStudioServer>;

function open(path: string, schemaName: string, files: Record<string, FakeFile>, operator = editor) {
  server = fakeStudioServer({ 'routes.json': { published: demoText('routes.json') }, ...files });
  vi.stubGlobal('fetch', server.fetch);
  return render(<EditorPage path={path} schemaName={schemaName} site={demoSite} operator={operator} onSaved={onSaved} />);
}

/** The text of the last draft PUT, parsed. */
const lastDraft = () => JSON.parse(server.drafts.at(-1)!.text) as { blocks: { type: string; form?: string; title?: string }[]; metadata: { title: string } };

/** The page's title field, once the file and the validators are loaded. */
const titleField = async () => (await screen.findByLabelText(/^title/i, { selector: '#def_metadata_title' }, { timeout: scaledMs(5000) })) as HTMLInputElement;

beforeAll(async () => {
  await loadValidators('page');
});
beforeEach(() => {
  onSaved.mockReset();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const blockItems = () => screen.getAllByRole('listitem').filter((li) => li.classList.contains('studio-block'));
const blockTypesShown = () => blockItems().map((li) => li.querySelector('.studio-block__toggle strong')!.textContent);

describe('EditorPage: a page', () => {
  it('opens the published page in its form, with the block list and the page address', async () => {
    open('pages/contact.json', 'page', { 'pages/contact.json': { published: demoText('pages/contact.json') } });
    expect(await titleField()).toHaveProperty('value', 'Contact Us');
    expect(blockTypesShown()).toEqual(['Title banner', 'Address and contact', 'Form', 'Text']);
    expect(await screen.findByText('/contact', { selector: 'code' })).toBeTruthy();
  });

  it('adds a block from the catalogue, moves it by keyboard, duplicates it and removes it with undo', async () => {
    open('pages/contact.json', 'page', { 'pages/contact.json': { published: demoText('pages/contact.json') } });
    await titleField();
    fireEvent.click(screen.getByRole('button', { name: '+ Add a block' }));
    const catalogue = screen.getByRole('group', { name: 'Block types' });
    // The catalogue shows each type with its plain description.
    expect(within(catalogue).getByText(/Shows nothing in the page: makes a popup/)).toBeTruthy();
    fireEvent.change(within(catalogue).getByLabelText('Find a block type'), { target: { value: 'steps' } });
    fireEvent.click(within(catalogue).getByRole('button', { name: /^Steps/ }));
    expect(blockTypesShown()).toEqual(['Title banner', 'Address and contact', 'Form', 'Text', 'Steps']);
    // The new block is open, focused, and its form is that type's: no type dropdown.
    const added = blockItems()[4]!;
    expect(document.activeElement).toBe(added.querySelector('.studio-block__toggle'));
    expect(within(added).queryByRole('combobox', { name: /type/i })).toBeNull();
    expect(within(added).getByLabelText(/^title/i)).toBeTruthy();
    // It opens with the catalogue's plain line, not the schema's reference text.
    expect(within(added).getByText('Numbered steps of a how-to (01, 02, 03…).')).toBeTruthy();

    // Alt+ArrowUp twice: it moves up two places and keeps the focus.
    const toggle = added.querySelector<HTMLElement>('.studio-block__toggle')!;
    fireEvent.keyDown(toggle, { key: 'ArrowUp', altKey: true });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp', altKey: true });
    expect(blockTypesShown()).toEqual(['Title banner', 'Address and contact', 'Steps', 'Form', 'Text']);
    expect(document.activeElement?.closest('li')).toBe(blockItems()[2]);
    expect(screen.getByText(/Steps moved to position 3 of 5/)).toBeTruthy();
    // The move-down button too.
    fireEvent.click(screen.getByRole('button', { name: 'Move block 3 down' }));
    expect(blockTypesShown()).toEqual(['Title banner', 'Address and contact', 'Form', 'Steps', 'Text']);

    fireEvent.click(screen.getByRole('button', { name: 'Duplicate block 3' }));
    expect(blockTypesShown()).toEqual(['Title banner', 'Address and contact', 'Form', 'Form', 'Steps', 'Text']);

    fireEvent.click(screen.getByRole('button', { name: 'Remove block 1' }));
    expect(blockTypesShown()).toEqual(['Address and contact', 'Form', 'Form', 'Steps', 'Text']);
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(document.activeElement).toBe(undo);
    fireEvent.click(undo);
    expect(blockTypesShown()).toEqual(['Title banner', 'Address and contact', 'Form', 'Form', 'Steps', 'Text']);

    // What is saved is the blocks in that order, with no generated ids in the JSON.
    await waitFor(() => expect(server.drafts.length).toBeGreaterThan(0), { timeout: scaledMs(3000) });
    await waitFor(() => expect(lastDraft().blocks.map((b) => b.type)).toEqual(['title-banner', 'address-contact', 'form', 'form', 'steps', 'text']), { timeout: scaledMs(3000) });
    expect(server.drafts.at(-1)!.text).not.toMatch(/block-[a-z0-9]+-\d+/);
  });

  it('reorders by dragging a block by its handle (HTML5 drag and drop)', async () => {
    open('pages/contact.json', 'page', { 'pages/contact.json': { published: demoText('pages/contact.json') } });
    await titleField();
    // jsdom lays nothing out: each block is 50 px tall, one under the other.
    blockItems().forEach((li, i) => {
      li.getBoundingClientRect = () => ({ top: i * 50, height: 50, bottom: i * 50 + 50, left: 0, right: 500, width: 500, x: 0, y: i * 50, toJSON: () => ({}) });
    });
    const dataTransfer = { setData: vi.fn(), setDragImage: vi.fn(), effectAllowed: '', dropEffect: '' };
    const handle = blockItems()[3]!.querySelector('.studio-block__handle')!;
    fireEvent.dragStart(handle, { dataTransfer });
    expect(dataTransfer.setData).toHaveBeenCalledWith('text/plain', expect.stringMatching(/^block-/));
    // jsdom has no DragEvent: the pointer's height is put on the event by hand.
    const at = (make: typeof createEvent.dragOver, el: Element, clientY: number) => {
      const event = make(el, { dataTransfer });
      Object.defineProperty(event, 'clientY', { value: clientY });
      fireEvent(el, event);
    };
    at(createEvent.dragOver, blockItems()[0]!, 10);
    expect(blockItems()[0]!.classList.contains('studio-block--drop-before')).toBe(true);
    at(createEvent.drop, blockItems()[0]!, 10);
    expect(blockTypesShown()).toEqual(['Text', 'Title banner', 'Address and contact', 'Form']);
    expect(screen.getByText('Text moved to position 1 of 4.')).toBeTruthy();
  });

  it("offers the site's forms for a form block's form, and a popup block's popups", async () => {
    open('pages/contact.json', 'page', { 'pages/contact.json': { published: demoText('pages/contact.json') } });
    await titleField();
    fireEvent.click(blockItems()[2]!.querySelector('.studio-block__toggle')!);
    const select = within(blockItems()[2]!).getByLabelText(/^form/i, { selector: 'select' }) as HTMLSelectElement;
    // By the titles the file list gives them, in their order.
    expect([...select.options].map((o) => o.value)).toEqual(['', 'contact', 'newsletter', 'claim']);
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choose a form…', 'Get in touch', 'Newsletter', 'Warranty claim']);
    expect(select.value).toBe('contact');
    fireEvent.change(select, { target: { value: 'claim' } });
    await waitFor(() => expect(lastDraft().blocks[2]!.form).toBe('claim'), { timeout: scaledMs(3000) });
  });

  it('shows a schema error at its field as the operator types, in the page form and in a block form', async () => {
    open('pages/contact.json', 'page', { 'pages/contact.json': { published: demoText('pages/contact.json') } });
    const title = (await titleField());
    fireEvent.change(title, { target: { value: '' } });
    await waitFor(() => expect(title.closest('.form-group')!.querySelector('.error-detail')?.textContent).toMatch(/required/i));
    // One count, and the list names the field by its label.
    expect(document.querySelector('.studio-problem-count')!.textContent).toBe('1 problem');
    expect(screen.getByRole('region', { name: 'Problems in this file' }).querySelector('button')!.textContent).toMatch(/^Page metadata · Title: /);
    fireEvent.change(title, { target: { value: 'Contact' } });
    await waitFor(() => expect(title.closest('.form-group')!.querySelector('.error-detail')).toBeNull());
    // Inside a block's own form: the open title banner's image needs a path; its header counts the problem.
    const banner = blockItems()[0]!;
    const src = within(banner).getByLabelText(/^Image file/) as HTMLInputElement;
    fireEvent.change(src, { target: { value: '' } });
    await waitFor(() => expect(src.closest('.form-group')!.querySelector('.error-detail')?.textContent).toMatch(/required/i));
    expect(within(banner).getByText('1 problem')).toBeTruthy();
    fireEvent.change(src, { target: { value: '/images/banner-home.svg' } });
    await waitFor(() => expect(within(banner).queryByText('1 problem')).toBeNull());
  });

  it('words each problem once: the same words in the list, at the field and over the preview', async () => {
    open('pages/contact.json', 'page', { 'pages/contact.json': { published: demoText('pages/contact.json') } });
    await titleField();
    // The server cannot render the page while the banner has no picture, and says so in its own words.
    server.previewAnswers.push({ status: 422, body: { error: 'preview_unavailable', message: 'pages/contact.json: Block 1 (Title banner) · Image: must be filled in', fields: { 'pages/contact.json:/blocks/0/image/src': 'must be filled in' } } });
    const banner = blockItems()[0]!;
    const src = within(banner).getByLabelText(/^Image file/) as HTMLInputElement;
    const label = banner.querySelector(`label[for="${src.id}"]`)!.textContent!.replace(/\*$/, '').trim();
    fireEvent.change(src, { target: { value: '' } });

    const inList = await waitFor(() => screen.getByRole('region', { name: 'Problems in this file' }).querySelector('button')!.textContent!);
    const atField = await waitFor(() => src.closest('.form-group')!.querySelector('.error-detail')!.textContent!);
    const overPreview = await waitFor(() => screen.getByRole('alert', { hidden: false }).querySelector('li')!.textContent!);
    // The block by its position and type, the field by the label the form shows it with.
    expect(inList).toBe(`Block 1 (Title banner) · Image · ${label}: This field is required.`);
    expect(atField).toBe('This field is required.');
    expect(overPreview).toBe(inList);
    // Nothing in another wording: rjsf's, the server's, a file name or a JSON pointer.
    const editorText = document.querySelector('.studio-editor')!.textContent!;
    expect(editorText).not.toMatch(/must have required property|must be filled in|pages\/contact\.json:|\/blocks\/0/);
  });

  it('round-trips through the raw JSON view with the same validation and line numbers', async () => {
    open('pages/contact.json', 'page', { 'pages/contact.json': { published: demoText('pages/contact.json') } });
    await titleField();
    fireEvent.click(screen.getByRole('button', { name: 'Raw JSON' }));
    const area = screen.getByLabelText('The file as JSON') as HTMLTextAreaElement;
    expect(area.value).toBe(demoText('pages/contact.json'));
    // Not JSON: the error names its line and column, and the form waits.
    fireEvent.change(area, { target: { value: area.value.replace('"Contact Us",', '"Contact Us"') } });
    expect(screen.getByText(/Line 5, column 5/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Form' })).toHaveProperty('disabled', true);
    // A schema error: an unknown block type, with a suggestion, at its line.
    fireEvent.change(area, { target: { value: demoText('pages/contact.json').replace('"type": "text",', '"type": "texts",') } });
    expect(screen.getAllByText(/Unknown block type "texts"/).length).toBeGreaterThan(0);
    // A valid change goes back to the form with nothing lost.
    fireEvent.change(area, { target: { value: demoText('pages/contact.json').replace('"Contact Us"', '"Talk to us"') } });
    fireEvent.click(screen.getByRole('button', { name: 'Form' }));
    expect(((await titleField())).value).toBe('Talk to us');
    fireEvent.click(screen.getByRole('button', { name: 'Raw JSON' }));
    expect((screen.getByLabelText('The file as JSON') as HTMLTextAreaElement).value).toBe(demoText('pages/contact.json').replace('"Contact Us"', '"Talk to us"'));
  });

  it('opens a file that does not parse in the raw view with the error', async () => {
    open('pages/contact.json', 'page', { 'pages/contact.json': { published: '{ "metadata": ', draft: null } });
    expect(await screen.findByText(/This is not JSON yet/)).toBeTruthy();
    expect(screen.getByText(/Line 1, column 15/)).toBeTruthy();
  });

  it('starts a new page from its template and saves it as a draft at once', async () => {
    open('pages/showrooms-austin.json', 'page', {});
    expect(((await titleField())).value).toBe('Showrooms austin');
    await waitFor(() => expect(server.drafts.length).toBe(1), { timeout: scaledMs(3000) });
    expect(server.drafts[0]).toMatchObject({ path: 'pages/showrooms-austin.json', baseHash: null });
    expect(server.drafts[0]!.revision).toBeUndefined();
    expect(JSON.parse(server.drafts[0]!.text)).toMatchObject({ metadata: { title: 'Showrooms austin' }, blocks: [] });
  });

  it('adds an address, saving a draft of routes.json with its own revision', async () => {
    open('pages/showrooms-austin.json', 'page', { 'pages/showrooms-austin.json': { published: null, draft: { text: JSON.stringify({ metadata: { title: 'Austin', description: 'Austin.' }, blocks: [] }), revision: 3, baseHash: null } } });
    const input = await screen.findByLabelText('Add an address');
    await screen.findByText(/No address shows this page yet/);
    fireEvent.change(input, { target: { value: '/contact' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText('/contact already shows the page “contact”.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '/showrooms/austin' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    });
    await waitFor(() => expect(server.drafts.some((d) => d.path === 'routes.json')).toBe(true));
    const saved = server.drafts.find((d) => d.path === 'routes.json')!;
    expect(saved.baseHash).toBe('hash-of-routes.json');
    const routes = (JSON.parse(saved.text) as { routes: { path: string; page: string }[] }).routes;
    const at = routes.findIndex((r) => r.path === '/showrooms/austin');
    expect(routes[at]!.page).toBe('showrooms-austin');
    // Before any route with a parameter or a wildcard, so it is the one that answers.
    expect(routes.slice(0, at).every((r) => !r.path.includes(':') && !r.path.includes('*'))).toBe(true);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ path: 'routes.json', revision: 1 }));
    expect(await screen.findByText('/showrooms/austin', { selector: 'code' })).toBeTruthy();
  });

  it('is read-only for a viewer: no saving, no block buttons', async () => {
    open('pages/contact.json', 'page', { 'pages/contact.json': { published: demoText('pages/contact.json') } }, viewer);
    await titleField();
    expect(screen.queryByRole('button', { name: '+ Add a block' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove block/ })).toBeNull();
    expect(screen.getByText(/Read-only/)).toBeTruthy();
    expect((screen.getByLabelText(/^title/i, { selector: '#def_metadata_title' }) as HTMLInputElement).readOnly).toBe(true);
  });
});

describe('EditorPage: autosave', () => {
  it('saves about 800 ms after the last change, with the revision of the draft and then of each save', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open('pages/contact.json', 'page', { 'pages/contact.json': { published: demoText('pages/contact.json'), draft: { text: demoText('pages/contact.json'), revision: 7, baseHash: 'base-1' } } });
    const title = (await titleField());
    fireEvent.change(title, { target: { value: 'Contact' } });
    await act(() => vi.advanceTimersByTimeAsync(400));
    fireEvent.change(title, { target: { value: 'Contact us' } });
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(server.drafts).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(server.drafts).toHaveLength(1));
    expect(server.drafts[0]).toMatchObject({ path: 'pages/contact.json', revision: 7, baseHash: 'base-1' });
    expect(lastDraft().metadata.title).toBe('Contact us');
    await waitFor(() => expect(screen.getByText(/Draft saved at/)).toBeTruthy());
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ path: 'pages/contact.json', revision: 8, problems: [] }));

    fireEvent.change(title, { target: { value: 'Contact us today' } });
    await act(() => vi.advanceTimersByTimeAsync(900));
    await waitFor(() => expect(server.drafts).toHaveLength(2));
    expect(server.drafts[1]!.revision).toBe(8);
  });

  it("shows the site's problems for this file at their fields after a save, and passes them all up", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open('pages/contact.json', 'page', { 'pages/contact.json': { published: demoText('pages/contact.json') } });
    const title = await titleField();
    const problems = [
      { file: 'pages/contact.json', pointer: '/blocks/2/form', message: 'No form is named "contact-us".' },
      { file: 'pages/contact.json', pointer: '/metadata/title', message: 'Another page has this title.' },
      { file: 'routes.json', pointer: '/routes/3/page', message: 'No page is named "x".' },
    ];
    server.draftAnswers.push({ status: 200, body: { success: true, data: { revision: 1, updatedAt: '2026-01-01T10:00:00.000Z', problems } } });
    fireEvent.change(title, { target: { value: 'Contact' } });
    await act(() => vi.advanceTimersByTimeAsync(900));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ path: 'pages/contact.json', problems })));
    // At the page form's own field…
    await waitFor(() => expect(title.closest('.form-group')!.textContent).toContain('Another page has this title.'));
    // …in the block's header count, and at the block form's field once it is open.
    const formBlock = blockItems()[2]!;
    expect(within(formBlock).getByText('1 problem')).toBeTruthy();
    // Listed too, this file's only, in the form's words; a click opens the block and focuses the field.
    const list = screen.getByRole('region', { name: 'Problems in this file' });
    expect(list.textContent).not.toContain('routes.json');
    expect(document.querySelector('.studio-problem-count')!.textContent).toBe('2 problems');
    fireEvent.click(within(list).getByRole('button', { name: 'Block 3 (Form) · Form: No form is named "contact-us".' }));
    const select = await waitFor(() => within(formBlock).getByLabelText(/^Form/, { selector: 'select' }));
    await waitFor(() => expect(document.activeElement).toBe(select));
    expect(select.closest('.form-group')!.textContent).toContain('No form is named "contact-us".');
  });

  it('on 409 draft_stale tells the operator another tab saved, and keeps or reloads on their choice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open('pages/contact.json', 'page', { 'pages/contact.json': { published: demoText('pages/contact.json'), draft: { text: demoText('pages/contact.json'), revision: 2, baseHash: 'base-1' } } });
    const title = (await titleField());
    server.draftAnswers.push({ status: 409, body: { error: 'draft_stale', message: 'Stale.' } });
    fireEvent.change(title, { target: { value: 'Mine' } });
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(await screen.findByText(/Another tab or window saved this draft/)).toBeTruthy();
    // No more autosaves while the conflict stands; the typing is kept.
    fireEvent.change(title, { target: { value: 'Mine, still' } });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(server.drafts).toHaveLength(1);
    expect(title.value).toBe('Mine, still');
    // Another tab had saved revision 5.
    server.files['pages/contact.json']!.draft = { text: demoText('pages/contact.json').replace('"Contact Us"', '"Theirs"'), revision: 5, baseHash: 'base-1' };
    fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(server.drafts).toHaveLength(2));
    expect(server.drafts[1]).toMatchObject({ revision: 5 });
    expect(lastDraft().metadata.title).toBe('Mine, still');
  });

  it('keeps the text when a save fails and tries again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open('pages/contact.json', 'page', { 'pages/contact.json': { published: demoText('pages/contact.json') } });
    const title = (await titleField());
    server.draftAnswers.push({ status: 503, body: { error: 'unavailable', message: 'The server is busy.' } });
    fireEvent.change(title, { target: { value: 'Typed' } });
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(await screen.findByText(/Not saved: The server is busy. Trying again/)).toBeTruthy();
    expect(sessionStorage.length).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1100));
    await waitFor(() => expect(server.drafts).toHaveLength(2));
    expect(JSON.parse(server.drafts[1]!.text).metadata.title).toBe('Typed');
    expect(server.drafts[1]!.baseHash).toBe('hash-of-pages/contact.json');
    await waitFor(() => expect(screen.getByText(/Draft saved at/)).toBeTruthy());
    expect(sessionStorage.length).toBe(0);
  });
});

describe('EditorPage: the preview', () => {
  it('puts the answer in an iframe where no script runs, and shows the problems of a 422', async () => {
    const { container } = open('pages/contact.json', 'page', { 'pages/contact.json': { published: demoText('pages/contact.json') } });
    const frame = await waitFor(() => {
      const f = container.querySelector('iframe');
      if (!f) throw new Error('no frame yet');
      return f;
    });
    // Same origin, so that a click on a block can open it in the form; no allow-scripts: nothing in it runs.
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toBe(`<!doctype html><title>preview</title><p>rendered ${demoText('pages/contact.json').length}</p>`);
    expect(server.previews[0]).toEqual({ path: 'pages/contact.json', text: demoText('pages/contact.json') });

    server.previewAnswers.push({ status: 422, body: { error: 'preview_unavailable', message: 'This draft has problems.', fields: { 'pages/contact.json:/blocks/2/form': 'No form is named "nope".' } } });
    const title = screen.getByLabelText(/^title/i, { selector: '#def_metadata_title' });
    fireEvent.change(title, { target: { value: 'Contact!' } });
    // In the list's words: the block by its position, the field by its label; no file, no pointer.
    const said = await screen.findByText(/No form is named "nope"\.$/);
    expect(said.textContent).toMatch(/^Block 3 \(Form\) · [A-Z][^:/]*: No form is named "nope"\.$/);
    // The last good picture stays.
    expect(container.querySelector('iframe')!.getAttribute('srcdoc')).toContain('<p>rendered');
  });

  it('opens the block a click in the preview lands on, and focuses its first field', async () => {
    const { container } = open('pages/contact.json', 'page', { 'pages/contact.json': { published: demoText('pages/contact.json') } });
    await titleField();
    const frame = await waitFor(() => container.querySelector('iframe') ?? Promise.reject(new Error('no frame yet')));
    const formBlock = blockItems()[2]!;
    expect(formBlock.querySelector('.studio-block__toggle')!.getAttribute('aria-expanded')).toBe('false');
    // jsdom does not load srcdoc: the server's marked blocks are written as the browser would parse them.
    const doc = frame.contentDocument!;
    doc.body.innerHTML = '<main><div data-studio-block="0"><h1>Contact</h1></div><div data-studio-block="2"><form><label>E-mail <input></label></form></div></main>';
    fireEvent.load(frame);
    doc.querySelector('input')!.dispatchEvent(new (doc.defaultView!.MouseEvent)('click', { bubbles: true, cancelable: true }));
    await waitFor(() => expect(formBlock.querySelector('.studio-block__toggle')!.getAttribute('aria-expanded')).toBe('true'));
    await waitFor(() => expect(formBlock.contains(document.activeElement)).toBe(true));
    expect(document.activeElement!.getAttribute('type')).not.toBe('hidden');
  });

  it('keeps a form\'s preview a picture: no click opens anything there', async () => {
    const { container } = open('forms/contact.json', 'form', { 'forms/contact.json': { published: demoText('forms/contact.json') } });
    const frame = await waitFor(() => container.querySelector('iframe') ?? Promise.reject(new Error('no frame yet')));
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(screen.queryByText('Click a block to open it in the form.')).toBeNull();
  });

  it('sends the first change after a pause at once, then the latest text once a burst of typing pauses', async () => {
    // The preview measures its pause on performance.now(), faked here: the pause is 200 ms of the fake
    // clock, and the burst is one burst however slow the machine (its changes run in one task, so the
    // real timer of the trailing send cannot fire between them).
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      open('pages/contact.json', 'page', { 'pages/contact.json': { published: demoText('pages/contact.json') } });
      const title = await titleField();
      await waitFor(() => expect(server.previews).toHaveLength(1));
      vi.advanceTimersByTime(200);
      for (const v of ['C', 'Co', 'Con']) fireEvent.change(title, { target: { value: v } });
      expect(server.previews.map((p) => JSON.parse(p.text).metadata.title)).toEqual(['Contact Us', 'C']);
      await waitFor(() => expect(server.previews).toHaveLength(3));
      expect(JSON.parse(server.previews[2]!.text).metadata.title).toBe('Con');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('EditorPage: files no page shows', () => {
  it('edits the dealers file with one text field per origin, and without a page preview', async () => {
    open('dealers.json', 'dealers', { 'dealers.json': { published: demoText('dealers.json') } });
    await screen.findByRole('group', { name: 'Edit as' });
    await waitFor(() => expect(document.querySelector('.studio-definition-form input')).toBeTruthy(), { timeout: scaledMs(5000) });
    expect(screen.queryByRole('heading', { name: 'Preview' })).toBeNull();
    // An origin is a text field, not a choice between two kinds of value.
    expect(screen.queryByText(/Kind of/)).toBeNull();
    expect(screen.getAllByLabelText(/^Site address/).every((el) => el.tagName === 'INPUT')).toBe(true);
  });
});
