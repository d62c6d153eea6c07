// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProblemStore, referenceNames, type EditorFormContext } from '../editor-context';
import { defaultFormStateBehavior, studioTemplates, studioWidgets } from '../form-parts';
import { demoSite } from '../testing/fake-studio-server';
import { fakeClient, operators, renderInStudio } from '../../app/testing/studio-fixture';
import { applyRichTextCommand } from './rich-text-edits';

afterEach(cleanup);

/** The TipTap editor behind a formatted-text area: jsdom has no typing, so selections are set through it. */
function editorOf(area: HTMLElement): Editor {
  return (area as HTMLElement & { editor: Editor }).editor;
}

// A schema shaped like the published ones (the same names and descriptions), checked at run time here only.
const schema: RJSFSchema = {
  type: 'object',
  properties: {
    price: { type: 'number', minimum: 0, description: 'Price in US dollars with at most two decimals, e.g. 14.99.' },
    publishDate: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Publication date, YYYY-MM-DD.' },
    html: { type: 'string', contentMediaType: 'text/html', description: 'The text as HTML.' },
    src: { type: 'string', minLength: 1, description: 'Path of the image, e.g. /images/banner-home.svg.' },
    form: { type: 'string', description: 'Name of the form definition (forms/{name}.json).' },
    path: { type: 'string', description: 'Where the link goes: a site path such as /contact, or a full URL.' },
    showTitle: { title: 'Show title', type: 'boolean', description: "Show the form's title and description above it. Default true." },
  },
};

const context: EditorFormContext = {
  names: referenceNames(demoSite, ['/', '/contact', '/products/:slug', '/*']),
  images: demoSite.images,
  blockValidators: new Map(),
  problems: new ProblemStore(),
  readOnly: false,
  pageTitles: new Map([['/contact', 'Contact Us']]),
};

function show(formData: Record<string, unknown>) {
  const onChange = vi.fn();
  const utils = render(
    <Form
      schema={schema}
      validator={validator}
      formData={formData}
      formContext={context}
      widgets={studioWidgets}
      templates={studioTemplates}
      experimental_defaultFormStateBehavior={defaultFormStateBehavior}
      onChange={(e) => onChange(e.formData)}
    />,
  );
  const last = () => onChange.mock.calls.at(-1)![0] as Record<string, unknown>;
  return { ...utils, onChange, last };
}

