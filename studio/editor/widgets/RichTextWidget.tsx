/**
 * Rich text as what it is saved as (the sanitised HTML subset of a rich-text block): a text area
 * with a formatting toolbar (paragraph, heading, bold, italic, bulleted and numbered list, link) and
 * Ctrl/⌘+B and +I. Plain buttons and a plain text area: every screen reader and keyboard knows them,
 * and what is saved is exactly what is seen. The live preview shows the result.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { applyRichTextCommand, type RichTextCommand } from './rich-text-edits';

const BUTTONS: { command: Exclude<RichTextCommand, { link: string }>; label: string; text: string }[] = [
  { command: 'paragraph', label: 'Paragraph', text: '¶' },
  { command: 'heading', label: 'Heading', text: 'H2' },
  { command: 'subheading', label: 'Subheading', text: 'H3' },
  { command: 'bold', label: 'Bold (Ctrl+B)', text: 'B' },
  { command: 'italic', label: 'Italic (Ctrl+I)', text: 'I' },
  { command: 'bullets', label: 'Bulleted list', text: '•' },
  { command: 'numbers', label: 'Numbered list', text: '1.' },
];

export function RichTextWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, options, htmlName } = props;
  const area = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<[number, number] | null>(null);
  const selectionForLink = useRef<[number, number]>([0, 0]);
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');
  const text = typeof value === 'string' ? value : '';
  const locked = disabled || readonly;

  useLayoutEffect(() => {
    const sel = pendingSelection.current;
    if (sel && area.current) {
      pendingSelection.current = null;
      area.current.focus();
      area.current.setSelectionRange(sel[0], sel[1]);
    }
  });

  const run = (command: RichTextCommand, range?: [number, number]) => {
    const el = area.current;
    if (!el || locked) return;
    const [start, end] = range ?? [el.selectionStart, el.selectionEnd];
    const edit = applyRichTextCommand(text, start, end, command);
    pendingSelection.current = [edit.start, edit.end];
    onChange(edit.text === '' ? options.emptyValue : edit.text);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    const key = e.key.toLowerCase();
    if (key === 'b' || key === 'i') {
      e.preventDefault();
      run(key === 'b' ? 'bold' : 'italic');
    }
  };

  const startLink = () => {
    const el = area.current;
    selectionForLink.current = el ? [el.selectionStart, el.selectionEnd] : [text.length, text.length];
    setHref('');
    setLinking(true);
  };
  const insertLink = () => {
    if (href.trim()) run({ link: href.trim() }, selectionForLink.current);
    setLinking(false);
  };

  return (
    <div className="studio-rich-text">
      {!locked && (
        <div className="studio-rich-text__toolbar" role="toolbar" aria-label="Formatting" aria-controls={id}>
          {BUTTONS.map((b) => (
            <button key={b.command} type="button" className="studio-button studio-button--icon" aria-label={b.label} title={b.label} onMouseDown={(e) => e.preventDefault()} onClick={() => run(b.command)}>
              {b.text}
            </button>
          ))}
          <button type="button" className="studio-button studio-button--icon" aria-label="Link" title="Link" aria-expanded={linking} onMouseDown={(e) => e.preventDefault()} onClick={startLink}>
            Link
          </button>
        </div>
      )}
      {linking && (
        <div className="studio-rich-text__link" role="group" aria-label="Insert a link">
          <label>
            Link address
            <input
              type="text"
              value={href}
              autoFocus
              placeholder="/contact or https://…"
              onChange={(e) => setHref(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  insertLink();
                } else if (e.key === 'Escape') {
                  e.preventDefault();
                  setLinking(false);
                  area.current?.focus();
                }
              }}
            />
          </label>
          <button type="button" className="studio-button" onClick={insertLink}>
            Insert link
          </button>
          <button
            type="button"
            className="studio-button studio-button--quiet"
            onClick={() => {
              setLinking(false);
              area.current?.focus();
            }}
          >
            Cancel
          </button>
        </div>
      )}
      <textarea
        ref={area}
        id={id}
        name={htmlName || id}
        className="form-control studio-rich-text__area"
        rows={8}
        spellCheck
        value={text}
        required={required}
        readOnly={readonly}
        disabled={disabled}
        autoFocus={autofocus}
        aria-describedby={ariaDescribedByIds(id)}
        onKeyDown={onKeyDown}
        onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
    </div>
  );
}
