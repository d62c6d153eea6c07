/**
 * Formatted text edited as it will look (TipTap): headings, bold, italic, links, lists, by toolbar
 * and by keyboard (Ctrl/⌘+B, +I, +K for a link, Ctrl/⌘+Alt+2 to 4 for headings, Ctrl/⌘+Shift+8 and
 * +7 for lists). The document model holds only what a rich-text block keeps
 * (./formatted-text-schema.ts), so text pasted from Word or Google Docs keeps its headings, bold,
 * italic, links and lists and nothing else. What is saved is the same HTML subset as before; an
 * unedited text is never rewritten. "Edit as HTML" shows the source in the text area
 * (./RichTextWidget.tsx), one click away and back.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { richTextHrefAllowed } from '../../../schemas/blocks/rich-text-policy';
import type { EditorFormContext } from '../editor-context';
import { humanLabel } from '../field-labels';
import { formattedTextExtensions, pastedHtml, storedHtml } from './formatted-text-schema';
import { linkablePages, PageLinkPicker, type LinkablePage } from './PageLinkPicker';
import { RichTextWidget } from './RichTextWidget';

type Mark = 'bold' | 'italic';
interface Button {
  label: string;
  text: string;
  run: (e: Editor) => void;
  active: (e: Editor) => boolean;
}

const BUTTONS: Button[] = [
  { label: 'Paragraph', text: '¶', run: (e) => e.chain().focus().setParagraph().run(), active: (e) => e.isActive('paragraph') && !e.isActive('bulletList') && !e.isActive('orderedList') },
  { label: 'Heading (Ctrl+Alt+2)', text: 'H2', run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(), active: (e) => e.isActive('heading', { level: 2 }) },
  { label: 'Subheading (Ctrl+Alt+3)', text: 'H3', run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), active: (e) => e.isActive('heading', { level: 3 }) },
  ...(['bold', 'italic'] as Mark[]).map(
    (mark): Button => ({
      label: mark === 'bold' ? 'Bold (Ctrl+B)' : 'Italic (Ctrl+I)',
      text: mark === 'bold' ? 'B' : 'I',
      run: (e) => e.chain().focus().toggleMark(mark).run(),
      active: (e) => e.isActive(mark),
    }),
  ),
  { label: 'Bulleted list (Ctrl+Shift+8)', text: '•', run: (e) => e.chain().focus().toggleBulletList().run(), active: (e) => e.isActive('bulletList') },
  { label: 'Numbered list (Ctrl+Shift+7)', text: '1.', run: (e) => e.chain().focus().toggleOrderedList().run(), active: (e) => e.isActive('orderedList') },
];

export function FormattedTextWidget(props: WidgetProps) {
  const [source, setSource] = useState(false);
  const locked = props.disabled || props.readonly;
  return (
    <div className="studio-formatted-text">
      {!locked && (
        <button type="button" className="studio-button studio-button--quiet studio-formatted-text__mode" aria-pressed={source} onClick={() => setSource((s) => !s)}>
          {source ? 'Edit as formatted text' : 'Edit as HTML'}
        </button>
      )}
      {source ? <RichTextWidget {...props} /> : <VisualEditor {...props} />}
    </div>
  );
}

function VisualEditor(props: WidgetProps) {
  const { id, value, disabled, readonly, autofocus, onChange, onBlur, onFocus, options, registry, label } = props;
  const context = registry.formContext as EditorFormContext | undefined;
  const text = typeof value === 'string' ? value : '';
  const locked = disabled || readonly;
  // What this editor last handed up: a new value that is not it came from elsewhere (the HTML view, a restore).
  const emitted = useRef(text);
  const [linking, setLinking] = useState(false);
  const openLink = useRef(() => setLinking(true));

  const editor = useEditor({
    extensions: formattedTextExtensions(),
    // The studio's policy allows no inline <style>: ProseMirror's few rules are in EditorPage.css.
    injectCSS: false,
    content: text,
    editable: !locked,
    autofocus: autofocus ? 'end' : false,
    editorProps: {
      attributes: {
        id,
        class: 'studio-formatted-text__area',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': humanLabel(label || 'Text'),
        'aria-describedby': ariaDescribedByIds(id),
      },
      transformPastedHTML: pastedHtml,
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          openLink.current();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = storedHtml(e.getHTML());
      emitted.current = html;
      onChange(html === '' ? options.emptyValue : html);
    },
    onBlur: ({ editor: e }) => onBlur(id, storedHtml(e.getHTML())),
    onFocus: ({ editor: e }) => onFocus(id, storedHtml(e.getHTML())),
  });

  useEffect(() => {
    if (!editor || text === emitted.current) return;
    emitted.current = text;
    editor.commands.setContent(text, { emitUpdate: false });
  }, [editor, text]);

  useEffect(() => {
    // Without emitting an update: opening a text must not rewrite it.
    if (editor && editor.isEditable === locked) editor.setEditable(!locked, false);
  }, [editor, locked]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => (e ? { buttons: BUTTONS.map((b) => b.active(e)), link: e.isActive('link'), href: (e.getAttributes('link').href as string | undefined) ?? '' } : null),
  });

  return (
    <>
      {!locked && editor && (
        <div className="studio-rich-text__toolbar" role="toolbar" aria-label="Formatting" aria-controls={id}>
          {BUTTONS.map((b, i) => (
            <button key={b.label} type="button" className="studio-button studio-button--icon" aria-label={b.label} title={b.label} aria-pressed={active?.buttons[i] ?? false} onMouseDown={(e) => e.preventDefault()} onClick={() => b.run(editor)}>
              {b.text}
            </button>
          ))}
          <button type="button" className="studio-button studio-button--icon" aria-label="Link (Ctrl+K)" title="Link (Ctrl+K)" aria-pressed={active?.link ?? false} aria-expanded={linking} onMouseDown={(e) => e.preventDefault()} onClick={() => setLinking(true)}>
            Link
          </button>
        </div>
      )}
      {linking && editor && <LinkPanel editor={editor} current={active?.href ?? ''} pages={linkablePages(context?.names.route ?? [], context?.pageTitles)} onClose={() => setLinking(false)} />}
      <EditorContent editor={editor} className="studio-formatted-text__frame" />
    </>
  );
}

/** The link of the selection: a page of the site chosen by its title and address, or an address typed. */
function LinkPanel({ editor, current, pages, onClose }: { editor: Editor; current: string; pages: readonly LinkablePage[]; onClose: () => void }) {
  const pickerId = useId();
  const [href, setHref] = useState(current);
  const [problem, setProblem] = useState('');
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = () => {
    const value = href.trim();
    if (!value) return close();
    if (!richTextHrefAllowed(value)) {
      setProblem('Choose a page, or type an address starting with /, https://, http:// or mailto:.');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    // With nothing selected, the address itself becomes the link's text.
    if (editor.state.selection.empty && !editor.isActive('link')) chain.insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs: { href: value } }] }).run();
    else chain.setLink({ href: value }).run();
    onClose();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
      e.preventDefault();
      apply();
    }
  };
  return (
    <div className="studio-rich-text__link" role="group" aria-label="Link" onKeyDown={onKeyDown}>
      <div className="studio-rich-text__link-target">
        <label htmlFor={pickerId}>Goes to</label>
        <PageLinkPicker id={pickerId} value={href} pages={pages} autoFocus invalid={Boolean(problem)} onChange={setHref} placeholder="/contact, https://… or mailto:…" />
      </div>
      <button type="button" className="studio-button" onClick={apply}>
        {current ? 'Change link' : 'Insert link'}
      </button>
      {current && (
        <button
          type="button"
          className="studio-button studio-button--quiet"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onClose();
          }}
        >
          Remove link
        </button>
      )}
      <button type="button" className="studio-button studio-button--quiet" onClick={close}>
        Cancel
      </button>
      {problem && (
        <p className="studio-field-warning" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
