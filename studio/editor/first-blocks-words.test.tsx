// @vitest-environment jsdom
/**
 * The blocks an editor uses first (a banner with its picture and buttons, formatted text, a form)
 * speak an editor's words: no label, help text or choice of theirs names a developer's thing; their
 * technical fields wait under "More"; a form is offered by the title the file list gives it; a new
 * banner starts with a picture the preview can show, not with problems; a click in the preview
 * focuses the block's first text field.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { blockCatalogue } from './block-catalogue';
import { EditorPage } from './EditorPage';
import { demoSite, editor, fakeStudioServer } from './testing/fake-studio-server';
import { loadValidators } from './validators';
import { scaledMs } from '../../scripts/test-calibration';

/** Words of a developer, not of someone who writes a page. */
const DEVELOPER_WORDS = /\b(path|pointer|html|validator|anchor|intrinsic|schema|json|pixels?)\b/i;
const FIRST_BLOCKS = ['banner', 'rich-text', 'form'];

const page = {
  metadata: { title: 'Spring sale', description: 'Twenty percent off every kitchen until May.' },
  blocks: [
    { type: 'banner', title: 'Spring sale', image: { src: '/images/banner-home.svg', alt: 'A kitchen', width: 1920, height: 787 }, action: { text: 'Shop now', path: '/products' }, secondaryAction: { text: 'Book a visit', path: '/contact', variant: 'secondary' } },
    { type: 'rich-text', html: '<h2>Until May</h2><p>Every kitchen.</p>' },
    { type: 'form', form: 'contact' },
  ],
};

function open() {
  const server = fakeStudioServer({ 'routes.json': { published: '{"routes": []}' }, 'pages/spring-sale.json': { published: JSON.stringify(page, null, 2) } });
  vi.stubGlobal('fetch', server.fetch);
  const site = { ...demoSite, files: [...demoSite.files, { path: 'pages/spring-sale.json', schema: 'page', published: true, draft: false, title: 'Spring sale' }] };
  return { server, ...render(<EditorPage path="pages/spring-sale.json" schemaName="page" site={site} operator={editor} onSaved={() => {}} />) };
}

const blockItems = () => screen.getAllByRole('listitem').filter((li) => li.classList.contains('studio-block'));
const toggleOf = (li: HTMLElement) => li.querySelector<HTMLElement>('.studio-block__toggle')!;
/** Opens a block's form (a click on a block already open would close it). */
const openBlock = (li: HTMLElement) => {
  if (toggleOf(li).getAttribute('aria-expanded') !== 'true') openBlock(li);
};

/** Every label, heading, help text, choice and placeholder a block's open form shows (its "More" opened too). */
function wordsOf(block: HTMLElement): string[] {
  for (const more of block.querySelectorAll('details')) more.open = true;
  const texts = [...block.querySelectorAll('label, legend, .control-label, .field-description, .studio-block__description, summary, option, h3, h4, h5, p.studio-hint')].map((el) => el.textContent ?? '');
  const attributes = [...block.querySelectorAll('[placeholder], [title], [aria-label]')].flatMap((el) => ['placeholder', 'title', 'aria-label'].map((a) => el.getAttribute(a) ?? ''));
  return [...texts, ...attributes].map((t) => t.replace(/\*$/, '').trim()).filter(Boolean);
}

beforeAll(async () => {
  await loadValidators('page');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the blocks an editor uses first', () => {
  it('name nothing of a developer in their labels, help texts and choices, nor in the catalogue', async () => {
    open();
    await screen.findByLabelText(/^title/i, { selector: '#def_metadata_title' }, { timeout: scaledMs(5000) });
    const found: string[] = [];
    for (const li of blockItems()) {
      openBlock(li);
      await waitFor(() => expect(li.querySelector('.studio-block-form')).toBeTruthy());
      found.push(...wordsOf(li));
    }
    for (const entry of blockCatalogue.filter((e) => FIRST_BLOCKS.includes(e.type))) found.push(entry.title, entry.description);
    // Read them all: the test is worth nothing if it read nothing.
    expect(found).toEqual(expect.arrayContaining(['Button', 'Second button', 'Links to', 'Image file', 'More']));
    expect(found.filter((t) => DEVELOPER_WORDS.test(t))).toEqual([]);
  });

  it('say each block once, keep technical fields under More, and offer forms by their titles', async () => {
    open();
    await screen.findByLabelText(/^title/i, { selector: '#def_metadata_title' }, { timeout: scaledMs(5000) });
    const [banner, , formBlock] = blockItems();
    openBlock(banner!);
    await waitFor(() => expect(banner!.querySelector('.studio-block-form')).toBeTruthy());
    // One description: the catalogue's line.
    expect(within(banner!).getAllByText(/wide picture/i)).toHaveLength(1);
    // The two buttons are told apart; the look of a button is said in words, never a blank choice.
    const legends = [...banner!.querySelectorAll('legend')].map((l) => l.textContent);
    expect(legends).toEqual(expect.arrayContaining(['Button', 'Second button']));
    const look = banner!.querySelector<HTMLSelectElement>('select[id$="secondaryAction_variant"]')!;
    expect([...look.options].map((o) => o.textContent)).toEqual(['Filled button (the default)', 'Filled button', 'Outlined button', 'Text link']);
    // The name for links and the picture's own size wait under More, closed.
    for (const id of ['_id', '_image_width', '_image_height']) {
      const field = banner!.querySelector(`[id$="${id}"]`)!;
      expect(field.closest('details')?.open, id).toBe(false);
      expect(field.closest('details')!.querySelector('summary')!.textContent).toBe('More');
    }
    openBlock(formBlock!);
    const select = await waitFor(() => formBlock!.querySelector<HTMLSelectElement>('select[id$="_form"]')!);
    expect(select.selectedOptions[0]!.textContent).toBe('Get in touch');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choose a form…', 'Get in touch', 'Newsletter', 'Warranty claim']);
  });

  it('start a new banner with a picture of the library and no problem, and focus a clicked block at its first text field', async () => {
    const { container, server } = open();
    await screen.findByLabelText(/^title/i, { selector: '#def_metadata_title' }, { timeout: scaledMs(5000) });
    fireEvent.click(screen.getByRole('button', { name: '+ Add a block' }));
    fireEvent.click(screen.getByRole('group', { name: 'Block types' }).querySelector<HTMLElement>('[data-block-type="banner"]')!);
    const added = blockItems()[3]!;
    await waitFor(() => expect(added.querySelector<HTMLInputElement>('input[id$="_image_src"]')?.value).toBe('/images/banner-home.svg'));
    expect(within(added).queryByText(/\d+ problems?/)).toBeNull();
    expect(document.querySelector('.studio-problem-count')!.textContent).toBe('No problems');
    await waitFor(() => expect(server.drafts.length).toBeGreaterThan(0), { timeout: scaledMs(3000) });

    // A click on the first banner in the preview: its title takes the focus, not a technical field.
    const frame = await waitFor(() => container.querySelector('iframe') ?? Promise.reject(new Error('no frame yet')));
    const doc = frame.contentDocument!;
    doc.body.innerHTML = '<main><div data-studio-block="0"><h1>Spring sale</h1></div></main>';
    fireEvent.load(frame);
    await act(async () => {
      doc.querySelector('h1')!.dispatchEvent(new (doc.defaultView!.MouseEvent)('click', { bubbles: true, cancelable: true }));
    });
    await waitFor(() => expect((document.activeElement as HTMLElement).id).toMatch(/_title$/));
  });
});
