// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProblemStore, referenceNames, type EditorFormContext } from '../editor-context';
import { defaultFormStateBehavior, studioTemplates, studioWidgets } from '../form-parts';
import { demoSite } from '../testing/fake-studio-server';
import { applyRichTextCommand } from './rich-text-edits';

afterEach(cleanup);

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

  it('rich text: a text area with a formatting toolbar and Ctrl+B', () => {
    const { last } = show({ html: 'Hello world' });
    const area = screen.getByLabelText('Text') as HTMLTextAreaElement;
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    area.setSelectionRange(6, 11);
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Bold (Ctrl+B)' }));
    expect(last().html).toBe('Hello <strong>world</strong>');
    area.setSelectionRange(0, 5);
    fireEvent.keyDown(area, { key: 'i', ctrlKey: true });
    expect(last().html).toBe('<em>Hello</em> <strong>world</strong>');
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Link' }));
    fireEvent.change(screen.getByLabelText('Link address'), { target: { value: '/contact' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert link' }));
    expect(last().html).toMatch(/<a href="\/contact">/);
    for (const name of ['Paragraph', 'Heading', 'Subheading', 'Italic (Ctrl+I)', 'Bulleted list', 'Numbered list']) expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
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

  it('references: a select of existing names (a missing one kept and marked), a combobox of route paths', () => {
    const { last } = show({ form: 'contactt', path: '/contact' });
    const select = screen.getByLabelText('Form') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choose a form…', 'contactt (not found)', 'claim', 'contact', 'newsletter']);
    expect(select.value).toBe('contactt');
    expect(screen.getByText('No form is named “contactt”.')).toBeTruthy();
    fireEvent.change(select, { target: { value: 'contact' } });
    expect(last().form).toBe('contact');
    const path = screen.getByLabelText('Path') as HTMLInputElement;
    const list = document.getElementById(path.getAttribute('list')!)!;
    expect([...list.querySelectorAll('option')].map((o) => o.getAttribute('value'))).toEqual(['/', '/contact']);
    // Chosen by the page it goes to.
    expect(list.querySelector('option[value="/contact"]')!.getAttribute('label')).toBe('Contact Us · /contact');
    expect(screen.getByText('Goes to the page “Contact Us”.')).toBeTruthy();
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