describe('the studio widgets', () => {
  it('a yes/no setting left out of the file shows its documented default, and opening the file changes nothing', () => {
    const { onChange } = show({});
    expect((screen.getByLabelText('Show title') as HTMLInputElement).checked).toBe(true);
    for (const [data] of onChange.mock.calls) expect(data).not.toHaveProperty('showTitle');
    fireEvent.click(screen.getByLabelText('Show title'));
    expect(onChange.mock.calls.at(-1)![0]).toEqual({ showTitle: false });
  });

  it('money: a $ box with two decimals, a number in the data', () => {
    const { last } = show({ price: 14.5 });
    const input = screen.getByLabelText('Price') as HTMLInputElement;
    expect(input.value).toBe('14.50');
    expect(input.closest('.studio-money')!.textContent).toContain('$');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '20.' } });
    expect(input.value).toBe('20.');
    fireEvent.change(input, { target: { value: '$1,020.5' } });
    expect(last().price).toBe(1020.5);
    fireEvent.blur(input);
    expect(input.value).toBe('1020.50');
  });

  it('date: the browser date input, YYYY-MM-DD in the data', () => {
    const { last } = show({ publishDate: '2026-01-06' });
    const input = screen.getByLabelText('Publish date') as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.value).toBe('2026-01-06');
    fireEvent.change(input, { target: { value: '2026-02-03' } });
    expect(last().publishDate).toBe('2026-02-03');
  });

  it('formatted text: edited as it looks, by toolbar and keyboard, stored as the same HTML subset', async () => {
    const { last, onChange } = show({ html: '<p>Hello world</p>' });
    const area = screen.getByRole('textbox', { name: 'Text' });
    expect(area.getAttribute('contenteditable')).toBe('true');
    expect(area.querySelector('p')!.textContent).toBe('Hello world');
    // Opening a text never rewrites it.
    expect(onChange.mock.calls.map((c) => (c[0] as { html: string }).html)).not.toContainEqual(expect.not.stringMatching(/^<p>Hello world<\/p>$/));
    const editor = editorOf(area);
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    act(() => editor.commands.setTextSelection({ from: 7, to: 12 }));
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Bold (Ctrl+B)' }));
    expect(last().html).toBe('<p>Hello <strong>world</strong></p>');
    expect(within(toolbar).getByRole('button', { name: 'Bold (Ctrl+B)' }).getAttribute('aria-pressed')).toBe('true');
    act(() => editor.commands.setTextSelection({ from: 1, to: 6 }));
    fireEvent.keyDown(area, { key: 'i', code: 'KeyI', ctrlKey: true });
    expect(last().html).toBe('<p><em>Hello</em> <strong>world</strong></p>');
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Heading (Ctrl+Alt+2)' }));
    expect(last().html).toBe('<h2><em>Hello</em> <strong>world</strong></h2>');
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Bulleted list (Ctrl+Shift+8)' }));
    expect(last().html).toBe('<ul><li><p><em>Hello</em> <strong>world</strong></p></li></ul>');
    for (const name of ['Paragraph', 'Subheading (Ctrl+Alt+3)', 'Italic (Ctrl+I)', 'Numbered list (Ctrl+Shift+7)']) expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
  });

  it('formatted text: a link to a page chosen from the site, or an address; Ctrl+K opens it', () => {
    const { last } = show({ html: '<p>Visit our showroom</p>' });
    const area = screen.getByRole('textbox', { name: 'Text' });
    const editor = editorOf(area);
    act(() => editor.commands.setTextSelection({ from: 11, to: 19 }));
    fireEvent.keyDown(area, { key: 'k', code: 'KeyK', ctrlKey: true });
    const panel = screen.getByRole('group', { name: 'Link' });
    const pages = within(panel).getByLabelText('Goes to') as HTMLSelectElement;
    // Pages by title and address, with a fixed address: a pattern such as /products/:slug is no page to link to.
    expect([...pages.options].map((o) => o.textContent)).toEqual(['Choose a page…', 'Contact Us · /contact', '/', 'Another address…']);
    fireEvent.change(pages, { target: { value: '/contact' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Insert link' }));
    expect(last().html).toBe('<p>Visit our <a href="/contact">showroom</a></p>');
    // An address the block would drop is refused where it is typed.
    act(() => editor.commands.setTextSelection({ from: 1, to: 6 }));
    fireEvent.click(screen.getByRole('button', { name: 'Link (Ctrl+K)' }));
    const picker = within(screen.getByRole('group', { name: 'Link' }));
    fireEvent.change(picker.getByLabelText('Goes to'), { target: { value: [...(picker.getByLabelText('Goes to') as HTMLSelectElement).options].at(-1)!.value } });
    fireEvent.change(picker.getByLabelText('Address'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert link' }));
    expect(screen.getByRole('alert').textContent).toMatch(/type an address starting with \//);
    expect(last().html).toBe('<p>Visit our <a href="/contact">showroom</a></p>');
  });

  it('formatted text: pasted from Word or Google Docs keeps headings, bold, italic, links and lists, nothing else', () => {
    const { last } = show({ html: '' });
    const editor = editorOf(screen.getByRole('textbox', { name: 'Text' }));
    const word =
      '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style></head><body>' +
      '<h1 style="mso-outline-level:1"><span style="font-family:Calibri;color:#2F5496">Our Austin showroom</span></h1>' +
      '<p class="MsoNormal"><b><span style="font-size:14pt">Walnut</span></b> and <i>oak</i> <span style="color:red;background:yellow">cabinets</span><o:p></o:p></p>' +
      '<table><tr><td>Open <u>daily</u></td></tr></table><img src="file:///C:/x.png"><script>alert(1)</script>' +
      '<p class="MsoListParagraph"><a href="https://example.com/" target="_blank" class="x" style="color:blue">Directions</a></p>' +
      '<ol start="1"><li><font face="Arial">Free design visit</font></li></ol></body></html>';
    // jsdom has no ClipboardEvent; ProseMirror makes one for a paste it is handed.
    globalThis.ClipboardEvent ??= class extends Event {} as unknown as typeof ClipboardEvent;
    act(() => editor.view.pasteHTML(word));
    const html = last().html as string;
    expect(html).toContain('<strong>Walnut</strong> and <em>oak</em> cabinets');
    expect(html).toContain('<h2>Our Austin showroom</h2>');
    expect(html).toContain('<a href="https://example.com/">Directions</a>');
    expect(html).toContain('<ol><li><p>Free design visit</p></li></ol>');
    expect(html).toContain('Open daily');
    expect(html).not.toMatch(/style=|class=|target=|<span|<table|<img|<u>|<font|script|alert|<h1/);
    // Google Docs wraps everything in a <b> of normal weight and marks bold with a style.
    act(() => editor.commands.setContent(''));
    act(() => editor.view.pasteHTML('<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><p dir="ltr"><span style="font-weight:700;">Free</span><span style="font-weight:400;"> delivery</span></p></b>'));
    expect(last().html).toBe('<p><strong>Free</strong> delivery</p>');
  });

  it('formatted text: the HTML one click away, and back, with what was typed there', () => {
    const { last } = show({ html: '<p>Hello</p>' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit as HTML' }));
    const source = screen.getByLabelText('Text') as HTMLTextAreaElement;
    expect(source.tagName).toBe('TEXTAREA');
    expect(source.value).toBe('<p>Hello</p>');
    fireEvent.change(source, { target: { value: '<h3>Hello</h3><p>there</p>' } });
    expect(last().html).toBe('<h3>Hello</h3><p>there</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Edit as formatted text' }));
    const area = screen.getByRole('textbox', { name: 'Text' });
    expect(area.querySelector('h3')!.textContent).toBe('Hello');
    expect(area.querySelector('p')!.textContent).toBe('there');
  });

  it('image: a picture uploaded from the picker is chosen at once, its alt text, width and height beside it', async () => {
    const src = '/images/uploads/dallas-showroom-f005ef5a47.jpg';
    const uploadImage = vi.fn(() =>
      Promise.resolve({ src, alt: 'The Dallas showroom', width: 1800, height: 1200, mediaType: 'image/jpeg', byteSize: 1, uploadedBy: operators.editor.email, createdAt: null, copies: [], usedOn: [] }),
    );
    const onChange = vi.fn();
    const imageSchema: RJSFSchema = {
      type: 'object',
      properties: {
        image: {
          type: 'object',
          properties: {
            src: { type: 'string', minLength: 1, description: 'Path of the image, e.g. /images/banner-home.svg.' },
            alt: { type: 'string', description: 'Alternative text read by screen readers.' },
            width: { type: 'integer', minimum: 1, description: 'Intrinsic width in pixels.' },
            height: { type: 'integer', minimum: 1, description: 'Intrinsic height in pixels.' },
          },
        },
      },
    };
    renderInStudio(
      <Form
        schema={imageSchema}
        validator={validator}
        formData={{ image: { src: '/images/banner-home.svg', alt: 'The old banner' } }}
        formContext={context}
        widgets={studioWidgets}
        templates={studioTemplates}
        experimental_defaultFormStateBehavior={defaultFormStateBehavior}
        onChange={(e) => onChange(e.formData)}
      />,
      { client: fakeClient({ uploadImage }), operator: operators.editor },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Choose…' }));
    const file = new File(['jpeg'], 'Dallas showroom.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Picture to upload'), { target: { files: [file] } });
    fireEvent.change(screen.getByLabelText(/^Alt text: what the image shows/), { target: { value: 'The Dallas showroom' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0]).toEqual({ image: { src, alt: 'The Dallas showroom', width: 1800, height: 1200 } }));
    expect(uploadImage).toHaveBeenCalledWith(file, 'The Dallas showroom');
  });

  it("image: the path, its thumbnail, and a picker of the site's images", () => {
    const { last } = show({ src: '/images/banner-home.svg' });
    const input = screen.getByLabelText('Image file') as HTMLInputElement;
    expect(input.closest('.studio-image-picker')!.querySelector('img')!.getAttribute('src')).toBe('/images/banner-home.svg');
    fireEvent.click(screen.getByRole('button', { name: 'Choose…' }));
    const panel = screen.getByRole('group', { name: "The site's images" });
    expect([...panel.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual(demoSite.images);
    fireEvent.change(within(panel).getByLabelText('Filter images'), { target: { value: 'floor' } });
    fireEvent.click(within(panel).getByRole('button', { name: /card-flooring/ }));
    expect(last().src).toBe('/images/card-flooring.svg');
    fireEvent.change(input, { target: { value: '/images/nope.svg' } });
    expect(screen.getByText('The content folder has no image /images/nope.svg.')).toBeTruthy();
  });

  it('references: a select of existing names (a missing one kept and marked), a link chosen from pages or typed', () => {
    const { last } = show({ form: 'contactt', path: '/contact' });
    const select = screen.getByLabelText('Form') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choose a form…', 'contactt (not found)', 'claim', 'contact', 'newsletter']);
    expect(select.value).toBe('contactt');
    expect(screen.getByText('No form is named “contactt”.')).toBeTruthy();
    fireEvent.change(select, { target: { value: 'contact' } });
    expect(last().form).toBe('contact');
    // A link is chosen by the page it goes to, by title and address.
    const path = screen.getByLabelText('Path') as HTMLSelectElement;
    expect(path.tagName).toBe('SELECT');
    expect([...path.options].map((o) => o.textContent)).toEqual(['Choose a page…', 'Contact Us · /contact', '/', 'Another address…']);
    expect(path.value).toBe('/contact');
    fireEvent.change(path, { target: { value: '/' } });
    expect(last().path).toBe('/');
    // Or typed: another site, or a page whose address takes a value.
    fireEvent.change(path, { target: { value: path.options[path.options.length - 1]!.value } });
    expect(last().path).toBe('/');
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'https://example.com/catalogue' } });
    expect(last().path).toBe('https://example.com/catalogue');
    expect(path.value).toBe(path.options[path.options.length - 1]!.value);
  });

  it('references: a link that is no page opens with its address typed, unchanged', () => {
    const { onChange } = show({ path: '/products/shaker' });
    expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe('/products/shaker');
    expect((screen.getByLabelText('Path') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Another address…');
    expect(onChange.mock.calls.every(([data]) => (data as { path?: string }).path === '/products/shaker')).toBe(true);
  });
});

describe('rich-text edits', () => {
  it('wrap lines in headings and lists, and escape a link address', () => {
    expect(applyRichTextCommand('a\nb\nc', 2, 3, 'heading').text).toBe('a\n<h2>b</h2>\nc');
    expect(applyRichTextCommand('one\ntwo', 0, 7, 'bullets').text).toBe('<ul>\n  <li>one</li>\n  <li>two</li>\n</ul>');
    expect(applyRichTextCommand('one\ntwo', 0, 7, 'numbers').text).toBe('<ol>\n  <li>one</li>\n  <li>two</li>\n</ol>');
    expect(applyRichTextCommand('x', 0, 1, 'paragraph').text).toBe('<p>x</p>');
    expect(applyRichTextCommand('go', 0, 2, { link: '/a?b=1&c="2"' }).text).toBe('<a href="/a?b=1&amp;c=&quot;2&quot;">go</a>');
    expect(applyRichTextCommand('ab', 1, 1, 'bold')).toEqual({ text: 'a<strong></strong>b', start: 9, end: 9 });
  });
});
